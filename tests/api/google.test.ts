import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGoogle, type FakeGoogle } from '../support/fake-google.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let google: FakeGoogle;

beforeAll(async () => {
  google = await startFakeGoogle();
  t = await createTestApp({ ...google.env, SITE_URL: 'http://127.0.0.1:4321' });
});
afterAll(async () => {
  await t.close();
  await google.close();
});

async function authorizationUrl(query = 'locale=fr&cb=%2Ffr%2Fhistory') {
  const res = await t.app.inject({ method: 'GET', url: `/oauth/google_authorization_url?${query}` });
  expect(res.json().code).toBe(0);
  return res.json().data.google_authorization_url as string;
}

describe('Google sign-in against a server speaking Google’s protocol', () => {
  it('[ACC-02] answers an authorization URL with PKCE (S256), state and our redirect URI', async () => {
    const url = new URL(await authorizationUrl());
    expect(url.origin + url.pathname).toBe(`${google.issuer}/auth`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('redirect_uri')).toBe('http://127.0.0.1:4321/oauth/google/callback');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({ code: 0, data: { google: true } });
  });

  it('[ACC-02] completes the code flow, hands a one-time ticket to the site and logs the user in', async () => {
    const email = `g${Date.now()}@gmail.com`;
    const { code, state } = google.consent(await authorizationUrl(), { sub: `sub-${Date.now()}`, email });
    const callback = await t.app.inject({ method: 'GET', url: `/oauth/google/callback?code=${code}&state=${state}` });
    expect(callback.statusCode).toBe(302);
    const location = new URL(callback.headers.location as string);
    expect(location.pathname).toBe('/fr/login');
    const hash = new URLSearchParams(location.hash.slice(1));
    expect(hash.get('cb')).toBe('/fr/history');
    // Our side sent the verifier and the client secret to the token endpoint.
    const form = google.tokenRequests.at(-1)!;
    expect(form.get('code_verifier')).toMatch(/^[\w-]{43,128}$/);
    const exchange = await t.app.inject({ method: 'POST', url: '/oauth/google/exchange', payload: { ticket: hash.get('ticket') } });
    expect(exchange.json().code).toBe(0);
    const info = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { authorization: `Bearer ${exchange.json().data.accessToken}` } });
    expect(info.json().data.userInfo).toMatchObject({ email, userType: '1' });
    // A ticket works once.
    const again = await t.app.inject({ method: 'POST', url: '/oauth/google/exchange', payload: { ticket: hash.get('ticket') } });
    expect(again.json()).toMatchObject({ code: 1, message: 'Google sign-in did not complete. Please try again.' });
  });

  it('refuses a callback with a forged state or a replayed code', async () => {
    const { code, state } = google.consent(await authorizationUrl('locale=de'), { sub: 'sub-x', email: 'x@example.com' });
    const forged = await t.app.inject({ method: 'GET', url: `/oauth/google/callback?code=${code}&state=not-the-state` });
    expect(forged.headers.location).toMatch(/\/en\/login\?oauth=failed$/);
    const ok = await t.app.inject({ method: 'GET', url: `/oauth/google/callback?code=${code}&state=${state}` });
    expect(ok.headers.location).toMatch(/\/de\/login#ticket=/);
    const replay = await t.app.inject({ method: 'GET', url: `/oauth/google/callback?code=${code}&state=${state}` });
    expect(replay.headers.location).toMatch(/oauth=failed$/);
  });

  it('refuses an unverified Google address and never follows a foreign return path', async () => {
    const { code, state } = google.consent(await authorizationUrl('locale=en'), { sub: 'sub-u', email: 'u@example.com', emailVerified: false });
    const res = await t.app.inject({ method: 'GET', url: `/oauth/google/callback?code=${code}&state=${state}` });
    expect(res.headers.location).toMatch(/oauth=failed$/);
    const foreign = google.consent(await authorizationUrl('locale=en&cb=https%3A%2F%2Fevil.example%2F'), { sub: 'sub-f', email: `f${Date.now()}@example.com` });
    const landed = await t.app.inject({ method: 'GET', url: `/oauth/google/callback?code=${foreign.code}&state=${foreign.state}` });
    expect(landed.headers.location).not.toContain('evil');
  });
});

describe('Google sign-in not configured', () => {
  it('[ACC-02] hides the provider and answers a clear error', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({ code: 0, data: { google: false } });
      const res = await plain.app.inject({ method: 'GET', url: '/oauth/google_authorization_url' });
      expect(res.json()).toEqual({ code: 1, message: 'Google sign-in is not available right now.' });
    } finally {
      await plain.close();
    }
  });
});
