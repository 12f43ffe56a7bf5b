import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { expect, test } from '@playwright/test';
import { translate } from '../../src/i18n/translate.ts';

/**
 * A host with neither HTTP redirects nor `_redirects`: it serves files from
 * dist/ (folder → index.html) and 404.html for anything else, with the headers of
 * the `/*` rule of `_headers` (the site-wide Content-Security-Policy among them),
 * as a CDN would. The static fallback pages must still get people where the Node
 * server would, without a CSP violation.
 */
const dist = join(process.cwd(), 'dist');
/** The `/*` rule of dist/_headers, as a CDN applies it to every file. */
function siteHeaders(): Record<string, string> {
  const lines = readFileSync(join(dist, '_headers'), 'utf8').split('\n');
  const start = lines.indexOf('/*');
  const headers: Record<string, string> = {};
  for (const line of lines.slice(start + 1)) {
    const match = /^\s+([\w-]+):\s*(.+)$/.exec(line);
    if (!match) break;
    headers[match[1]!.toLowerCase()] = match[2]!;
  }
  return headers;
}
const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.wasm': 'application/wasm' };
let server: Server;
let origin: string;

let headers: Record<string, string>;
test.beforeAll(async () => {
  headers = siteHeaders();
  // 'wasm-unsafe-eval' (WebAssembly compilation only, never eval) when the build made WebAssembly: the editor's grammar worker runs under this one policy on a static host (docs/decisions/0024).
  expect(headers['content-security-policy']).toMatch(/script-src 'self'( 'wasm-unsafe-eval')?( 'sha256-[\w+/=]+')*;/);
  server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = normalize(join(dist, pathname));
    if (file.startsWith(dist) && existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    const found = file.startsWith(dist) && existsSync(file) && statSync(file).isFile();
    const served = found ? file : join(dist, '404.html');
    res.writeHead(found ? 200 : 404, { ...headers, 'content-type': types[extname(served)] ?? 'application/octet-stream' });
    createReadStream(served).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** Collects every CSP violation of the page (the init script is exempt from the page's CSP); none is allowed. */
let violations: string[] = [];
test.beforeEach(async ({ page }) => {
  violations = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => void (window as unknown as { reportCspViolation(t: string): void }).reportCspViolation(`${e.violatedDirective} on ${location.pathname}`));
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/.test(message.text())) violations.push(message.text());
  });
});
test.afterEach(() => {
  expect(violations).toEqual([]);
});

test('[SITE-05] alias fallback pages redirect without server help', async ({ page }) => {
  await page.goto(`${origin}/fr/aidetector`);
  await expect(page).toHaveURL(`${origin}/fr/ai-detector`);
  await page.goto(`${origin}/reference-checker`);
  await expect(page).toHaveURL(`${origin}/en/refchecker`);
});

test('[SITE-02] [SITE-04] 404.html sends unknown locales to the default locale and unknown paths to their locale’s not-found page', async ({ page }) => {
  await page.goto(`${origin}/xx/signup`);
  await expect(page).toHaveURL(`${origin}/en/signup`);
  await page.goto(`${origin}/it/no-such-page`);
  await expect(page).toHaveURL(`${origin}/it/not-found`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(translate('it', 'page.notFound.title'));
});

test('[LOC-01] the chooser at / picks the browser language on a plain static host', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'ko-KR' });
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  await expect(page).toHaveURL(`${origin}/ko`);
  await page.goto(`${origin}/invite/FRIEND1`);
  await expect(page).toHaveURL(`${origin}/ko/invite?code=FRIEND1`);
  await context.close();
});

test('[TOOL-06] the essay editor’s grammar worker runs under the one policy of a static host', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(`${origin}/en/ai-editor`);
  await expect(page.locator('[data-essay-editor][data-hydrated]')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('textbox', { name: translate('en', 'editor.label') }).click();
  await page.keyboard.insertText('He go to school every day.');
  await expect(page.getByRole('list', { name: translate('en', 'editor.grammar.title') }).getByRole('button', { name: /^go ·/ })).toBeVisible({ timeout: 45_000 });
});
