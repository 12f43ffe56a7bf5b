/**
 * `npm run bench`: prints figures, never fails on time.
 *   build wall time and page count · JavaScript per page before interaction ·
 *   JavaScript a real Chromium loads before interaction (visitor, logged in; React's and the editor's share) ·
 *   first click to a ready editor on a throttled phone · server throughput (autocannon, 50 connections) ·
 *   Lighthouse mobile scores · the engines' figures (plagiarism: PAN measures per obfuscation level, index build
 *   and query latency, tests/bench/plagiarism.ts; reference checker: field F1 per label and style, fabricated
 *   entries, tests/bench/references-engine.ts; essay editor: harper.js suggestions per 1,000 words and lint latency,
 *   tests/bench/editor-grammar.ts).
 * Flags: --no-build (use the existing dist/), --dist=DIR (measure another build, e.g. an older commit's; implies
 * --no-build), --no-lighthouse, --no-load (skip autocannon), --no-engines, --duration=SECONDS,
 * --no-plagiarism-index (skip the 10,000/100,000-document library, which takes many minutes).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import { benchChromium, lighthouseScores } from './lighthouse.ts';
import { pageWeight } from './page-weight.ts';
import { firstClickToEditor, launchBench, scriptsBeforeInteraction } from './browser-js.ts';
import { humanizerEngineFigures } from './humanizer-engine.ts';
import { humanizerEssayFigures } from './humanizer-essays.ts';
import { humanizerModelFigures } from './humanizer-model.ts';
import { rewriterEngineFigures } from './rewriter-engine.ts';
import { editorGrammarFigures } from './editor-grammar.ts';
import { detectorEngineFigures } from './detector-engine.ts';
import { detectorV4Figures } from './detector-v4.ts';
import { referencesEngineFigures } from './references-engine.ts';
import { plagiarismEngineFigures, plagiarismIndexFigures } from './plagiarism.ts';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { hash } from '@node-rs/argon2';
import { users } from '../../server/db/schema.ts';
import { signingKey } from '../../server/services/secrets.ts';
import { startSession } from '../../server/services/sessions.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const distFlag = process.argv.find((a) => a.startsWith('--dist='))?.split('=')[1];
const dist = distFlag ?? join(root, 'dist');
const flag = (name: string) => process.argv.includes(`--${name}`);
const duration = Number(process.argv.find((a) => a.startsWith('--duration='))?.split('=')[1] ?? 10);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function countHtml(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce(
    (n, e) => n + (e.isDirectory() ? countHtml(join(dir, e.name)) : e.name.endsWith('.html') ? 1 : 0),
    0,
  );
}

if (!flag('no-build') && !distFlag) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [join(root, 'scripts/build.ts')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log(`build: ${((performance.now() - started) / 1000).toFixed(1)} s wall, ${countHtml(dist)} HTML files in dist/`);
}

console.log('\nJavaScript before interaction (module scripts with their static imports, plus inline scripts):');
for (const page of ['/en', '/ar', '/en/try-premium', '/en/login', '/en/ai-detector', '/en/plagiarism-checker', '/en/refchecker']) {
  const w = pageWeight(dist, page);
  console.log(
    `  ${page.padEnd(18)} JS ${kb(w.jsBytes).padStart(9)} raw, ${kb(w.jsGzip).padStart(8)} gzip (${w.jsFiles.length} files, ${w.inlineScriptBytes} B inline) · HTML ${kb(w.htmlGzip)} gzip · render-blocking: ${w.renderBlocking.length ? w.renderBlocking.join(', ') : 'none'}`,
  );
}

// The editor loads after the page is idle: its chunks (Tiptap and the flows) are not part of the figures above.
const astroDir = join(dist, '_astro');
const lateChunks = readdirSync(astroDir)
  .filter((f) => f.endsWith('.js'))
  .map((f) => ({ f, body: readFileSync(join(astroDir, f)) }))
  .filter(({ f, body }) => /^(HumanizerEditor|DetectorEditor)\./.test(f) || /ProseMirror|bindHumanizer|bindDetector|data-empty-actions/.test(body.toString('utf8')));
const lateRaw = lateChunks.reduce((n, c) => n + c.body.length, 0);
const lateGzip = lateChunks.reduce((n, c) => n + gzipSync(c.body).length, 0);
console.log(`  editor chunks loaded when idle (Tiptap + flows): ${kb(lateRaw)} raw, ${kb(lateGzip)} gzip in ${lateChunks.length} files`);

const config = loadConfig({ DATABASE_URL: 'memory://', LOG_LEVEL: 'silent', PORT: '0', DIST_DIR: dist, RATE_LIMIT_ALLOWLIST: '127.0.0.1', REFERENCE_LOOKUPS: 'false', LLM_EMBEDDED: 'false' });
const database = await openDatabase(config.database);
const app = await buildApp(config, { database });
// The ceiling: a route that does nothing, in the same process and run.
app.get('/api/bench-bare', async () => ({ code: 0, data: null }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const served = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

async function load(title: string, path: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url: served + path, connections: 50, duration, headers });
  const errors = result.errors + result.non2xx - (path.endsWith('aidetector') ? result['3xx'] : 0);
  console.log(
    `  ${title.padEnd(34)} ${Math.round(result.requests.average).toString().padStart(7)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  errors ${errors}`,
  );
}

const chromePath = benchChromium();
if (chromePath) {
  const browser = await launchBench(chromePath);
  // A logged-in user: a real account and session, stored the way the site stores a login.
  const [benchUser] = await database.db.insert(users).values({ email: 'bench-browser@example.edu', passwordHash: await hash('Bench password 1', { algorithm: 2 }) }).returning({ id: users.id });
  const login = await startSession(database.db, await signingKey(database.db, config.jwtSecret), benchUser!.id);
  const stored = { user: JSON.stringify({ ...login, isLoginUser: true, userInfo: { membershipLevel: 0 }, account: 'bench-browser@example.edu' }) };
  console.log('\nJavaScript a real Chromium loads before any interaction (gzip): at load (network idle) → after idle hydration (+4 s):');
  for (const page of ['/en', '/ar', '/en/ai-detector', '/en/try-premium', '/en/login', '/en/plagiarism-checker', '/en/user/subscription']) {
    const visitor = await scriptsBeforeInteraction(browser, dist, served + page);
    const member = await scriptsBeforeInteraction(browser, dist, served + page, stored);
    const line = (f: typeof visitor) => `${kb(f.atLoad.totalGzip).padStart(8)} → ${kb(f.idle.totalGzip).padStart(8)} (React ${kb(f.idle.reactGzip)}, editor ${kb(f.idle.editorGzip)})`;
    console.log(`  ${page.padEnd(22)} visitor ${line(visitor)} · logged in ${line(member)}`);
  }
  const times = await firstClickToEditor(browser, `${served}/en`);
  console.log(`\nFirst click ("Try a sample", at DOMContentLoaded) to the editor holding the sample, mobile profile (4x CPU, 150 ms RTT, 1.6 Mbit/s): median ${times[1]} ms (runs ${times.join(', ')} ms)`);
  await browser.close();
} else {
  console.log('\nBrowser figures: skipped (no Chromium; set CHROME_PATH)');
}

if (!flag('no-load')) {
console.log(`\nServer on this machine (autocannon, 50 connections, ${duration} s each, one process):`);
await load('bare Fastify route (ceiling)', '/api/bench-bare');
await load('GET /api/health (database ping)', '/api/health');
await load('GET /en (HTML, brotli)', '/en', { 'accept-encoding': 'br' });
await load('GET /en/aidetector (301)', '/en/aidetector');
const essay = Array.from({ length: 250 }, (_, i) => `word${i}`).join(' ');
const quoteRun = await autocannon({
  url: `${served}/api/calculateSettlement`,
  connections: 50,
  duration,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ shopId: 1, products: [{ productId: 9, count: 1, content: essay }], couponIds: [], currency: 'USD', extraInfo: { isUltra: false } }),
});
console.log(`  ${'POST /api/calculateSettlement (250 w)'.padEnd(34)} ${Math.round(quoteRun.requests.average).toString().padStart(7)} req/s  p50 ${quoteRun.latency.p50} ms  p99 ${quoteRun.latency.p99} ms  errors ${quoteRun.errors + quoteRun.non2xx}`);

// Accounts: 500 users with one argon2id hash (per-address login limits would otherwise stop a load test).
const passwordHash = await hash('Bench password 1', { algorithm: 2 });
const emails = Array.from({ length: 500 }, (_, i) => `bench${i}@example.edu`);
await database.db.insert(users).values(emails.map((email) => ({ email, passwordHash })));
let next = 0;
const login = await autocannon({
  url: `${served}/login`,
  connections: 50,
  duration,
  requests: [{ method: 'POST', setupRequest: (req: Record<string, unknown>) => ({ ...req, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: emails[next++ % emails.length], password: 'Bench password 1' }) }) }],
} as unknown as autocannon.Options);
console.log(`  ${'POST /login (argon2id verify)'.padEnd(34)} ${Math.round(login.requests.average).toString().padStart(7)} req/s  p50 ${login.latency.p50} ms  p99 ${login.latency.p99} ms  errors ${login.errors + login.non2xx}`);

// Refresh: a pool of live tokens; each request takes one and its answer puts the rotated one back.
const [firstUser] = await database.db.select({ id: users.id }).from(users).limit(1);
const key = await signingKey(database.db, config.jwtSecret);
const pool = (await Promise.all(Array.from({ length: 60 }, () => startSession(database.db, key, firstUser!.id)))).map((s) => s.refreshToken.token);
const refreshRun = await autocannon({
  url: `${served}/api/token/refresh`,
  connections: 50,
  duration,
  requests: [
    {
      method: 'POST',
      setupRequest: (req: Record<string, unknown>) => ({ ...req, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refreshToken: pool.shift() ?? 'pool-empty-token' }) }),
      onResponse: (_status: number, body: string) => {
        try {
          pool.push(JSON.parse(body).data.refreshToken.token);
        } catch {
          // A failed refresh loses its token; it shows in the error count.
        }
      },
    },
  ],
} as unknown as autocannon.Options);
console.log(`  ${'POST /api/token/refresh (rotation)'.padEnd(34)} ${Math.round(refreshRun.requests.average).toString().padStart(7)} req/s  p50 ${refreshRun.latency.p50} ms  p99 ${refreshRun.latency.p99} ms  errors ${refreshRun.errors + refreshRun.non2xx}`);
}

if (flag('no-lighthouse')) {
  console.log('\nLighthouse: skipped (--no-lighthouse)');
} else if (!chromePath) {
  console.log('\nLighthouse: skipped (no Chromium; set CHROME_PATH)');
} else {
  console.log('\nLighthouse (mobile preset) performance / accessibility / best-practices / SEO:');
  for (const page of ['/en', '/ar', '/en/ai-detector', '/en/try-premium']) {
    const s = await lighthouseScores(served + page, chromePath);
    console.log(`  ${page.padEnd(16)} ${s.performance} / ${s.accessibility} / ${s.bestPractices} / ${s.seo}   FCP ${s.fcp}  LCP ${s.lcp}  TBT ${s.tbt}  CLS ${s.cls}${s.failing.length ? `   below 1: ${s.failing.join(', ')}` : ''}`);
  }
}

await app.close();
await database.close();

if (!flag('no-engines')) {
  console.log('\nHumanizer engine (offline):');
  for (const line of await humanizerEngineFigures()) console.log(`  ${line}`);
  console.log('\nHumanizer on machine essays of held-out prompts (issue 13 targets; ../shared/datasets/essays):');
  for (const line of humanizerEssayFigures()) console.log(`  ${line}`);
  console.log('\nHumanizer, model engine (the embedded paraphraser; issue 27 targets):');
  for (const line of await humanizerModelFigures({ texts: 10 })) console.log(`  ${line}`);
  console.log('\nEssay rewriter (offline modes):');
  for (const line of await rewriterEngineFigures()) console.log(`  ${line}`);
  console.log('\nEssay editor grammar (harper.js; suggestions per 1,000 words and lint latency):');
  for (const line of await editorGrammarFigures()) console.log(`  ${line}`);
  console.log('\nAI detector (held-out prompt groups of ../shared/datasets/essays and detector):');
  for (const line of await detectorEngineFigures()) console.log(`  ${line}`);
  for (const line of await detectorV4Figures()) console.log(`  ${line}`);
  console.log('\nPlagiarism checker (PAN measures; PostgreSQL figures need TEST_DATABASE_URL):');
  for (const line of plagiarismEngineFigures()) console.log(`  ${line}`);
  if (!flag('no-plagiarism-index')) for (const line of await plagiarismIndexFigures()) console.log(`  ${line}`);
  console.log('\nReference checker (held-out split of ../shared/datasets/references; fabricated entries against a local Crossref-format server):');
  for (const line of await referencesEngineFigures()) console.log(`  ${line}`);
}
