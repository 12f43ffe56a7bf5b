import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { analyticsEvents } from '../../server/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('API skeleton', () => {
  it('answers the health check with the database in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, data: { status: 'ok', database: process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'memory' } });
  });

  it('[API-02] answers an unknown endpoint with a 404 envelope in the caller’s language', async () => {
    const en = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({ code: 404, message: 'This address does not exist.' });
    const fr = await t.app.inject({ method: 'POST', url: '/api/nothing', headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    expect(fr.statusCode).toBe(404);
    expect(fr.json().message).not.toBe(en.json().message);
    expect(fr.json().message.length).toBeGreaterThan(5);
  });

  it('[API-02] rejects a malformed JSON body with a clear 400 and no stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/event',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "pageView", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: 'The request body could not be read. Send valid JSON.' });
    expect(res.body).not.toMatch(/at .*\.ts:\d+|stack|SyntaxError/);
  });

  it('[SITE-08] stores a page view sent as a text/plain keepalive request', async () => {
    const path = `/en/ai-detector?run=${Date.now()}`.split('?')[0]!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/event',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ name: 'pageView', path, locale: 'en' }),
    });
    expect(res.json()).toEqual({ code: 0, data: null });
    const rows = await t.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.path, path));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'pageView', locale: 'en' });
  });

  it('[COM-17] accepts the analytics events of spec §9 and refuses others without storing them', async () => {
    for (const name of ['beanChargeView', 'beanChargeCreate', 'beanChargeSuccess', 'beanChargeFailed', 'userRegisterSuccess', 'userRegisterFailed']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/analytics/event', payload: { name, path: '/en/try-premium' } });
      expect(res.json(), name).toEqual({ code: 0, data: null });
    }
    const [before] = await t.database.db.select({ n: count() }).from(analyticsEvents);
    for (const payload of [
      { name: 'hack', path: '/en' },
      { name: 'pageView', path: 'no-slash' },
      { name: 'pageView', path: '/en', locale: 'xx' },
      { name: 'pageView', path: '/en', extra: true },
      'not json at all',
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/analytics/event', headers: { 'content-type': typeof payload === 'string' ? 'text/plain' : 'application/json' }, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe(400);
      expect(res.json().message).toMatch(/\w/);
    }
    const [after] = await t.database.db.select({ n: count() }).from(analyticsEvents);
    expect(after!.n).toBe(before!.n);
  });
});

describe('analytics forwarding', () => {
  it('[COM-17] forwards each stored event to a configured third-party sink', async () => {
    const { createServer } = await import('node:http');
    const received: unknown[] = [];
    const sink = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => {
        received.push(JSON.parse(body));
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    const port = (sink.address() as { port: number }).port;
    const app = await createTestApp({ ANALYTICS_FORWARD_URL: `http://127.0.0.1:${port}/collect?key=abc` });
    try {
      const res = await app.app.inject({ method: 'POST', url: '/api/analytics/event', payload: { name: 'beanChargeView', path: '/en/try-premium', locale: 'en' } });
      expect(res.json()).toEqual({ code: 0, data: null });
      await expect.poll(() => received.length).toBe(1);
      expect(received[0]).toMatchObject({ name: 'beanChargeView', path: '/en/try-premium', receivedAt: expect.any(String) });
    } finally {
      await app.close();
      sink.close();
    }
  });
});

describe('request bodies', () => {
  it('takes an empty JSON body as no payload (POST /logout has none)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/logout', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, data: null });
  });
});
