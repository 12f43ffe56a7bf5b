import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { closedAccounts, editorDocuments, ledgerEntries, orders, sessions, toolResults, users } from '../../server/db/schema.ts';
import { moveBeans } from '../../server/services/ledger.ts';
import type { SmtpInbox } from '../support/smtp-inbox.ts';
import { createMailTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let inbox: SmtpInbox;
let counter = 0;
const fresh = () => `leaver${Date.now()}${counter++}@example.edu`;
const someIp = () => `10.${(counter = counter + 1) % 250}.${Math.floor(Math.random() * 250)}.7`;

beforeAll(async () => {
  ({ t, inbox } = await createMailTestApp());
});
afterAll(() => Promise.all([t.close(), inbox.close()]));

type Json = Record<string, any>;
async function call(method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Json> {
  const res = await t.app.inject({ method, url, payload: body as object | undefined, headers, remoteAddress: someIp() });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
}

async function signUp(email = fresh(), password = 'correct horse 9') {
  const since = inbox.mails.length;
  expect(await call('POST', '/sendVerifyMailV2', { email })).toMatchObject({ code: 0 });
  const verifyCode = await inbox.codeFor(email, { since });
  const res = await call('POST', '/registerV2', { email, password, verifyCode });
  expect(res.code, JSON.stringify(res)).toBe(0);
  return { email, password, userId: res.data.userId as string, headers: { authorization: `Bearer ${res.data.accessToken}` } };
}

const balance = async (headers: Record<string, string>) => (await call('GET', '/api/getUserWallet', undefined, headers)).data.wallet.balance as number;
const essay = 'Remote work gives employees more flexibility. Many of them balance their work and their family better. Some managers still worry about teamwork.';

/** A humanizer run to the end, and an editor document: texts the account holds. */
async function someWork(headers: Record<string, string>): Promise<string> {
  const order = await call('POST', '/api/createOrder', { productId: 9, content: essay }, headers);
  expect(order.code, JSON.stringify(order)).toBe(0);
  expect((await call('POST', '/api/createPayment', { orderNo: order.data.orderNo }, headers)).code).toBe(0);
  for (let i = 0; i < 400; i++) {
    const r = await call('POST', '/api/humanizer', { orderNo: order.data.orderNo }, headers);
    if (r.data?.data) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return order.data.orderNo as string;
}

describe("the account's own data", () => {
  it('exports everything the account holds as one JSON download: texts, results, documents, orders and the bean history', async () => {
    const user = await signUp();
    const orderNo = await someWork(user.headers);
    await t.database.db.insert(editorDocuments).values({ userId: user.userId, title: 'My draft', text: 'A paragraph of my own.', wordCount: 5 });
    const res = await t.app.inject({ method: 'GET', url: '/api/user/exportData', headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="inkwise-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(data.account).toMatchObject({ email: user.email, emailVerified: true, googleSignIn: false });
    expect(data.wallet.balance).toBe(await balance(user.headers));
    const run = data.orders.find((o: Json) => o.orderNo === orderNo);
    expect(run).toMatchObject({ productId: 9, text: essay, beans: expect.any(Number) });
    expect(run.result.text.length).toBeGreaterThan(50);
    expect(data.documents).toEqual([expect.objectContaining({ title: 'My draft', text: 'A paragraph of my own.' })]);
    expect(data.ledger.map((e: Json) => e.reason)).toEqual(['welcome', 'order_payment']);
    // Another account's export holds none of it.
    const other = await signUp();
    const theirs = await call('GET', '/api/user/exportData', undefined, other.headers);
    expect(JSON.stringify(theirs)).not.toContain(essay);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/exportData' })).statusCode).toBe(401);
  });

  it('deletes an account only with its password: a wrong one changes nothing and says so in the reader\'s language', async () => {
    const user = await signUp();
    expect(await call('POST', '/api/user/closeAccount', { password: 'not my password 1' }, user.headers)).toEqual({
      code: 1,
      message: 'That does not match. Enter your password, or the e-mail address of a Google account, to confirm.',
    });
    const fr = await call('POST', '/api/user/closeAccount', {}, { ...user.headers, 'accept-language': 'fr' });
    expect(fr.code).toBe(1);
    expect(fr.message).not.toMatch(/does not match/);
    expect((await call('GET', '/api/user/info', undefined, user.headers)).data.account).toBe(user.email);
  });

  it('deletes the person and keeps the payment records: texts, results, documents and sign-in gone, orders and ledger kept without text', async () => {
    const user = await signUp();
    const orderNo = await someWork(user.headers);
    await t.database.db.insert(editorDocuments).values({ userId: user.userId, title: 'Notes', text: 'Private notes.', wordCount: 2 });
    const left = await balance(user.headers);
    expect(left).toBeGreaterThan(0);
    expect(await call('POST', '/api/user/closeAccount', { password: user.password }, user.headers)).toEqual({ code: 0, data: null });

    // Signed out everywhere, and no way back in.
    expect((await t.app.inject({ method: 'GET', url: '/api/user/info', headers: user.headers })).statusCode).toBe(401);
    expect(await call('POST', '/login', { email: user.email, password: user.password })).toMatchObject({ code: 1, message: 'E-mail or password is incorrect.' });
    const db = t.database.db;
    expect((await db.select().from(sessions).where(eq(sessions.userId, user.userId))).every((s) => s.revokedAt !== null)).toBe(true);
    // Nothing names the person any more; the address is remembered only as a keyed hash.
    const [row] = await db.select().from(users).where(eq(users.id, user.userId));
    expect(row).toMatchObject({ passwordHash: null, googleSub: null, inviteCode: null, closedAt: expect.any(Date) });
    expect(row!.email).not.toContain(user.email.split('@')[0]!);
    expect(JSON.stringify(await db.select().from(closedAccounts))).not.toContain(user.email);
    // Texts and results are gone; the order stays with its figures, and the beans left through the ledger.
    expect(await db.select().from(toolResults).where(eq(toolResults.userId, user.userId))).toEqual([]);
    expect(await db.select().from(editorDocuments).where(eq(editorDocuments.userId, user.userId))).toEqual([]);
    const [order] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(order).toMatchObject({ content: null, extraInfo: null, beans: expect.any(Number) });
    expect(order!.beans).toBeGreaterThan(0);
    const ledger = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.userId));
    expect(ledger.map((e) => [e.reason, e.amount, e.balanceAfter]).at(-1)).toEqual(['account_closed', -left, 0]);
    expect(ledger.reduce((sum, e) => sum + e.amount, 0)).toBe(0);
  });

  it('the same address may sign up again, as a new account without a second welcome gift', async () => {
    const user = await signUp();
    expect(await balance(user.headers)).toBe(100);
    expect((await call('POST', '/api/user/closeAccount', { password: user.password }, user.headers)).code).toBe(0);
    const again = await signUp(user.email, 'another horse 7');
    expect(again.userId).not.toBe(user.userId);
    expect(await balance(again.headers)).toBe(0);
    // Its welcome offers nothing, so the page shows none.
    expect((await call('GET', '/api/coupon/getRegistrationRights', undefined, again.headers)).data).toMatchObject({ beans: 0, amount: 0, invited: false });
    const data = await call('GET', '/api/user/exportData', undefined, again.headers);
    expect(data.orders).toEqual([]);
    expect(data.ledger).toEqual([]);
  });

  it('an account without a password confirms with its e-mail address; a second deletion of the same account is refused', async () => {
    const user = await signUp();
    await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.userId));
    await t.database.db.transaction((tx) => moveBeans(tx, { userId: user.userId, amount: 50, reason: 'admin', ref: 'test' }));
    expect((await call('POST', '/api/user/closeAccount', { email: 'someone.else@example.edu' }, user.headers)).code).toBe(1);
    expect((await call('POST', '/api/user/closeAccount', { email: ` ${user.email.toUpperCase()} ` }, user.headers)).code).toBe(0);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/closeAccount', payload: { email: user.email }, headers: user.headers })).statusCode).toBe(401);
  });
});
