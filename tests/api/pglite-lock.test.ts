import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseInUseError, lockFolder, openDatabase } from '../../server/db/client.ts';

// Hole 8 of issue 10: `npm run admin` beside a running server on the same PGlite folder lost writes (balance 90, ledger 1,090).
const root = fileURLToPath(new URL('../../', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'inkwise-lock-'));
const dir = join(folder, 'pglite');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe.skipIf(process.env.TEST_DATABASE === 'postgres')('one process at a time on a PGlite folder', () => {
  // The lock is taken before PGlite starts, so these tests never wait for PGlite to create a folder.
  it('refuses a second opening while the first holds the folder, and allows it after', async () => {
    const release = lockFolder(dir);
    try {
      await expect(openDatabase({ kind: 'pglite', dir })).rejects.toThrowError(DatabaseInUseError);
      await expect(openDatabase({ kind: 'pglite', dir })).rejects.toThrowError(new RegExp(`in use by process ${process.pid}`));
    } finally {
      release();
    }
    lockFolder(dir)();
  });

  it('takes over the lock of a process that died (kill -9 leaves it behind)', () => {
    mkdirSync(folder, { recursive: true });
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: 2 ** 22 + 7, host: hostname() }));
    lockFolder(dir)();
    writeFileSync(`${dir}.lock`, 'half-written');
    lockFolder(dir)();
  });

  it('makes `npm run admin` refuse with a clear message while a server holds the folder', async () => {
    const server = lockFolder(dir);
    try {
      const admin = spawnSync(process.execPath, ['scripts/admin.ts', 'beans', 'grant', '--email', 'ana@example.edu', '--amount', '500'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: `file://${dir}` },
        encoding: 'utf8',
      });
      expect(admin.status).toBe(1);
      expect(admin.stderr).toContain(`is in use by process ${process.pid}`);
      expect(admin.stderr).toContain('Stop the server');
    } finally {
      server();
    }
  });
});
