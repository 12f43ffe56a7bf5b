import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithSession } from './fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Hole 7 of issue 10: a NUL byte, a lone surrogate or a number past 32 bits reached PostgreSQL and answered 500.
let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ WORKER: 'false' });
  headers = (await accountWithSession(t)).headers;
});
afterAll(async () => {
  await t.close();
});

const nul = 'a\u0000b@example.edu';
const lone = 'essay \ud800 draft';

async function send(method: 'GET' | 'POST', url: string, payload?: unknown, extra: Record<string, string> = {}) {
  const res = await t.app.inject({ method, url, payload: payload as object | undefined, headers: { ...headers, 'accept-language': 'fr', ...extra } });
  return { status: res.statusCode, body: res.json() as { code: number; message: string } };
}

describe('[API-02] bad strings and numbers get a clear error, never a 500', () => {
  it.each([
    ['a NUL byte in the login e-mail', 'POST', '/login', { email: nul, password: 'x1234567' }],
    ['a NUL byte in a password', 'POST', '/login', { email: 'a@example.edu', password: 'pass\u0000word1' }],
    ['a NUL byte in order content', 'POST', '/api/createOrder', { productId: 9, content: 'Some essay text\u0000 here.' }],
    ['a NUL byte in a coupon code', 'POST', '/api/coupon/takeByCode', { promotionCode: 'SPRING\u0000' }],
    ['a NUL byte in a query string', 'GET', `/api/forgetPassword?email=${encodeURIComponent(nul)}`, undefined],
    ['a lone surrogate in a JSON column (file name)', 'POST', '/api/createOrder', { productId: 9, content: 'An essay about climate policy.', extraInfo: { fileName: lone } }],
    ['a lone surrogate in analytics props', 'POST', '/api/analytics/event', { name: 'beanChargeView', path: '/en', props: { note: lone } }],
    ['a lone surrogate in order content', 'POST', '/api/createOrder', { productId: 9, content: lone }],
    ['a NUL byte in a JSON key', 'POST', '/api/analytics/event', { name: 'beanChargeView', path: '/en', props: { 'k\u0000': 'v' } }],
  ])('%s', async (_label, method, url, payload) => {
    const res = await send(method as 'GET' | 'POST', url, payload);
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    expect(res.body.code).not.toBe(0);
    expect(res.body.message).toBe('Le texte contient un caractère invisible (comme NUL) ou un caractère cassé. Retirez-le et réessayez.');
  });

  it('reads a NUL byte sent as text/plain analytics (the beacon form)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/analytics/event', payload: JSON.stringify({ name: 'beanChargeView', path: '/en\u0000' }), headers: { 'content-type': 'text/plain' } });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().code).not.toBe(0);
  });

  it.each([
    ['/api/tool/list', { orderStatus: 2 ** 32 }],
    ['/api/tool/list', { orderStatus: -(2 ** 40) }],
    ['/api/subscription/list', { orderStatus: 4294967296 }],
    ['/api/tool/list', { page: 1e20 }],
    ['/api/tool/list', { page: 2 ** 31 }],
    ['/api/subscription/list', { orderStatus: '99999999999999999999' }],
  ])('%s with %j', async (url, payload) => {
    const res = await send('POST', url, payload);
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    expect(res.body.code).not.toBe(0);
  });

  it('refuses a NUL behind 100,000 values of padding as too large, before any route reads it', async () => {
    for (const url of ['/api/createOrder', '/api/analytics/event']) {
      const res = await send('POST', url, { productId: 9, name: 'beanChargeView', path: '/en', content: 'Some essay\u0000 text.', pad: new Array(100_001).fill(0) });
      expect(res.status, JSON.stringify(res.body)).toBe(413);
      expect(res.body.message).toBe('La requête est trop volumineuse.');
    }
  });

  it('still lists with every legal status and page', async () => {
    expect((await send('POST', '/api/tool/list', { orderStatus: 50, page: 3 })).body.code).toBe(0);
    expect((await send('GET', '/api/essay/history?page=2&size=10')).body.code).toBe(0);
  });
});
