import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { expect, test } from '@playwright/test';
import { translate } from '../../src/i18n/translate.ts';

/**
 * A host with neither HTTP redirects nor `_redirects`: it serves files from
 * dist/ (folder → index.html) and 404.html for anything else. The static
 * fallback pages must still get people where the Node server would.
 */
const dist = join(process.cwd(), 'dist');
const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
let server: Server;
let origin: string;

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = normalize(join(dist, pathname));
    if (file.startsWith(dist) && existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    const found = file.startsWith(dist) && existsSync(file) && statSync(file).isFile();
    const served = found ? file : join(dist, '404.html');
    res.writeHead(found ? 200 : 404, { 'content-type': types[extname(served)] ?? 'application/octet-stream' });
    createReadStream(served).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
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
