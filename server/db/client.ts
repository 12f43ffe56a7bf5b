import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { DatabaseTarget } from '../config.ts';
import * as schema from './schema.ts';

/** The Drizzle database, the same type on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database and how to close it. */
export interface Database {
  db: Db;
  kind: DatabaseTarget['kind'];
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Serialises migrations when several API processes start against one PostgreSQL. */
const migrationLockId = 7_310_524;

/** Another live process has the PGlite folder open (the server, usually). */
export class DatabaseInUseError extends Error {
  override name = 'DatabaseInUseError';
}

/** Lock files this process holds. */
const heldHere = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is one process's database: a second process on the same folder (the
 * admin command beside a running server) kept its own copy of the pages and
 * lost writes (hole 8 of issue 10). A lock file beside the folder names the
 * owner; a second opener refuses while that owner lives, and takes over the lock
 * of one that died (kill -9). Answers the release.
 */
export function lockFolder(dir: string): () => void {
  const path = `${dir}.lock`;
  const me = { pid: process.pid, host: hostname() };
  if (heldHere.has(path)) throw new DatabaseInUseError(`The database folder ${dir} is in use by process ${me.pid} (this one): it is already open here.`);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, JSON.stringify({ ...me, since: new Date().toISOString() }));
      closeSync(fd);
      const release = () => {
        try {
          if ((JSON.parse(readFileSync(path, 'utf8')) as { pid?: number }).pid === me.pid) unlinkSync(path);
        } catch {
          // Already gone.
        }
      };
      process.once('exit', release);
      heldHere.add(path);
      return () => {
        heldHere.delete(path);
        process.off('exit', release);
        release();
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner: { pid?: number; host?: string } = {};
    try {
      owner = JSON.parse(readFileSync(path, 'utf8')) as typeof owner;
    } catch {
      // Unreadable or half-written: treated as stale below.
    }
    const elsewhere = owner.host !== undefined && owner.host !== me.host;
    // Our own pid in a lock we do not hold is a previous run's (a restarted container is pid 1 again).
    if (typeof owner.pid === 'number' && (elsewhere || (owner.pid !== me.pid && alive(owner.pid)))) {
      throw new DatabaseInUseError(
        `The database folder ${dir} is in use by process ${owner.pid}${elsewhere ? ` on ${owner.host}` : ''} (the server, usually). ` +
          'Stop the server before running this command: PGlite keeps one process per folder, and a second one loses writes. ' +
          `Or run both against PostgreSQL (DATABASE_URL=postgres://…). If no such process runs, delete ${path}.`,
      );
    }
    try {
      unlinkSync(path);
    } catch {
      // Another process took it over first; try again.
    }
  }
  throw new DatabaseInUseError(`Could not lock the database folder ${dir}: another process keeps taking it. Delete ${path} if none should.`);
}

/**
 * Opens the database named by the configuration and brings its schema up to
 * date: PGlite in memory or on disk, or PostgreSQL through `pg`.
 */
export interface OpenOptions {
  /**
   * A data folder dumped by PGlite's `dumpDataDir()` of an already migrated database, to start an in-memory
   * database from instead of running initdb (seconds of WebAssembly) — the test suites open one per app.
   */
  memorySnapshot?: Blob;
}

export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<Database> {
  if (target.kind === 'postgres') {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // A database cut off must fail requests quickly and clearly, not hang them: bounded waits for a connection and an answer.
    const pool = new Pool({ connectionString: target.url, max: 10, connectionTimeoutMillis: 5_000, query_timeout: 30_000, keepAlive: true });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [migrationLockId]);
      await migrate(drizzle({ client, schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [migrationLockId]).catch(() => undefined);
      client.release();
    }
    return { db: drizzle({ client: pool, schema }) as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let unlock = () => {};
  if (target.kind === 'pglite') {
    mkdirSync(target.dir, { recursive: true });
    unlock = lockFolder(target.dir);
  }
  try {
    const modules = await pgliteModules();
    const client =
      target.kind === 'pglite'
        ? new PGlite(target.dir, modules)
        : new PGlite({ ...modules, ...(options.memorySnapshot ? { loadDataDir: options.memorySnapshot } : {}) });
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: target.kind,
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

let compiledModules: Promise<{ pgliteWasmModule: WebAssembly.Module; initdbWasmModule: WebAssembly.Module }> | undefined;

/**
 * PGlite's two WebAssembly modules, compiled once per process and kept for its life. Each instance used to compile
 * its own copy and let it go on close: a test worker opens dozens, and that churn of code pages is what made V8 abort
 * the API test worker ("Check failed: jit_page_->allocations_.erase(addr) == 1" in ThreadIsolation's
 * UnregisterWasmAllocation, nodejs/node#64500; no Node 24 release fixes it). Compiled once, the code is allocated
 * once and never freed while the process runs; each instance only instantiates it. See docs/decisions/0030.
 */
function pgliteModules() {
  compiledModules ??= (async () => {
    // The package's entry (dist/index.cjs) sits beside its .wasm files.
    const dist = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const compile = async (name: string) => WebAssembly.compile(await readFile(new URL(name, dist)));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([compile('pglite.wasm'), compile('initdb.wasm')]);
    return { pgliteWasmModule, initdbWasmModule };
  })();
  return compiledModules;
}

/** True when the database answers a trivial query. */
export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
