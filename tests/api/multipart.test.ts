import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithSession } from './fixtures.ts';
import { createTestApp, type TestApp, secondDatabaseRun } from './helpers.ts';

// Hole 3 of issue 10: multipart was parsed (fields and a 10 MB file buffered) on every route, before authentication.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const boundary = '----inkwise-test';
function form(fields: [string, string][], file?: { name: string; data: Buffer }): Buffer {
  const parts: Buffer[] = fields.map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="multipartFiles"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`), file.data, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}
const multipartHeaders = { 'content-type': `multipart/form-data; boundary=${boundary}` };

/** A request body that never ends: a route that waits to read it never answers. */
function endlessBody(): PassThrough {
  const body = new PassThrough();
  body.write(`--${boundary}\r\nContent-Disposition: form-data; name="multipartFiles"; filename="big.pdf"\r\n\r\n`);
  body.write(Buffer.alloc(64 * 1024, 0x25));
  return body;
}

describe.skipIf(secondDatabaseRun)('[UPL-04] multipart only where the spec sends it, and only after authentication', () => {
  it.each(['/login', '/sendVerifyMailV2', '/api/calculateSettlement', '/api/analytics/event', '/api/humanizer/sample'])(
    'refuses multipart on the public route %s with a clear 415, without reading the body',
    async (url) => {
      const res = await t.app.inject({ method: 'POST', url, headers: { ...multipartHeaders, 'accept-language': 'de' }, payload: endlessBody() });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ code: 415, message: 'Diese Art von Inhalt wird hier nicht angenommen.' });
    },
  );

  it('refuses multipart on an authenticated JSON route (createOrder)', async () => {
    const user = await accountWithSession(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/createOrder', headers: { ...user.headers, ...multipartHeaders }, payload: form([['productId', '9'], ['content', 'x']]) });
    expect(res.statusCode).toBe(415);
  });

  it('answers 401 on the upload route before reading a stranger’s body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/uploadFileAndParse', headers: multipartHeaders, payload: endlessBody() });
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 on a multipart-field route (humanizer result) before reading a stranger’s body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/humanizer', headers: multipartHeaders, payload: endlessBody() });
    expect(res.statusCode).toBe(401);
  });

  it.each(['/api/humanizer', '/api/plagiarism'])('[HUM-07] [TOOL-03] %s still takes the spec’s multipart orderNo from a signed-in user', async (url) => {
    const user = await accountWithSession(t);
    const res = await t.app.inject({ method: 'POST', url, headers: { ...user.headers, ...multipartHeaders }, payload: form([['orderNo', 'IWNOSUCHORDER']]) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 1, message: expect.any(String) });
  });

  it('refuses a file on a route that takes fields only, and a flood of fields', async () => {
    const user = await accountWithSession(t);
    const withFile = await t.app.inject({ method: 'POST', url: '/api/humanizer', headers: { ...user.headers, ...multipartHeaders }, payload: form([['orderNo', 'X']], { name: 'a.pdf', data: Buffer.alloc(1024 * 1024, 1) }) });
    expect(withFile.statusCode).toBe(413);
    const flood = await t.app.inject({
      method: 'POST',
      url: '/api/humanizer',
      headers: { ...user.headers, ...multipartHeaders },
      payload: form(Array.from({ length: 50 }, (_, i) => [`f${i}`, 'x'.repeat(1000)] as [string, string])),
    });
    expect(flood.statusCode).toBe(413);
    const bigField = await t.app.inject({ method: 'POST', url: '/api/humanizer', headers: { ...user.headers, ...multipartHeaders }, payload: form([['orderNo', 'x'.repeat(1024 * 1024)]]) });
    expect(bigField.statusCode).toBeGreaterThanOrEqual(400);
    expect(bigField.statusCode).toBeLessThan(500);
  });

  it('refuses a second file and a flood of fields on the upload route', async () => {
    const user = await accountWithSession(t);
    const body = Buffer.concat([
      form([['uploadId', 'u']], { name: 'a.pdf', data: Buffer.from('%PDF-1.4') }).subarray(0, -Buffer.byteLength(`--${boundary}--\r\n`)),
      form([], { name: 'b.pdf', data: Buffer.from('%PDF-1.4') }),
    ]);
    const twoFiles = await t.app.inject({ method: 'POST', url: '/api/uploadFileAndParse', headers: { ...user.headers, ...multipartHeaders }, payload: body });
    expect(twoFiles.json()).toMatchObject({ code: 999 });
    const flood = await t.app.inject({
      method: 'POST',
      url: '/api/uploadFileAndParse',
      headers: { ...user.headers, ...multipartHeaders },
      payload: form(Array.from({ length: 50 }, (_, i) => [`f${i}`, 'x'.repeat(1000)] as [string, string])),
    });
    expect(flood.json()).toMatchObject({ code: 999 });
  });
});
