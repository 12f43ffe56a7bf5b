import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, localAddress, redact } from '../../../server/config.ts';
import { paymentsNotice } from '../../../server/payments/providers.ts';
import { siteOriginOf } from '../../../server/site-origin.ts';

describe('server configuration', () => {
  it('has embedded defaults for every variable', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: 4321,
      host: '127.0.0.1',
      database: { kind: 'pglite', dir: '/srv/app/data/pglite' },
      publicApiBase: '',
      siteUrl: 'http://127.0.0.1:4321',
      distDir: '/srv/app/dist',
      logLevel: 'info',
      corsOrigins: [],
    });
  });

  it('reads each database form', () => {
    expect(loadConfig({ DATABASE_URL: 'memory://' }).database).toEqual({ kind: 'memory' });
    expect(loadConfig({ DATABASE_URL: 'file://./db' }, '/x').database).toEqual({ kind: 'pglite', dir: '/x/db' });
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@h:5432/d' }).database).toEqual({ kind: 'postgres', url: 'postgres://u:p@h:5432/d' });
  });

  it.each([
    ['PORT', 'eighty', /PORT must be a whole number/],
    ['PORT', '70000', /PORT must be a whole number/],
    ['DATABASE_URL', 'mysql://u:secret@h/d', /DATABASE_URL must be memory:\/\/, file:\/\/FOLDER/],
    ['PUBLIC_API_BASE', 'api.example.com', /PUBLIC_API_BASE must be an absolute http\(s\) URL/],
    ['SITE_URL', 'ftp://example.com', /SITE_URL must be an absolute http\(s\) URL/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL must be one of/],
    ['SERVE_SITE', 'yes', /SERVE_SITE must be true or false/],
  ])('stops on a bad %s naming the variable and what it expects', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrowError(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrowError(message);
  });

  it('defaults SITE_URL to the address the server prints, so a checkout never leaves the origin people open', () => {
    expect(loadConfig({ PORT: '4462' }).siteUrl).toBe(localAddress('127.0.0.1', 4462));
    expect(localAddress('127.0.0.1', 4462)).toBe('http://127.0.0.1:4462');
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }).siteUrl).toBe('http://localhost:8080');
    expect(localAddress('::1', 80)).toBe('http://[::1]:80');
    expect(loadConfig({ PORT: '8080', SITE_URL: 'https://inkwise.example/' }).siteUrl).toBe('https://inkwise.example');
  });

  it('builds links on the origin a request comes from only when that origin is the site, a CORS origin or this server', () => {
    const origins = { siteUrl: 'http://127.0.0.1:4321', corsOrigins: ['https://app.example'] };
    expect(siteOriginOf({ origin: 'http://localhost:4321', host: 'localhost:4321' }, origins)).toBe('http://localhost:4321');
    expect(siteOriginOf({ origin: 'http://127.0.0.1:4321', host: 'api.internal' }, origins)).toBe('http://127.0.0.1:4321');
    expect(siteOriginOf({ origin: 'https://app.example', host: 'api.example' }, origins)).toBe('https://app.example');
    expect(siteOriginOf({ origin: 'https://evil.example', host: 'localhost:4321' }, origins)).toBe('http://127.0.0.1:4321');
    expect(siteOriginOf({ origin: 'null', host: 'localhost:4321' }, origins)).toBe('http://127.0.0.1:4321');
    expect(siteOriginOf({ host: 'localhost:4321' }, origins)).toBe('http://127.0.0.1:4321');
    expect(siteOriginOf({ origin: 'javascript://localhost:4321', host: 'localhost:4321' }, origins)).toBe('http://127.0.0.1:4321');
  });

  it('never shows a database password', () => {
    expect(redact('postgres://app:s3cret@db:5432/app')).toBe('postgres://app:***@db:5432/app');
    expect(() => loadConfig({ DATABASE_URL: 'mysql://u:secret@h/d' })).toThrowError(/u:\*\*\*@h/);
  });
});

describe('payments in production', () => {
  it('refuses to start in production with only the sandbox provider, unless SANDBOX_PAYMENTS=true says so', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrowError(/NODE_ENV=production with no payment provider.*SANDBOX_PAYMENTS=true/);
    expect(loadConfig({ NODE_ENV: 'production', SANDBOX_PAYMENTS: 'true' }).production).toBe(true);
    expect(() => loadConfig({ SANDBOX_PAYMENTS: 'maybe' })).toThrowError(/SANDBOX_PAYMENTS/);
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(loadConfig({ NODE_ENV: 'production', ...stripe }).stripe).toBeDefined();
  });

  it('says at every start which provider takes payments', () => {
    expect(paymentsNotice(loadConfig({}))).toMatch(/Payments: the SANDBOX provider takes every payment \(a test-mode checkout that charges nothing/);
    expect(paymentsNotice(loadConfig({ NODE_ENV: 'production', SANDBOX_PAYMENTS: 'true' }))).toMatch(/allowed in production by SANDBOX_PAYMENTS=true/);
    expect(paymentsNotice(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }))).toBe('  Payments: Stripe takes card plans and bean packs; WeChat Pay is not configured.');
  });
});
