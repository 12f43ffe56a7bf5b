/**
 * What a real Chromium downloads and how soon the editor answers, on the
 * served site (bench only: prints figures, asserts nothing).
 *   - JavaScript a page loads before any interaction, for a visitor and for a
 *     logged-in user, gzip sizes of the built files, with the React runtime's
 *     and the editor's share: at load (network idle), and after the islands
 *     that hydrate when idle have done so (4 s later, network idle again).
 *   - Time from the first click in the humanizer (its "Try a sample" button,
 *     clicked as soon as the page is parsed, before anything hydrated) to the
 *     editor holding the sample, on Lighthouse's mobile profile: 4x CPU
 *     slowdown, 150 ms RTT, 1.6 Mbit/s down.
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';

const gzip = (data: Buffer | string) => gzipSync(data, { level: 9 }).length;

/** How the bytes of one page split. */
export interface ScriptFigures {
  files: number;
  totalGzip: number;
  reactGzip: number;
  editorGzip: number;
}

/** A chunk is the React runtime when it carries React's or React DOM's internals; the editor when it carries ProseMirror. */
function classify(body: string): 'react' | 'editor' | 'other' {
  if (/__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE|__SECRET_INTERNALS|react-dom|react\.transitional\.element/.test(body) && !/ProseMirror/.test(body)) return 'react';
  if (/ProseMirror/.test(body)) return 'editor';
  return 'other';
}

/** The built chunks grouped: React runtime, editor (Tiptap/ProseMirror), by gzip size. */
export function chunkGroups(dist: string, files: string[]): ScriptFigures {
  const figures: ScriptFigures = { files: 0, totalGzip: 0, reactGzip: 0, editorGzip: 0 };
  for (const file of files) {
    const path = join(dist, file);
    if (!existsSync(path)) continue;
    const body = readFileSync(path);
    const size = gzip(body);
    figures.files += 1;
    figures.totalGzip += size;
    const kind = classify(body.toString('utf8'));
    if (kind === 'react') figures.reactGzip += size;
    if (kind === 'editor') figures.editorGzip += size;
  }
  return figures;
}

export async function launchBench(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
}

/** Scripts a page loads without any interaction, at load and once idle islands hydrated; inline scripts included. */
export async function scriptsBeforeInteraction(browser: Browser, dist: string, url: string, storage: Record<string, string> = {}): Promise<{ atLoad: ScriptFigures; idle: ScriptFigures }> {
  const context = await browser.newContext();
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, storage);
  const page = await context.newPage();
  const files = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') files.add(new URL(request.url()).pathname.replace(/^\//, ''));
  });
  const response = await page.goto(url, { waitUntil: 'networkidle' });
  const html = (await response?.text()) ?? '';
  const atLoad = [...files];
  // Islands hydrate when idle from 2.5 s after load (client:idle-or-interaction); a bench may wait for time.
  await page.waitForTimeout(4000);
  await page.waitForLoadState('networkidle');
  await context.close();
  const inline = [...html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/json"))[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).join('');
  const withInline = (figures: ScriptFigures) => ({ ...figures, totalGzip: figures.totalGzip + (inline ? gzip(inline) : 0) });
  return { atLoad: withInline(chunkGroups(dist, atLoad)), idle: withInline(chunkGroups(dist, [...files])) };
}

/** Milliseconds from the first click on "Try a sample" to the editor holding the sample, on a throttled phone; median of `runs`. */
export async function firstClickToEditor(browser: Browser, url: string, runs = 3): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await context.addInitScript(() => {
      document.addEventListener('click', () => ((window as unknown as { firstClick?: number }).firstClick ??= performance.now()), { capture: true });
    });
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Try a sample' }).first().click();
    const ready = await page.waitForFunction(
      () => {
        const editor = document.querySelector('.ProseMirror');
        return editor?.textContent?.includes('Gallup') ? performance.now() - ((window as unknown as { firstClick: number }).firstClick ?? 0) : 0;
      },
      undefined,
      { polling: 'raf', timeout: 60_000 },
    );
    times.push(Math.round((await ready.jsonValue()) as number));
    await context.close();
  }
  return times.sort((a, b) => a - b);
}
