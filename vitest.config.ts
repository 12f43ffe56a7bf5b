import { defineConfig } from 'vitest/config';

const postgres = process.env.TEST_DATABASE_URL;
// Starting PGlite (WebAssembly) for a suite can take seconds on a loaded 2-core machine.
const timeouts = { hookTimeout: 60_000, testTimeout: 30_000 };

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', ...timeouts } },
      // React islands rendered into happy-dom with Testing Library (src/islands/README.md).
      { test: { name: 'components', include: ['tests/components/**/*.test.tsx'], environment: 'happy-dom', setupFiles: ['tests/components/setup.ts'], ...timeouts } },
      { test: { name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node', env: { TEST_DATABASE: 'memory' }, globalSetup: ['tests/support/database-templates.ts'], ...timeouts } },
      // The same API suite against a real PostgreSQL when one is given (.ci/run starts one).
      ...(postgres
        ? [{ test: { name: 'api-postgres', include: ['tests/api/**/*.test.ts'], environment: 'node', env: { TEST_DATABASE: 'postgres' }, globalSetup: ['tests/support/database-templates.ts'], ...timeouts } }]
        : []),
    ],
  },
});
