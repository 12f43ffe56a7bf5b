import { defineConfig } from 'vitest/config';

const postgres = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node', env: { TEST_DATABASE: 'memory' } } },
      // The same API suite against a real PostgreSQL when one is given (.ci/run starts one).
      ...(postgres
        ? [{ test: { name: 'api-postgres', include: ['tests/api/**/*.test.ts'], environment: 'node', env: { TEST_DATABASE: 'postgres' } } }]
        : []),
    ],
  },
});
