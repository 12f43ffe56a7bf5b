/**
 * `npm run bench:hardening`: figures behind issue 10's fixes, printed, never asserted.
 *   event-loop delay while a 2,000-word humanizer run goes (in this thread, then in the engine pool);
 *   answer times of the account endpoints for an address with and without an account (enumeration by timing).
 */
import { createEnginePool } from '../../server/jobs/pool.ts';
import { humanizerRunner, orderableTypes } from '../../server/jobs/runners.ts';
import type { OrderRow } from '../../server/services/orders.ts';
import { createUser } from '../../server/services/users.ts';
import { createTestApp } from '../api/helpers.ts';
import { startSmtpInbox } from '../support/smtp-inbox.ts';

const words = (n: number) =>
  Array.from({ length: n }, (_, i) => ['Moreover,', 'it', 'is', 'important', 'to', 'note', 'that', 'students', 'write', 'essays.'][i % 10]).join(' ');
const order = { orderNo: 'BENCH1', orderType: 7, content: words(2000) } as OrderRow;

/** The longest gap between ticks of a 10 ms timer while `work` goes: how long a request would wait for the loop. */
async function loopDelayDuring(work: () => Promise<unknown>) {
  let last = performance.now();
  let worst = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - 10);
    last = now;
  }, 10);
  const started = performance.now();
  await work();
  const took = performance.now() - started;
  // One more tick, so a delay caused by the work itself is recorded before measuring stops.
  await new Promise((resolve) => setTimeout(resolve, 30));
  clearInterval(ticker);
  return { took, max: worst };
}

console.log('Event loop while a 2,000-word humanizer run goes:');
const inThread = await loopDelayDuring(() => humanizerRunner(undefined)(order));
console.log(`  in the event loop's thread: run ${inThread.took.toFixed(0)} ms, longest wait of the event loop ${inThread.max.toFixed(0)} ms`);
const pool = await createEnginePool({ config: { llm: undefined }, size: 1, types: [...orderableTypes] });
await pool.run({ ...order, content: words(50) });
const pooled = await loopDelayDuring(() => pool.run(order));
console.log(`  in the engine pool:        run ${pooled.took.toFixed(0)} ms, longest wait of the event loop ${pooled.max.toFixed(0)} ms`);
await pool.close();

console.log('\nAccount answers for an address with an account and one without (median of 15, ms):');
const inbox = await startSmtpInbox();
const t = await createTestApp({ SMTP_URL: inbox.url, RATE_LIMIT_ALLOWLIST: '127.0.0.1', WORKER: 'false' });
const median = (list: number[]) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const cases: [string, (email: string) => { method: 'GET' | 'POST'; url: string; payload?: object }][] = [
  ['GET /api/forgetPassword', (email) => ({ method: 'GET', url: `/api/forgetPassword?email=${encodeURIComponent(email)}` })],
  ['POST /api/resetPassword', (email) => ({ method: 'POST', url: '/api/resetPassword', payload: { email, verifyCode: '000000', password: 'Study hard 2027' } })],
  ['POST /registerV2 (bad invite)', (email) => ({ method: 'POST', url: '/registerV2', payload: { email, password: 'Study hard 2027', verifyCode: '000000', referCode: 'NOPE' } })],
  ['POST /tryVerifyEmailCode', (email) => ({ method: 'POST', url: '/tryVerifyEmailCode', payload: { email, code: '000000' } })],
];
for (const [label, request] of cases) {
  const times: Record<'existing' | 'unknown', number[]> = { existing: [], unknown: [] };
  const pairs: { existing: string; unknown: string }[] = [];
  for (let i = 0; i < 15; i++) {
    const pair = { existing: `owner${label.length}${i}${Date.now()}@example.edu`, unknown: `nobody${label.length}${i}${Date.now()}@example.edu` };
    await createUser(t.database.db, { email: pair.existing, passwordHash: null, locale: 'en', userType: '1' });
    pairs.push(pair);
  }
  // Alternating which goes first, so neither kind always follows the other.
  for (const [i, pair] of pairs.entries()) {
    const order = i % 2 ? (['unknown', 'existing'] as const) : (['existing', 'unknown'] as const);
    for (const kind of order) {
      const started = performance.now();
      await t.app.inject(request(pair[kind]));
      times[kind].push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  console.log(`  ${label.padEnd(30)} with an account ${median(times.existing).toFixed(1).padStart(6)}   without ${median(times.unknown).toFixed(1).padStart(6)}`);
}
await t.close();
await inbox.close();
