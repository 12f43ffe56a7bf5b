import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, Socket, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { ledgerEntries, orders, toolResults, users } from '../../server/db/schema.ts';
import { MembershipLevel } from '../../src/domain/plans.ts';
import { OrderStatus } from '../../src/domain/orders.ts';
import { ProductId } from '../../src/domain/products.ts';
import { ledgerCheck, moveBeans } from '../../server/services/ledger.ts';
import { signingKey } from '../../server/services/secrets.ts';
import { startSession } from '../../server/services/sessions.ts';
import { createUser } from '../../server/services/users.ts';
import { freshPostgres } from './helpers.ts';

/**
 * The fault tests of issue 10, on a real PostgreSQL: the database cut off for a
 * while (a TCP proxy between the app and PostgreSQL is cut and restored; the
 * shared server is never stopped), and real server processes killed with SIGKILL
 * during payments and engine runs. Each order must end done or refunded, charged
 * at most once, and every wallet must equal its ledger.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DATABASE === 'postgres' && Boolean(adminUrl);
const root = fileURLToPath(new URL('../../', import.meta.url));
let faults = 0;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  if (onPostgres) console.log(`fault suite: ${faults} faults injected`);
});

/** A TCP proxy that can cut every connection and refuse new ones, then let them through again. */
async function tcpProxy(target: URL) {
  const sockets = new Set<Socket>();
  let down = false;
  const server: Server = createServer((client) => {
    if (down) return client.destroy();
    const upstream = new Socket();
    upstream.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    cut() {
      down = true;
      for (const s of sockets) s.destroy();
    },
    restore() {
      down = false;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const essay = (words: number) => Array.from({ length: words }, (_, i) => ['Students', 'often', 'write', 'essays', 'about', 'climate', 'policy', 'and', 'its', 'history.'][i % 10]).join(' ');

async function accountOn(database: Database, level: number, beans: number) {
  const user = await createUser(database.db, { email: `fault${Date.now()}${Math.random().toString(36).slice(2)}@example.edu`, passwordHash: null, locale: 'en', userType: '1' });
  await database.db.update(users).set({ membershipLevel: level }).where(eq(users.id, user.id));
  await moveBeans(database.db, { userId: user.id, amount: beans, reason: 'admin', ref: 'fault test' });
  const session = await startSession(database.db, await signingKey(database.db, undefined), user.id);
  return { id: user.id, headers: { authorization: `Bearer ${session.accessToken}`, 'content-type': 'application/json' } };
}

/** Every paid order's ledger: one payment at most, a refund only of a payment, a done order paid once with one result. */
async function checkOrders(database: Database, userIds: string[], orderNos: string[]) {
  const rows = await database.db.select().from(orders).where(inArray(orders.orderNo, orderNos));
  const ledger = await database.db.select().from(ledgerEntries).where(inArray(ledgerEntries.ref, orderNos));
  const results = await database.db.select({ orderNo: toolResults.orderNo }).from(toolResults).where(inArray(toolResults.orderNo, orderNos));
  let done = 0;
  let refunded = 0;
  for (const order of rows) {
    const own = ledger.filter((e) => e.ref === order.orderNo);
    const paid = own.filter((e) => e.reason === 'order_payment');
    const refunds = own.filter((e) => e.reason === 'order_refund');
    expect(paid.length, order.orderNo).toBeLessThanOrEqual(1);
    expect(refunds.length, order.orderNo).toBeLessThanOrEqual(paid.length);
    expect([OrderStatus.DONE, OrderStatus.ALL_REFUNDED, OrderStatus.CREATED], order.orderNo).toContain(order.status);
    if (order.status === OrderStatus.DONE) {
      done += 1;
      expect(paid.length + refunds.length, order.orderNo).toBe(order.beans > 0 ? 1 : 0);
      expect(results.filter((r) => r.orderNo === order.orderNo)).toHaveLength(1);
    }
    if (order.status === OrderStatus.ALL_REFUNDED) {
      refunded += 1;
      expect(own.reduce((n, e) => n + e.amount, 0), order.orderNo).toBe(0);
    }
    if (order.status === OrderStatus.CREATED) expect(own, order.orderNo).toEqual([]);
  }
  for (const userId of userIds) {
    const check = await ledgerCheck(database.db, userId);
    expect(check.balance).toBe(check.ledgerSum);
  }
  return { done, refunded, lost: 0, duplicated: 0 };
}

describe.skipIf(!onPostgres)('[COM-08] faults: the database cut off for a while', () => {
  it('answers a clear 503 while PostgreSQL is unreachable and recovers without a restart, charging once', async () => {
    const fresh = await freshPostgres(adminUrl!);
    cleanups.push(fresh.drop);
    const target = new URL(fresh.url);
    const proxy = await tcpProxy(target);
    cleanups.push(proxy.close);
    const viaProxy = new URL(fresh.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const config = loadConfig({ DATABASE_URL: viaProxy.href, LOG_LEVEL: 'silent', SERVE_SITE: 'false', WORKER: 'false' });
    const database = await openDatabase(config.database);
    const app = await buildApp(config, { database });
    cleanups.push(async () => {
      await app.close();
      await database.close();
    });
    const user = await accountOn(database, MembershipLevel.FREE, 500);
    const order = (await app.inject({ method: 'POST', url: '/api/createOrder', headers: user.headers, payload: { productId: ProductId.HUMANIZE, content: essay(120) } })).json();
    expect(order.code).toBe(0);

    proxy.cut();
    faults += 1;
    const during = await app.inject({ method: 'POST', url: '/api/createPayment', headers: { ...user.headers, 'accept-language': 'fr' }, payload: { orderNo: order.data.orderNo } });
    expect(during.statusCode).toBe(503);
    expect(during.json()).toEqual({ code: 500, message: 'Le service est temporairement indisponible. Réessayez dans quelques instants.' });
    expect(during.headers['retry-after']).toBe('5');
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/api/getUserWallet', headers: user.headers })).statusCode).toBe(503);

    proxy.restore();
    // No restart: the pool replaces its dead connections on the next queries.
    for (let i = 0; i < 50 && (await app.inject({ method: 'GET', url: '/api/health' })).statusCode !== 200; i++) await new Promise((r) => setTimeout(r, 100));
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // The client retries the payment that failed: it is charged exactly once, however often it is sent.
    for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'POST', url: '/api/createPayment', headers: user.headers, payload: { orderNo: order.data.orderNo } })).json().code).toBe(0);
    const ledger = await database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.ref, order.data.orderNo), eq(ledgerEntries.reason, 'order_payment')));
    expect(ledger).toHaveLength(1);
    const check = await ledgerCheck(database.db, user.id);
    expect(check.balance).toBe(check.ledgerSum);
  });
});

