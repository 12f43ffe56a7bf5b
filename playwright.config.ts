import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './tests/e2e/chromium.ts';
import { e2eBibliographicPort, e2eGooglePort, e2eSmtpPort } from './tests/e2e/ports.ts';

const port = Number(process.env.E2E_PORT ?? 4399);
const executablePath = findChromium();

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'en-US',
    trace: 'off',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: { executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] } } }],
  webServer: {
    // The server itself, not `npm start`, so it stops with the tests (ARCHITECTURE.md).
    command: `"${process.execPath}" server/main.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory://',
      LOG_LEVEL: 'warn',
      // The browser suite checks the flows on the offline engines; the embedded model has its own tests
      // (tests/unit/engines/humanizer-embedded.test.ts, tests/api/humanizer-embedded.test.ts).
      LLM_EMBEDDED: 'false',
      SITE_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: `smtp://127.0.0.1:${e2eSmtpPort}`,
      MAIL_FROM: 'Inkwise <no-reply@inkwise.test>',
      // Every browser test comes from 127.0.0.1; the API tests cover the limits themselves.
      RATE_LIMIT_ALLOWLIST: '127.0.0.1',
      // Two small documents of our own in the plagiarism library (tests/e2e/plagiarism.spec.ts).
      PLAGIARISM_SOURCES: 'tests/fixtures/plagiarism-sources.jsonl',
      // No web retrieval in the browser suite (no network; tests/api/web-sources.test.ts covers it).
      PLAGIARISM_WEB: 'false',
      // Google sign-in against the local server of tests/support/fake-google.ts.
      GOOGLE_CLIENT_ID: 'test-client.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'test-secret',
      GOOGLE_ISSUER: `http://127.0.0.1:${e2eGooglePort}`,
      GOOGLE_AUTHORIZATION_ENDPOINT: `http://127.0.0.1:${e2eGooglePort}/auth`,
      GOOGLE_TOKEN_ENDPOINT: `http://127.0.0.1:${e2eGooglePort}/token`,
      GOOGLE_USERINFO_ENDPOINT: `http://127.0.0.1:${e2eGooglePort}/userinfo`,
      // Reference lookups against the local server of tests/support/fake-bibliographic.ts.
      CROSSREF_BASE_URL: `http://127.0.0.1:${e2eBibliographicPort}/crossref`,
      OPENALEX_BASE_URL: `http://127.0.0.1:${e2eBibliographicPort}/openalex`,
      REFERENCES_CONTACT_EMAIL: 'refs@inkwise.test',
    },
  },
});
