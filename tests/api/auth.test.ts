import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { emailCodes, mailOutbox, refreshTokens, users } from '../../server/db/schema.ts';
import { hashToken } from '../../server/services/tokens.ts';
import type { SmtpInbox } from '../support/smtp-inbox.ts';
import { createMailTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let inbox: SmtpInbox;
let counter = 0;
const fresh = () => `student${Date.now()}${counter++}@example.edu`;

beforeAll(async () => {
  ({ t, inbox } = await createMailTestApp());
});
afterAll(() => Promise.all([t.close(), inbox.close()]));

type Json = Record<string, any>;
/** Each call comes from its own address unless a test names one, so per-IP limits only bite where tested. */
const someIp = () => `10.${(counter = counter + 1) % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
async function call(method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}, ip = someIp()): Promise<Json> {
  const res = await t.app.inject({ method, url, payload: body as object | undefined, headers, remoteAddress: ip });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
}

async function signUp(email = fresh(), password = 'correct horse 9', locale = 'en') {
  const since = inbox.mails.length;
  expect(await call('POST', '/sendVerifyMailV2', { email }, { 'accept-language': locale })).toMatchObject({ code: 0 });
  const verifyCode = await inbox.codeFor(email, { since });
  const res = await call('POST', '/registerV2', { email, password, verifyCode }, { 'accept-language': locale });
  expect(res.code).toBe(0);
  return { email, password, tokens: res.data as Json };
}

const bearer = (tokens: Json) => ({ authorization: `Bearer ${tokens.accessToken}` });

describe('sign-up with an e-mail code', () => {
  it('[ACC-01] sends a 6-digit code over SMTP and registers with it, logged in', async () => {
    const { email, tokens } = await signUp();
    expect(tokens).toMatchObject({ tokenType: 'Bearer', expiresIn: 900, userId: expect.any(String) });
    expect(tokens.refreshToken.token).toEqual(expect.any(String));
    const mail = inbox.mails.findLast((m) => m.to === email)!;
    expect(mail.subject).toMatch(/^\d{6} is your Inkwise verification code$/);
    expect(mail.html).toContain('lang="en"');
    const info = await call('GET', '/api/user/info', undefined, bearer(tokens));
    expect(info.data.userInfo).toMatchObject({ email, membershipName: 'FREE', membershipLevel: 0, userType: '1', order_status: 0, hasLogon: true });
  });

  it('[ACC-01] writes the code mail in the caller’s language', async () => {
    const email = fresh();
    const since = inbox.mails.length;
    await call('POST', '/sendVerifyMailV2', { email }, { 'accept-language': 'ar' });
    const mail = await inbox.waitFor(email, { since });
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.subject).not.toMatch(/verification code/);
  });

  it('[ACC-01] stores codes hashed, never in clear', async () => {
    const email = fresh();
    const since = inbox.mails.length;
    await call('POST', '/sendVerifyMailV2', { email });
    const code = await inbox.codeFor(email, { since });
    const rows = await t.database.db.select().from(emailCodes).where(eq(emailCodes.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(code);
    // With a mail server the outbox records the sending, not the body with the code in it.
    await expect.poll(async () => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).length).toBe(1);
    const [sent] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(sent).toMatchObject({ transport: 'smtp', text: '', html: '' });
  });

  it('[ACC-14] checks a code without using it, then registers with it', async () => {
    const email = fresh();
    const since = inbox.mails.length;
    await call('POST', '/sendVerifyMailV2', { email });
    const code = await inbox.codeFor(email, { since });
    expect(await call('POST', '/tryVerifyEmailCode', { email, code })).toEqual({ code: 0, data: { valid: true } });
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await call('POST', '/tryVerifyEmailCode', { email, code: wrong })).toMatchObject({ code: 1, message: 'That code is not right. Check the latest e-mail we sent you.' });
    expect((await call('POST', '/registerV2', { email, password: 'abcdefg1', verifyCode: code })).code).toBe(0);
  });

  it('refuses a reused, an expired and a much-guessed code with specific messages', async () => {
    const { email } = await signUp();
    const reused = inbox.mails.findLast((m) => m.to === email)!;
    const code = /\b(\d{6})\b/.exec(reused.text)![1];
    // The account exists now, so a second registration with the same code must fail.
    expect(await call('POST', '/registerV2', { email, password: 'abcdefg1', verifyCode: code })).toMatchObject({ code: 1 });

    const other = fresh();
    let since = inbox.mails.length;
    await call('POST', '/sendVerifyMailV2', { email: other });
    const otherCode = await inbox.codeFor(other, { since });
    await t.database.db.update(emailCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailCodes.email, other));
    expect(await call('POST', '/registerV2', { email: other, password: 'abcdefg1', verifyCode: otherCode })).toMatchObject({ message: 'That code has expired. Ask for a new one.' });

    const third = fresh();
    since = inbox.mails.length;
    await call('POST', '/sendVerifyMailV2', { email: third });
    const right = await inbox.codeFor(third, { since });
    const wrong = right === '999999' ? '888888' : '999999';
    for (let i = 0; i < 4; i++) {
      expect(await call('POST', '/tryVerifyEmailCode', { email: third, code: wrong })).toMatchObject({ message: /not right/ });
    }
    expect(await call('POST', '/tryVerifyEmailCode', { email: third, code: wrong })).toMatchObject({ message: 'Too many wrong tries. Ask for a new code.' });
    expect(await call('POST', '/registerV2', { email: third, password: 'abcdefg1', verifyCode: right })).toMatchObject({ message: 'Too many wrong tries. Ask for a new code.' });
  });

  it('refuses a used code with the same message as a wrong one, so a registered address is not told from a new one', async () => {
    const email = fresh();
    const since = inbox.mails.length;
    await call('POST', '/sendVerifyMailV2', { email });
    const code = await inbox.codeFor(email, { since });
    await t.database.db.update(emailCodes).set({ consumedAt: new Date() }).where(eq(emailCodes.email, email));
    const used = await call('POST', '/registerV2', { email, password: 'abcdefg1', verifyCode: code });
    expect(used).toMatchObject({ code: 1, message: 'That code is not right. Check the latest e-mail we sent you.' });
    // A registered address (its sign-up code used) and a new one with no code at all answer alike.
    const { email: registered } = await signUp();
    const never = fresh();
    const a = await call('POST', '/registerV2', { email: registered, password: 'abcdefg1', verifyCode: '123456' });
    const b = await call('POST', '/registerV2', { email: never, password: 'abcdefg1', verifyCode: '123456' });
    expect(a).toEqual(b);
    expect(await call('POST', '/api/resetPassword', { email: registered, password: 'abcdefg1', verifyCode: '123456' })).toEqual(await call('POST', '/api/resetPassword', { email: never, password: 'abcdefg1', verifyCode: '123456' }));
  });

  it('does not reveal whether an address is registered, and mails its owner instead of a code', async () => {
    const { email } = await signUp();
    await new Promise((r) => setTimeout(r, 5));
    await t.database.db.delete(emailCodes).where(eq(emailCodes.email, email));
    const since = inbox.mails.length;
    const answer = await call('POST', '/sendVerifyMailV2', { email });
    const unknown = await call('POST', '/sendVerifyMailV2', { email: fresh() });
    expect(answer).toEqual(unknown);
    const mail = await inbox.waitFor(email, { since });
    expect(mail.subject).toBe('Someone tried to sign up with your address');
    expect(mail.text).not.toMatch(/\b\d{6}\b/);
  });

  it('asks to wait before sending another code to the same address', async () => {
    const email = fresh();
    await call('POST', '/sendVerifyMailV2', { email });
    const again = await call('POST', '/sendVerifyMailV2', { email });
    expect(again).toMatchObject({ code: 1, message: expect.stringMatching(/^Please wait \d+ seconds? before asking for another code\.$/) });
  });

  it('rejects bad input with a specific translated message and creates nothing', async () => {
    expect(await call('POST', '/sendVerifyMailV2', { email: 'not-an-address' })).toMatchObject({ code: 1, message: 'Enter a valid e-mail address.' });
    const fr = await call('POST', '/sendVerifyMailV2', { email: 'nope' }, { 'accept-language': 'fr' });
    expect(fr.code).toBe(1);
    expect(fr.message).not.toBe('Enter a valid e-mail address.');
    const email = fresh();
    expect(await call('POST', '/registerV2', { email, password: 'short1', verifyCode: '123456' })).toMatchObject({ message: 'Use 8 to 128 characters for your password.' });
    expect(await call('POST', '/registerV2', { email, password: 'onlyletters', verifyCode: '123456' })).toMatchObject({ message: 'Use at least one letter and one number in your password.' });
    expect(await call('POST', '/registerV2', { email, password: 'abcdefg1', verifyCode: '12' })).toMatchObject({ message: 'The verification code has 6 digits.' });
    const res = await t.app.inject({ method: 'POST', url: '/registerV2', payload: { email: 42 } });
    expect(res.statusCode).toBe(400);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('[COM-14] refuses an unknown referral code before using up the sign-up code', async () => {
    const email = fresh();
    const since = inbox.mails.length;
    await call('POST', '/sendVerifyMailV2', { email });
    const verifyCode = await inbox.codeFor(email, { since });
    expect(await call('POST', '/registerV2', { email, password: 'abcdefg1', verifyCode, referCode: 'NOPE2345' })).toEqual({ code: 1, message: 'This invitation code is not valid.' });
    expect((await call('POST', '/registerV2', { email, password: 'abcdefg1', verifyCode })).code).toBe(0);
  });

  it('normalizes addresses: case and spaces do not make a second account', async () => {
    const { email, password } = await signUp();
    const login = await call('POST', '/login', { email: `  ${email.toUpperCase()} `, password });
    expect(login.code).toBe(0);
  });
});

describe('login, tokens and logout', () => {
  it('[ACC-03] [ACC-17] logs in and reads the user with the access token in the Authorization header', async () => {
    const { email, password } = await signUp();
    const login = await call('POST', '/login', { email, password });
    expect(login.code).toBe(0);
    const check = await call('GET', '/api/checkUser', undefined, bearer(login.data));
    expect(check.data).toMatchObject({ isLoginUser: true, userType: '1' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/checkUser' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ code: 401, message: 'Your session has ended. Please log in again.' });
  });

  it('gives one answer for a wrong password and an unknown address', async () => {
    const { email } = await signUp();
    const wrong = await call('POST', '/login', { email, password: 'wrong-password-1' });
    const unknown = await call('POST', '/login', { email: fresh(), password: 'wrong-password-1' });
    expect(wrong).toEqual({ code: 1, message: 'E-mail or password is incorrect.' });
    expect(unknown).toEqual(wrong);
  });

  it('[ACC-18] answers membership, wallet and token expiry for the current user', async () => {
    const { tokens } = await signUp();
    expect((await call('GET', '/api/membership', undefined, bearer(tokens))).data).toMatchObject({ level: 0, name: 'FREE', wordLimit: 300 });
    expect((await call('GET', '/api/getUserWallet', undefined, bearer(tokens))).data).toEqual({ wallet: { balance: 100 } });
    const expired = await call('GET', '/api/test/expired', undefined, bearer(tokens));
    expect(expired.data.expired).toBe(false);
    expect(expired.data.expiresAt).toBeGreaterThan(Date.now());
  });

  it('rotates refresh tokens; a reused one revokes the whole session', async () => {
    const { tokens } = await signUp();
    const first = await call('POST', '/api/token/refresh', { refreshToken: tokens.refreshToken.token });
    expect(first.code).toBe(0);
    expect(first.data.refreshToken.token).not.toBe(tokens.refreshToken.token);
    // The old token again, past the grace for parallel refreshes (tests/api/refresh-grace.test.ts): theft is assumed, the family dies.
    await t.database.db.update(refreshTokens).set({ usedAt: sql`now() - interval '1 minute'` }).where(eq(refreshTokens.tokenHash, hashToken(tokens.refreshToken.token)));
    const replay = await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refreshToken: tokens.refreshToken.token } });
    expect(replay.statusCode).toBe(401);
    const next = await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refreshToken: first.data.refreshToken.token } });
    expect(next.statusCode).toBe(401);
    const access = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(first.data) });
    expect(access.statusCode).toBe(401);
  });

  it('[ACC-04] logs out: the access and refresh tokens stop working', async () => {
    const { tokens } = await signUp();
    expect(await call('POST', '/logout', { refreshToken: tokens.refreshToken.token }, bearer(tokens))).toEqual({ code: 0, data: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(tokens) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refreshToken: tokens.refreshToken.token } })).statusCode).toBe(401);
  });

  it('refuses a forged or tampered access token', async () => {
    const { tokens } = await signUp();
    const [h, p] = tokens.accessToken.split('.');
    const forged = `${h}.${p}.${'A'.repeat(43)}`;
    expect((await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { authorization: `Bearer ${forged}` } })).statusCode).toBe(401);
  });

  it('rate-limits login attempts per address (from one IP: tests/api/abuse-limits.test.ts) with a translated message', async () => {
    const { email } = await signUp();
    let last: Json = {};
    for (let i = 0; i < 11; i++) last = await call('POST', '/login', { email, password: `wrong-pass-${i}` }, {}, '10.1.0.1');
    expect(last).toMatchObject({ code: 429, message: 'Too many attempts. Please wait a moment and try again.' });
  });

  it('rate-limits code sending per IP address', async () => {
    let last: Json = {};
    for (let i = 0; i < 21; i++) last = await call('POST', '/sendVerifyMailV2', { email: fresh() }, {}, '10.2.0.1');
    expect(last.code).toBe(429);
  });
});

describe('password reset and change', () => {
  it('[ACC-13] resets a forgotten password with a mailed code, then logs in with the new one', async () => {
    const { email, password, tokens } = await signUp();
    const since = inbox.mails.length;
    expect(await call('GET', `/api/forgetPassword?email=${encodeURIComponent(email)}`)).toEqual({ code: 0, data: { sent: true } });
    const mail = await inbox.waitFor(email, { since });
    expect(mail.subject).toMatch(/password reset code/);
    const code = /\b(\d{6})\b/.exec(mail.text)![1];
    expect(await call('POST', '/api/resetPassword', { email, verifyCode: code, password: 'brand new 42' })).toEqual({ code: 0, data: null });
    expect(await call('POST', '/login', { email, password })).toMatchObject({ code: 1 });
    expect((await call('POST', '/login', { email, password: 'brand new 42' })).code).toBe(0);
    // Old sessions end with a reset.
    expect((await t.app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(tokens) })).statusCode).toBe(401);
    // The code works once.
    expect(await call('POST', '/api/resetPassword', { email, verifyCode: code, password: 'another one 7' })).toMatchObject({ message: /That code is not right/ });
  });

  it('answers a reset request for an unknown address like any other, sending nothing', async () => {
    const email = fresh();
    const since = inbox.mails.length;
    expect(await call('GET', `/api/forgetPassword?email=${encodeURIComponent(email)}`)).toEqual({ code: 0, data: { sent: true } });
    await new Promise((r) => setTimeout(r, 200));
    expect(inbox.mails.slice(since).filter((m) => m.to === email)).toEqual([]);
  });

  it('changes the password with the current one, keeping this session and ending others', async () => {
    const { email, password, tokens } = await signUp();
    const other = (await call('POST', '/login', { email, password })).data;
    expect(await call('POST', '/api/user/changePassword', { oldPassword: 'nope nope 1', newPassword: 'better one 2' }, bearer(tokens))).toMatchObject({ message: 'Your current password is not right.' });
    expect(await call('POST', '/api/user/changePassword', { oldPassword: password, newPassword: 'better one 2' }, bearer(tokens))).toEqual({ code: 0, data: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(tokens) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(other) })).statusCode).toBe(401);
  });
});

describe('e-mail verification', () => {
  it('[ACC-10] mails a verification link to an unverified user, answers the web-mail URL, and verifies once', async () => {
    const { email, tokens } = await signUp(`learner${Date.now()}@gmail.com`);
    await t.database.db.update(users).set({ userType: '0' }).where(eq(users.email, email));
    expect((await call('GET', '/api/user/info', undefined, bearer(tokens))).data.userInfo.userType).toBe('0');
    const since = inbox.mails.length;
    const res = await call('POST', '/api/verifyEmail', {}, bearer(tokens));
    expect(res.data).toEqual({ openUrl: 'https://mail.google.com/', email });
    const mail = await inbox.waitFor(email, { since });
    const link = /(http\S+\/api\/verifyEmail\/confirm\?token=[\w-]+)/.exec(mail.text)![1]!;
    const path = new URL(link).pathname + new URL(link).search;
    const confirm = await t.app.inject({ method: 'GET', url: path });
    expect(confirm.statusCode).toBe(302);
    expect(confirm.headers.location).toMatch(/\/en\/user\/profile\?verified=1$/);
    expect((await call('GET', '/api/user/info', undefined, bearer(tokens))).data.userInfo.userType).toBe('1');
    const again = await t.app.inject({ method: 'GET', url: path });
    expect(again.headers.location).toMatch(/verified=0$/);
  });
});
