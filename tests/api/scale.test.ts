import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { orders, toolResults } from '../../server/db/schema.ts';
import { ledgerCheck } from '../../server/services/ledger.ts';
import { accountWithSession } from './fixtures.ts';
import { freshPostgres, type TestApp } from './helpers.ts';

const onPostgres = process.env.TEST_DATABASE === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) console.info('scale.test.ts: two API processes need PostgreSQL (TEST_DATABASE_URL); skipped on PGlite.');

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Starts `node server/main.ts` (API and worker) on a free port and answers its base URL. */
function startProcess(databaseUrl: string): Promise<{ child: ChildProcess; base: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['server/main.ts'], {
      cwd: root,
      env: { ...process.env, LLM_EMBEDDED: 'false', REFERENCE_LOOKUPS: 'false', PLAGIARISM_WEB: 'false', DATABASE_URL: databaseUrl, PORT: '0', SERVE_SITE: 'false', LOG_LEVEL: 'warn', RATE_LIMIT_ALLOWLIST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no start within 60 s: ${out}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /API ready at http:\/\/[^:]+:(\d+)\/api/.exec(out)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve({ child, base: `http://127.0.0.1:${port}` });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
}

describe.skipIf(!onPostgres)('two API processes with their workers on one PostgreSQL', () => {
  let drop: () => Promise<void>;
  let database: Database;
  const processes: ChildProcess[] = [];
  let bases: string[] = [];

  beforeAll(async () => {
    const fresh = await freshPostgres(process.env.TEST_DATABASE_URL!);
    drop = fresh.drop;
    // Both start at once: the migrations run once, under the advisory lock.
    const started = await Promise.all([startProcess(fresh.url), startProcess(fresh.url)]);
    processes.push(...started.map((s) => s.child));
    bases = started.map((s) => s.base);
    database = await openDatabase({ kind: 'postgres', url: fresh.url });
  }, 120_000);

  afterAll(async () => {
    for (const child of processes) child.kill('SIGTERM');
    await Promise.all(processes.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)))));
    await database?.close();
    await drop?.();
  });

  it('runs every paid order exactly once, whichever process took the order, the payment or the poll', async () => {
    const user = await accountWithSession({ database } as TestApp);
    const post = async (base: string, path: string, body: unknown) => {
      const res = await fetch(base + path, { method: 'POST', headers: { ...user.headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return (await res.json()) as { code: number; data: any; message?: string };
    };
    const text = 'Moreover, it is important to note that students in 2024 write essays about climate policy and its effects.';
    const orderNos: string[] = [];
    for (let i = 0; i < 12; i++) {
      const order = await post(bases[i % 2]!, '/api/createOrder', { productId: 9, content: `${text} Essay ${i + 1}.` });
      expect(order.code, order.message).toBe(0);
      expect((await post(bases[(i + 1) % 2]!, '/api/createPayment', { orderNo: order.data.orderNo })).code).toBe(0);
      orderNos.push(order.data.orderNo);
    }
    for (const [i, orderNo] of orderNos.entries()) {
      let result;
      for (let tries = 0; tries < 300; tries++) {
        result = await post(bases[i % 2]!, '/api/humanizer', { orderNo });
        if (result.code !== 0 || result.data.data) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(result!.data.data.type).toBe('doc');
    }
    const rows = await database.db.select({ attempts: orders.attempts, status: orders.status }).from(orders).where(inArray(orders.orderNo, orderNos));
    expect(rows.every((r) => r.status === 50 && r.attempts === 1)).toBe(true);
    const results = await database.db.select({ orderNo: toolResults.orderNo }).from(toolResults).where(inArray(toolResults.orderNo, orderNos));
    expect(results).toHaveLength(orderNos.length);
    const check = await ledgerCheck(database.db, user.id);
    expect(check.ledgerSum).toBe(check.balance);
    const [first] = await database.db.select({ beans: orders.beans }).from(orders).where(eq(orders.orderNo, orderNos[0]!));
    expect(check.entries).toBe(1 + orderNos.length);
    expect(first!.beans).toBeGreaterThan(0);
  }, 120_000);
});
