/**
 * `npm run bench:hardening`: figures behind issue 10's and issue 29's fixes, printed, never asserted.
 *   event-loop delay while a 2,000-word humanizer run goes (in this thread, then in the engine pool);
 *   event-loop delay under issue 29's attacks: the report and similarity PDFs of 99,000 lines of ".", the Word file
 *   of such a result, 12 parallel DOCX bombs from 6 accounts, a 200-entry reference list, a 3,300-word plagiarism
 *   check against 50 candidates, each done in this thread and then where the server does it;
 *   answer times of the account endpoints for an address with and without an account (enumeration by timing).
 */
import { createComputePool, inlineCompute, type Compute } from '../../server/jobs/compute.ts';
import { createEnginePool } from '../../server/jobs/pool.ts';
import { humanizerRunner, orderableTypes, reportRunner } from '../../server/jobs/runners.ts';
import { extractDocument } from '../../server/services/documents.ts';
import type { Report } from '../../src/domain/detector.ts';
import type { PlagiarismReport } from '../../src/domain/plagiarism.ts';
import { deflateRepeated, zipOf } from '../support/hostile-files.ts';
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

console.log('\nEvent loop under the attacks of issue 29 (longest wait of a 10 ms timer, what a health check would wait):');
const dots = '.\n'.repeat(99_000);
const sample = (await reportRunner({ orderNo: 'BENCH2', orderType: 13, content: words(300), createdAt: new Date(), extraInfo: null } as OrderRow)).format as Report;
const hugeReport: Report = { ...sample, text: dots, sentences: [] };
const hugeSimilarity: PlagiarismReport = { submissionId: 'BENCH3', submittedAt: new Date().toISOString(), fileName: null, text: dots, wordCount: 0, coverage: { documents: 0, web: false }, quotes: [], bibliographyStart: null, sources: [], matches: [], engineVersion: 'plagiarism-1' };
const referenceList = Array.from({ length: 200 }, (_, i) => `Author${i}, A. B., & Writer, C. (20${10 + (i % 15)}). A study of topic number ${i} in higher education. Journal of Studies, ${i % 40}(2), ${i}–${i + 9}. https://doi.org/10.1234/js.${i}`).join('\n');
const essayWords = (n: number, offset: number) => Array.from({ length: n }, (_, i) => `w${(i * 7 + offset) % 2000}`).join(' ');
const checked = essayWords(3_300, 0);
const candidates = Array.from({ length: 50 }, (_, i) => essayWords(2_000, i * 13));
const attacks: [string, (compute: Compute) => Promise<unknown>][] = [
  ['report PDF, 99,000 lines of "."', (c) => c.run('reportPdf', { report: hugeReport, locale: 'en' })],
  ['similarity PDF, the same text', (c) => c.run('plagiarismPdf', { report: hugeSimilarity, exclusions: { quotes: true, bibliography: true, minWords: 8, sources: [] }, locale: 'en' })],
  ['Word file of such a result', (c) => c.run('wordFile', { text: dots, title: 'BENCH' })],
  ['reference list of 200 entries', (c) => c.run('analyzeReferences', { text: referenceList })],
  ['plagiarism, 3,300 words × 50', async (c) => {
    await c.run('plagiarismHashes', { text: checked });
    await c.run('plagiarismAlign', { text: checked, sources: candidates });
  }],
];
const computePool = createComputePool();
await computePool.run('analyzeReferences', { text: 'Warm, A. (2020). Up. Journal, 1, 1.' });
for (const [label, attack] of attacks) {
  const here = await loopDelayDuring(() => attack(inlineCompute()));
  const there = await loopDelayDuring(() => attack(computePool));
  console.log(`  ${label.padEnd(34)} in this thread: ${here.max.toFixed(0).padStart(5)} ms of ${here.took.toFixed(0).padStart(5)} ms   in the compute thread: ${there.max.toFixed(0).padStart(4)} ms of ${there.took.toFixed(0).padStart(5)} ms`);
}
await computePool.close();
// A 64 KB .docx whose document inflates to 63 MB, 12 at once from 6 accounts: the zip check runs in the extraction
// thread, after the upload gates (two extractions per process, one per account).
const bomb = zipOf([
  { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
  { name: 'word/document.xml', data: Buffer.alloc(0), deflated: { body: deflateRepeated(63 * 1024 * 1024, 0x20, true), size: 63 * 1024 * 1024 } },
]);
const uploads = await loopDelayDuring(() => Promise.allSettled(Array.from({ length: 12 }, (_, i) => extractDocument(bomb, `owner${i % 6}`))));
console.log(`  12 DOCX bombs of ${(bomb.length / 1024).toFixed(0)} KB at once, 6 accounts:    longest wait ${uploads.max.toFixed(0)} ms over ${uploads.took.toFixed(0)} ms`);

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
