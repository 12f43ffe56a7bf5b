import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { createTestApp, type TestApp, secondDatabaseRun } from './helpers.ts';

// Hole 1 of issue 10: with no SMTP_URL the outbox page showed reset codes to anyone who could reach the server.
describe.skipIf(secondDatabaseRun)('[ACC-13] the dev outbox never hands reset codes to a stranger', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function resetCodeVisible(app: TestApp, headers: Record<string, string> = {}) {
    await app.database.db.execute('select 1');
    const { createUser } = await import('../../server/services/users.ts');
    const email = `victim${Date.now()}@example.edu`;
    await createUser(app.database.db, { email, passwordHash: null, locale: 'en', userType: '1' });
    const sent = await app.app.inject({ method: 'GET', url: `/api/forgetPassword?email=${encodeURIComponent(email)}` });
    expect(sent.json().code).toBe(0);
    // Account mail leaves after the answer (so its time never shows): wait for it while the page is served.
    const look = async () => {
      const page = await app.app.inject({ method: 'GET', url: app.app.devOutboxPath ?? '/dev/outbox', headers });
      return { status: page.statusCode, showsMail: page.body.includes(email) };
    };
    await expect.poll(async () => (await look()).status !== 200 || (await look()).showsMail, { timeout: 10_000 }).toBe(true);
    return look();
  }

  it('is not served when the server listens beyond loopback without SMTP_URL', async () => {
    t = await createTestApp({ HOST: '0.0.0.0' });
    expect(await resetCodeVisible(t)).toEqual({ status: 404, showsMail: false });
  });

  it('is not served behind a proxy (TRUST_PROXY) even on loopback', async () => {
    t = await createTestApp({ HOST: '127.0.0.1', TRUST_PROXY: 'true' });
    expect(await resetCodeVisible(t)).toEqual({ status: 404, showsMail: false });
  });

  it('on loopback, refuses a request forwarded by a local reverse proxy', async () => {
    t = await createTestApp({ HOST: '127.0.0.1' });
    expect(await resetCodeVisible(t, { 'x-forwarded-for': '203.0.113.9' })).toEqual({ status: 404, showsMail: false });
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox', headers: { forwarded: 'for=203.0.113.9' } })).statusCode).toBe(404);
  });

  it('is served to a local developer when the server listens on loopback only, at the address with this start\'s key', async () => {
    t = await createTestApp({ HOST: '127.0.0.1' });
    expect(t.app.devOutboxPath).toMatch(/^\/dev\/outbox\?key=[\w-]{24}$/);
    expect(await resetCodeVisible(t)).toEqual({ status: 200, showsMail: true });
  });

  it('on loopback, a request without the key (a TCP forwarder passes a stranger\'s request as local) finds nothing', async () => {
    t = await createTestApp({ HOST: '127.0.0.1' });
    for (const url of ['/dev/outbox', '/dev/outbox?key=', `/dev/outbox?key=${'A'.repeat(24)}`]) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const other = await createTestApp({ HOST: '127.0.0.1' });
    try {
      // Another start's key opens nothing here.
      expect((await t.app.inject({ method: 'GET', url: other.app.devOutboxPath! })).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('is served beyond loopback only when DEV_OUTBOX=true is set explicitly', async () => {
    t = await createTestApp({ HOST: '0.0.0.0', DEV_OUTBOX: 'true' });
    expect(await resetCodeVisible(t)).toEqual({ status: 200, showsMail: true });
  });
});

describe.skipIf(secondDatabaseRun)('outbox configuration', () => {
  it('says why the outbox is on or off', () => {
    expect(loadConfig({}).mail.outbox).toBe('loopback');
    expect(loadConfig({ HOST: '::1' }).mail.outbox).toBe('loopback');
    expect(loadConfig({ HOST: '0.0.0.0' }).mail.outbox).toBe('off');
    expect(loadConfig({ HOST: '10.0.0.5' }).mail.outbox).toBe('off');
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).mail.outbox).toBe('off');
    expect(loadConfig({ HOST: '0.0.0.0', DEV_OUTBOX: 'true' }).mail.outbox).toBe('explicit');
    expect(loadConfig({ DEV_OUTBOX: 'false' }).mail.outbox).toBe('off');
    expect(loadConfig({ NODE_ENV: 'production', SANDBOX_PAYMENTS: 'true' }).mail.outbox).toBe('off');
  });

  it('refuses DEV_OUTBOX=true in a production configuration', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_OUTBOX: 'true' })).toThrowError(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_OUTBOX: 'true' })).toThrowError(/DEV_OUTBOX/);
  });
});
