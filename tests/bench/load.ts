/**
 * `npm run bench:load`: a realistic mix for 60 s against a real server process —
 * pages, quotes, logins, orders paid in beans with their result polled every
 * second, wallet and history reads — on PGlite (the embedded default, on disk) and
 * on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL, an admin URL: a fresh
 * database is made and dropped). Prints requests/s, p50/p99 per kind and errors
 * (which must be 0). Flags: --duration=SECONDS (60), --users=N (32), --db=pglite|postgres|both.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client.ts';
import { users } from '../../server/db/schema.ts';
import { moveBeans } from '../../server/services/ledger.ts';
import { signingKey } from '../../server/services/secrets.ts';
import { startSession } from '../../server/services/sessions.ts';
import { createUser } from '../../server/services/users.ts';
import { freshPostgres } from '../api/helpers.ts';
import { ProductId } from '../../src/domain/products.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const durationMs = Number(arg('duration', '60')) * 1000;
const virtualUsers = Number(arg('users', '32'));
const which = arg('db', 'both');
const password = 'Bench password 1';
const essay = (words: number, seed: number) =>
  Array.from({ length: words }, (_, i) => ['Students', 'often', 'write', 'essays', 'about', 'climate', 'policy', 'and', 'its', 'history.'][(i + seed) % 10]).join(' ');

if (!existsSync(join(root, 'dist/index.html'))) {
  console.log('bench:load: building the site first…');
  const built = spawnSync(process.execPath, [join(root, 'scripts/build.ts')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

interface Account {
  email: string;
  headers: Record<string, string>;
}

/** Accounts with beans and a session, made before the server opens the database (PGlite is one process's). */
async function seed(databaseUrl: string, count: number): Promise<Account[]> {
  const database = await openDatabase(databaseUrl.startsWith('postgres') ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dir: databaseUrl.slice('file://'.length) });
  const passwordHash = await hash(password, { algorithm: 2 });
  const key = await signingKey(database.db, undefined);
  const accounts: Account[] = [];
  for (let i = 0; i < count; i++) {
    const email = `load${i}@example.edu`;
    const user = await createUser(database.db, { email, passwordHash: null, locale: 'en', userType: '1' });
    await database.db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await moveBeans(database.db, { userId: user.id, amount: 1_000_000, reason: 'admin', ref: 'bench' });
    const session = await startSession(database.db, key, user.id);
    accounts.push({ email, headers: { authorization: `Bearer ${session.accessToken}`, 'content-type': 'application/json' } });
  }
  await database.close();
  return accounts;
}

