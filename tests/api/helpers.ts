import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';

/** A test app on a fresh database: in-memory PGlite, or a new PostgreSQL database when TEST_DATABASE=postgres. */
export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * What the API projects' global setup prepared (tests/support/database-templates.ts): a migrated database to copy.
 * Empty outside Vitest (the benches import these helpers) and in projects without that setup.
 */
async function provided(key: 'pgliteSnapshot' | 'postgresTemplate'): Promise<string> {
  if (!process.env.VITEST) return '';
  const { inject } = await import('vitest');
  return inject(key) ?? '';
}

let snapshot: Blob | undefined;
async function pgliteSnapshot(): Promise<Blob | undefined> {
  const file = await provided('pgliteSnapshot');
  if (file && !snapshot) snapshot = new Blob([readFileSync(file)]);
  return snapshot;
}

export async function freshPostgres(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${randomUUID().replace(/-/g, '')}`;
  const template = await provided('postgresTemplate');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Builds the app in-process, as the server does, with overrides for the environment. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  let drop = async () => undefined as void;
  let databaseUrl = 'memory://';
  if (process.env.TEST_DATABASE === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE=postgres needs TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres');
    const fresh = await freshPostgres(adminUrl);
    databaseUrl = fresh.url;
    drop = fresh.drop;
  }
  // No test reaches the public Crossref and OpenAlex: lookups are on only where a test points them at its fake.
  const config = loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', SERVE_SITE: 'false', LLM_EMBEDDED: 'false', REFERENCE_LOOKUPS: env.CROSSREF_BASE_URL || env.OPENALEX_BASE_URL ? 'true' : 'false', PLAGIARISM_WEB: Object.keys(env).some((k) => /^PLAGIARISM_\w+_URL$/.test(k)) ? 'true' : 'false', ...env });
  const database = await openDatabase(config.database, { memorySnapshot: await pgliteSnapshot() });
  const app = await buildApp(config, { database });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/**
 * True in the PostgreSQL run of the API suite: tests whose subject does not depend on the
 * database (configuration, HTTP limits, logs) skip there, having run on PGlite, to keep the suite quick.
 */
export const secondDatabaseRun = process.env.TEST_DATABASE === 'postgres';

/** An app that sends its mail over SMTP to a local inbox the test reads (sign-up codes, links). */
export async function createMailTestApp(): Promise<{ t: TestApp; inbox: import('../support/smtp-inbox.ts').SmtpInbox }> {
  const { startSmtpInbox } = await import('../support/smtp-inbox.ts');
  const inbox = await startSmtpInbox();
  const t = await createTestApp({ SMTP_URL: inbox.url, MAIL_FROM: 'Inkwise <no-reply@inkwise.test>' });
  return { t, inbox };
}
