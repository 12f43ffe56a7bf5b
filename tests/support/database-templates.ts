/**
 * Vitest global setup of the API projects: one migrated database to copy per test app, instead of building each
 * from nothing. A fresh in-memory PGlite runs initdb in WebAssembly (2–4 s on a loaded 2-core machine) and then
 * every migration; starting from a dumped data folder takes about half a second. On PostgreSQL, `create database
 * … template` copies a migrated database in one statement. Each test still gets its own database.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tar of a migrated PGlite data folder (`dumpDataDir('none')`), or '' when this project uses PostgreSQL. */
    pgliteSnapshot: string;
    /** A migrated PostgreSQL database that `freshPostgres` copies, or '' when there is none. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const postgres = project.config.env?.TEST_DATABASE === 'postgres';
  if (postgres) {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `template_${randomUUID().replace(/-/g, '')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.href });
    await database.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteSnapshot', '');
    return async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const folder = mkdtempSync(join(tmpdir(), 'inkwise-pglite-'));
  const file = join(folder, 'migrated.tar');
  const database = await openDatabase({ kind: 'memory' });
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  project.provide('pgliteSnapshot', file);
  project.provide('postgresTemplate', '');
  return async () => rmSync(folder, { recursive: true, force: true });
}
