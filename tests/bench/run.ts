/**
 * `npm run bench`: prints figures, never fails on time.
 *   build wall time and page count · JavaScript per page before interaction ·
 *   server throughput (autocannon, 50 connections) · Lighthouse mobile scores.
 * Flags: --no-build (use the existing dist/), --no-lighthouse, --duration=SECONDS.
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

const root = fileURLToPath(new URL('../../', import.meta.url));
const dist = join(root, 'dist');
const flag = (name: string) => process.argv.includes(`--${name}`);
const duration = Number(process.argv.find((a) => a.startsWith('--duration='))?.split('=')[1] ?? 10);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function countHtml(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce(
    (n, e) => n + (e.isDirectory() ? countHtml(join(dir, e.name)) : e.name.endsWith('.html') ? 1 : 0),
    0,
  );
}

if (!flag('no-build')) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [join(root, 'scripts/build.ts')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log(`build: ${((performance.now() - started) / 1000).toFixed(1)} s wall, ${countHtml(dist)} HTML files in dist/`);
}

console.log('\nJavaScript before interaction (module scripts with their static imports, plus inline scripts):');
for (const page of ['/en', '/ar', '/en/try-premium', '/en/login', '/en/ai-detector']) {
  const w = pageWeight(dist, page);
  console.log(
    `  ${page.padEnd(18)} JS ${kb(w.jsBytes).padStart(9)} raw, ${kb(w.jsGzip).padStart(8)} gzip (${w.jsFiles.length} files, ${w.inlineScriptBytes} B inline) · HTML ${kb(w.htmlGzip)} gzip · render-blocking: ${w.renderBlocking.length ? w.renderBlocking.join(', ') : 'none'}`,
  );
}

const config = loadConfig({ DATABASE_URL: 'memory://', LOG_LEVEL: 'silent', PORT: '0', DIST_DIR: dist });
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

console.log(`\nServer on this machine (autocannon, 50 connections, ${duration} s each, one process):`);
await load('bare Fastify route (ceiling)', '/api/bench-bare');
await load('GET /api/health (database ping)', '/api/health');
await load('GET /en (HTML, brotli)', '/en', { 'accept-encoding': 'br' });
await load('GET /en/aidetector (301)', '/en/aidetector');

const chromePath = benchChromium();
if (flag('no-lighthouse')) {
  console.log('\nLighthouse: skipped (--no-lighthouse)');
} else if (!chromePath) {
  console.log('\nLighthouse: skipped (no Chromium; set CHROME_PATH)');
} else {
  console.log('\nLighthouse (mobile preset) performance / accessibility / best-practices / SEO:');
  for (const page of ['/en', '/ar', '/en/try-premium']) {
    const s = await lighthouseScores(served + page, chromePath);
    console.log(`  ${page.padEnd(16)} ${s.performance} / ${s.accessibility} / ${s.bestPractices} / ${s.seo}   FCP ${s.fcp}  LCP ${s.lcp}  TBT ${s.tbt}  CLS ${s.cls}${s.failing.length ? `   below 1: ${s.failing.join(', ')}` : ''}`);
  }
}

await app.close();
await database.close();