async function startServer(databaseUrl: string): Promise<{ origin: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    // The mix measures the server, not the public Crossref/OpenAlex or the embedded model (its own bench: humanizer-model.ts).
    env: { ...process.env, PORT: process.env.PORT ?? '0', HOST: '127.0.0.1', DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', RATE_LIMIT_ALLOWLIST: '127.0.0.1', REFERENCE_LOOKUPS: 'false', LLM_EMBEDDED: 'false' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const origin = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /open (http:\/\/[^/\s]+)\/en/.exec(out);
      if (match) resolve(match[1]!.replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
  return { origin, child };
}

/** Peak resident memory of a process (VmHWM), in MB. */
function peakMb(pid: number | undefined): number | undefined {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

type Kind = 'page' | 'quote' | 'login' | 'order' | 'pay' | 'poll' | 'wallet' | 'history';
const pages = ['/en', '/en/ai-detector', '/en/try-premium', '/ar', '/fr/essay-humanizer', '/en/login'];

async function run(label: string, databaseUrl: string) {
  const accounts = await seed(databaseUrl, virtualUsers * 4);
  const server = await startServer(databaseUrl);
  const timings = new Map<Kind, number[]>();
  const errors = new Map<Kind, number>();
  let completedRuns = 0;
  const record = (kind: Kind, ms: number, ok: boolean) => {
    const list = timings.get(kind) ?? [];
    list.push(ms);
    timings.set(kind, list);
    if (!ok) errors.set(kind, (errors.get(kind) ?? 0) + 1);
  };
  async function call(kind: Kind, path: string, init: RequestInit = {}): Promise<{ code?: number; data?: Record<string, unknown> } | undefined> {
    const started = performance.now();
    try {
      const res = await fetch(server.origin + path, { ...init, headers: { 'accept-encoding': 'br', ...(init.headers ?? {}) } });
      const body = kind === 'page' ? await res.arrayBuffer().then(() => undefined) : ((await res.json()) as { code?: number; data?: Record<string, unknown> });
      record(kind, performance.now() - started, res.ok && (body === undefined || body.code === 0));
      return body;
    } catch {
      record(kind, performance.now() - started, false);
      return undefined;
    }
  }
  const deadline = Date.now() + durationMs;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: virtualUsers }, async (_, vu) => {
      let n = 0;
      while (Date.now() < deadline) {
        const account = accounts[(vu * 4 + (n % 4)) % accounts.length]!;
        const roll = (vu * 7919 + n++ * 104729) % 100;
        if (roll < 35) await call('page', pages[n % pages.length]!);
        else if (roll < 60) await call('quote', '/api/calculateSettlement', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ products: [{ productId: ProductId.HUMANIZE, count: 1, content: essay(200 + (n % 90), n) }], extraInfo: { isUltra: false } }) });
        else if (roll < 68) await call('login', '/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: account.email, password }) });
        else if (roll < 80) await call(roll % 2 ? 'wallet' : 'history', roll % 2 ? '/api/getUserWallet' : '/api/essay/history?page=1&size=10', { headers: account.headers });
        else {
          // An order paid in beans, its result polled every second as the editor does (spec §4).
          const order = await call('order', '/api/createOrder', { method: 'POST', headers: account.headers, body: JSON.stringify({ productId: ProductId.HUMANIZE, content: essay(250, n) }) });
          const orderNo = order?.data?.orderNo as string | undefined;
          if (!orderNo) continue;
          await call('pay', '/api/createPayment', { method: 'POST', headers: account.headers, body: JSON.stringify({ orderNo }) });
          for (let poll = 0; poll < 60 && Date.now() < deadline + 30_000; poll++) {
            await new Promise((resolve) => setTimeout(resolve, 1000));
            const result = await call('poll', '/api/humanizer', { method: 'POST', headers: account.headers, body: JSON.stringify({ orderNo }) });
            if (result?.code !== 0 || result.data?.data) {
              if (result?.data?.data) completedRuns += 1;
              break;
            }
          }
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const memory = peakMb(server.child.pid);
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  const all = [...timings.values()].flat().sort((a, b) => a - b);
  const pct = (list: number[], p: number) => (list.length ? list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))]!.toFixed(1) : '-');
  const totalErrors = [...errors.values()].reduce((a, b) => a + b, 0);
  console.log(`\n${label}: ${virtualUsers} users for ${seconds.toFixed(0)} s — ${all.length} requests, ${(all.length / seconds).toFixed(0)} req/s, p50 ${pct(all, 50)} ms, p99 ${pct(all, 99)} ms, errors ${totalErrors}, ${completedRuns} humanizer runs finished, server peak RSS ${memory ?? '?'} MB`);
  for (const [kind, list] of [...timings].sort()) {
    const sorted = list.sort((a, b) => a - b);
    console.log(`  ${kind.padEnd(8)} ${String(sorted.length).padStart(7)} requests  p50 ${pct(sorted, 50).padStart(7)} ms  p99 ${pct(sorted, 99).padStart(7)} ms  errors ${errors.get(kind) ?? 0}`);
  }
  return totalErrors;
}

let failed = 0;
if (which === 'pglite' || which === 'both') {
  const folder = mkdtempSync(join(tmpdir(), 'inkwise-load-'));
  try {
    failed += await run('PGlite (file, embedded default)', `file://${join(folder, 'pglite')}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (which === 'postgres' || which === 'both') {
  if (!adminUrl) console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to an admin URL)');
  else {
    const fresh = await freshPostgres(adminUrl);
    try {
      failed += await run('PostgreSQL', fresh.url);
    } finally {
      await fresh.drop();
    }
  }
}
if (failed > 0) console.log(`\n${failed} errors: see the kinds above`);
