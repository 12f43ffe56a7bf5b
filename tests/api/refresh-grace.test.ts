import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, sessions } from '../../server/db/schema.ts';
import { signingKey } from '../../server/services/secrets.ts';
import { startSession } from '../../server/services/sessions.ts';
import { hashToken } from '../../server/services/tokens.ts';
import { accountWithSession } from './fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Hole 11 of issue 10: parallel refreshes of one token logged the user out (the reuse rule revoked the session).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WORKER: 'false', RATE_LIMIT_ALLOWLIST: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

async function login() {
  const user = await accountWithSession(t);
  const session = await startSession(t.database.db, await signingKey(t.database.db, undefined), user.id);
  return session;
}
const refresh = async (refreshToken: string) => (await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refreshToken } })).json();
const info = async (accessToken: string) => (await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { authorization: `Bearer ${accessToken}` } })).statusCode;

describe('[ACC-17] refreshing one token from several places at once', () => {
  it('gives every parallel refresh of a just-rotated token new tokens and keeps the session', async () => {
    const session = await login();
    const answers = await Promise.all(Array.from({ length: 5 }, () => refresh(session.refreshToken.token)));
    expect(answers.map((a) => a.code)).toEqual([0, 0, 0, 0, 0]);
    for (const answer of answers) expect(await info(answer.data.accessToken)).toBe(200);
    // Each new refresh token works once more, as usual.
    expect((await refresh(answers[0].data.refreshToken.token)).code).toBe(0);
  });

  it('still treats a token reused after the grace as stolen and ends the session', async () => {
    const session = await login();
    const next = await refresh(session.refreshToken.token);
    expect(next.code).toBe(0);
    await t.database.db.update(refreshTokens).set({ usedAt: sql`now() - interval '1 minute'` }).where(eq(refreshTokens.tokenHash, hashToken(session.refreshToken.token)));
    const replay = await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refreshToken: session.refreshToken.token } });
    expect(replay.statusCode).toBe(401);
    expect(await info(next.data.accessToken)).toBe(401);
    const [row] = await t.database.db.select({ reason: sessions.revokedReason }).from(sessions).where(eq(sessions.id, JSON.parse(Buffer.from(next.data.accessToken.split('.')[1], 'base64url').toString()).sid));
    expect(row!.reason).toBe('refresh-token-reuse');
  });

  it('does not revive a session that was logged out', async () => {
    const session = await login();
    const next = await refresh(session.refreshToken.token);
    await t.app.inject({ method: 'POST', url: '/logout', headers: { authorization: `Bearer ${next.data.accessToken}` }, payload: {} });
    const again = await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refreshToken: session.refreshToken.token } });
    expect(again.statusCode).toBe(401);
  });
});
