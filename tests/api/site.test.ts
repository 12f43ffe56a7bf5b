import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let dist: string;
const script = 'console.log("hello from a hashed bundle");'.repeat(40);

function put(relative: string, content: string) {
  const file = join(dist, relative);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'site-'));
  put('index.html', '<p>chooser</p>');
  put('404.html', '<p>not found</p>');
  put('en/index.html', '<p>home en</p>');
  put('en/not-found/index.html', '<p>en not found</p>');
  put('fr/not-found/index.html', '<p>fr not found</p>');
  put('fr/ai-detector/index.html', '<p>detecteur</p>');
  put('ko/invite/index.html', '<p>invite ko</p>');
  put('robots.txt', 'User-agent: *');
  put('_astro/app.abc123.js', script);
  writeFileSync(join(dist, '_astro/app.abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, '_astro/app.abc123.js.gz'), gzipSync(script));
  t = await createTestApp({ SERVE_SITE: 'true', DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built site served with the API', () => {
  it('[SITE-01] serves a localized page, with or without a trailing slash, revalidated on each visit', async () => {
    for (const url of ['/fr/ai-detector', '/fr/ai-detector/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('detecteur');
      expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    }
  });

  it('[SITE-05] answers an alias with a real 301 to the canonical path, keeping the query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/fr/aidetector?utm=x' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/fr/ai-detector?utm=x');
  });

  it('[SITE-03] [SITE-06] answers legacy unprefixed paths with a 301 to the default locale', async () => {
    for (const [from, to] of [['/ai-detector', '/en/ai-detector'], ['/reference-checker', '/en/refchecker'], ['/ai-writer', '/en/ai-writer'], ['/plagchecker', '/en/plagiarism-checker']]) {
      const res = await t.app.inject({ method: 'GET', url: from! });
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location).toBe(to);
    }
  });

  it('[SITE-02] [SITE-04] sends an unknown locale to the default locale with a temporary redirect, and answers an unknown path with its locale’s not-found page', async () => {
    const locale = await t.app.inject({ method: 'GET', url: '/xx/login' });
    expect(locale.statusCode).toBe(302);
    expect(locale.headers.location).toBe('/en/login');
    const path = await t.app.inject({ method: 'GET', url: '/fr/not-a-page' });
    expect(path.statusCode).toBe(404);
    expect(path.body).toBe('<p>fr not found</p>');
    const bare = await t.app.inject({ method: 'GET', url: '/not/a/page' });
    expect(bare.statusCode).toBe(404);
    expect(bare.body).toBe('<p>en not found</p>');
  });

  it('[LOC-01] serves the locale chooser at / and at unprefixed invite links', async () => {
    for (const url of ['/', '/invite/CODE42']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('chooser');
    }
    const localized = await t.app.inject({ method: 'GET', url: '/ko/invite/CODE42' });
    expect(localized.body).toContain('invite ko');
  });

  it('serves hashed assets precompressed with a year-long immutable cache', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/_astro/app.abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await t.app.inject({ method: 'GET', url: '/_astro/app.abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/_astro/app.abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.body).toBe(script);
  });

  it('answers a missing file with the 404 page and never escapes the site folder', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/en/missing.png' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('not found');
    const escape = await t.app.inject({ method: 'GET', url: '/..%2F..%2Fetc%2Fpasswd.txt' });
    expect(escape.statusCode).toBe(404);
    expect(escape.body).not.toContain('root:');
  });

  it('keeps API misses as JSON envelopes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(404);
  });
});