/** Starts `node server/main.ts` on its own port; answers its origin and the process. */
async function serverProcess(databaseUrl: string): Promise<{ origin: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: { ...process.env, LLM_EMBEDDED: 'false', REFERENCE_LOOKUPS: 'false', PLAGIARISM_WEB: 'false', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: databaseUrl, SERVE_SITE: 'false', LOG_LEVEL: 'silent', RATE_LIMIT_ALLOWLIST: '127.0.0.1', JOB_CLAIM_TIMEOUT_SECONDS: '2', ENGINE_THREADS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const origin = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /API ready at (http:\/\/[\d.]+:\d+)\/api/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before it was ready: ${out}`)));
  });
  cleanups.push(async () => child.kill('SIGKILL'));
  return { origin, child };
}

function kill(child: ChildProcess): Promise<void> {
  faults += 1;
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe.skipIf(!onPostgres)('[COM-08] [HUM-07] faults: kill -9 during payments and engine runs', () => {
  it('ends every order done or refunded, charged at most once, with every wallet equal to its ledger', async () => {
    const fresh = await freshPostgres(adminUrl!);
    cleanups.push(fresh.drop);
    let server = await serverProcess(fresh.url);
    const database = await openDatabase({ kind: 'postgres', url: fresh.url });
    cleanups.push(() => database.close());
    const pro = await accountOn(database, MembershipLevel.PREMIUM_PRO_MONTH, 5_000);
    const free = await accountOn(database, MembershipLevel.FREE, 1_000);
    const post = (origin: string, url: string, headers: Record<string, string>, body: unknown) =>
      fetch(`${origin}${url}`, { method: 'POST', headers, body: JSON.stringify(body) }).then((r) => r.json() as Promise<{ code: number; data: { orderNo: string } }>);

    // Long runs (Pro, 1,500 words) and short ones (free, 250 words), all created first.
    const orderNos: string[] = [];
    for (const [user, words, count] of [[pro, 1_500, 2], [free, 250, 4]] as const) {
      for (let i = 0; i < count; i++) {
        const created = await post(server.origin, '/api/createOrder', user.headers, { productId: ProductId.HUMANIZE, content: `${essay(words - 3)} Draft ${i}.` });
        expect(created.code).toBe(0);
        orderNos.push(created.data.orderNo);
      }
    }
    const owner = (orderNo: string) => (orderNos.indexOf(orderNo) < 2 ? pro : free);

    // Payments in flight, twice each, and the server killed once the first answers come back.
    const inFlight = orderNos.flatMap((orderNo) => [0, 1].map(() => post(server.origin, '/api/createPayment', owner(orderNo).headers, { orderNo }).catch(() => undefined)));
    await Promise.race(inFlight);
    await kill(server.child);
    await Promise.allSettled(inFlight);

    // A new process; the clients pay again what they have no answer for (payment is idempotent).
    server = await serverProcess(fresh.url);
    for (const orderNo of orderNos) expect((await post(server.origin, '/api/createPayment', owner(orderNo).headers, { orderNo })).code).toBe(0);

    // Killed again while an engine runs (a long order is being processed).
    for (let i = 0; i < 400; i++) {
      const [running] = await database.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(and(inArray(orders.orderNo, orderNos), eq(orders.status, OrderStatus.PROCESSING)));
      if (running!.n > 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    await kill(server.child);

    // The next process takes over the dead claims after the claim timeout and finishes everything.
    server = await serverProcess(fresh.url);
    for (let i = 0; i < 600; i++) {
      const open = await database.db.select({ orderNo: orders.orderNo }).from(orders).where(and(inArray(orders.orderNo, orderNos), inArray(orders.status, [OrderStatus.PAYMENT_RECEIVED, OrderStatus.PROCESSING])));
      if (open.length === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const outcome = await checkOrders(database, [pro.id, free.id], orderNos);
    expect(outcome.done + outcome.refunded).toBe(orderNos.length);
    console.log(`kill -9 suite: ${orderNos.length} orders, ${outcome.done} done, ${outcome.refunded} refunded, 0 lost, 0 charged twice`);
  }, 120_000);
});
