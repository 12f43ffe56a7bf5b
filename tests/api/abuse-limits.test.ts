import { eq, sql } from 'drizzle-orm';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, editorDocuments, emailCodes, mailOutbox, oneTimeTokens, orders, rateLimits, users } from '../../server/db/schema.ts';
import { pruneExpired } from '../../server/services/maintenance.ts';
import { createUser } from '../../server/services/users.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { accountWithSession } from './fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WORKER: 'false' });
});
afterAll(async () => {
  await t.close();
});

// Hole 11 of issue 10: 10 wrong passwords locked the owner out everywhere.
describe('[ACC-03] wrong passwords lock out the address and IP pair, not the owner elsewhere', () => {
  it('refuses the 11th try from the guessing address but lets the owner in from another', async () => {
    const email = `owner${Date.now()}@example.edu`;
    const user = await createUser(t.database.db, { email, passwordHash: null, locale: 'en', userType: '1' });
    await t.database.db.update(users).set({ passwordHash: await hash('Right password 1', { algorithm: 2 }) }).where(eq(users.id, user.id));
    const login = (password: string, ip: string) => t.app.inject({ method: 'POST', url: '/login', payload: { email, password }, remoteAddress: ip });
    for (let i = 0; i < 10; i++) expect((await login(`wrong ${i}`, '198.51.100.7')).json().code).toBe(1);
    expect((await login('Right password 1', '198.51.100.7')).json().code).toBe(429);
    expect((await login('Right password 1', '203.0.113.20')).json().code).toBe(0);
  });
});

describe('[SITE-08] [COM-17] the public analytics endpoint is limited and capped', () => {
  const event = (path = '/en') => ({ name: 'beanChargeView', path });
  it('answers 429 past the per-address limit, while others go on', async () => {
    const send = (ip: string) => t.app.inject({ method: 'POST', url: '/api/analytics/event', payload: event(), remoteAddress: ip });
    const codes = [];
    for (let i = 0; i < 121; i++) codes.push((await send('192.0.2.44')).json().code);
    expect(codes.slice(0, 120).every((c) => c === 0)).toBe(true);
    expect(codes[120]).toBe(429);
    expect((await send('192.0.2.45')).json().code).toBe(0);
  });

  it('refuses a body over 4 KB', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/analytics/event', payload: { ...event(), source: 'x'.repeat(5000) }, remoteAddress: '192.0.2.46' });
    expect(res.statusCode).toBe(413);
  });
});

describe('[COM-07] the public price quote is bounded and limited', () => {
  const body = (content: string) => ({ products: [{ productId: 9, content }], currency: 'USD' });
  it('refuses a body over 256 KB with a clear answer, and quotes a long essay', async () => {
    const big = await t.app.inject({ method: 'POST', url: '/api/calculateSettlement', payload: body('word '.repeat(60_000)), remoteAddress: '192.0.2.60' });
    expect(big.statusCode).toBe(413);
    expect(big.body).not.toMatch(/at |node_modules/);
    const long = await t.app.inject({ method: 'POST', url: '/api/calculateSettlement', payload: body('word '.repeat(5_000)), remoteAddress: '192.0.2.60' });
    expect(long.json().code).toBe(0);
  });

  it('answers 429 past 600 quotes in 10 minutes from one address, while others go on', async () => {
    const send = (ip: string) => t.app.inject({ method: 'POST', url: '/api/calculateSettlement', payload: body('Two words.'), remoteAddress: ip });
    let last = 0;
    for (let i = 0; i < 601; i++) last = (await send('192.0.2.61')).json().code;
    expect(last).toBe(429);
    expect((await send('192.0.2.62')).json().code).toBe(0);
  });
});

describe('expired bookkeeping is pruned', () => {
  it('deletes expired rate-limit windows, codes and one-time tokens, and keeps live ones', async () => {
    const db = t.database.db;
    await db.insert(rateLimits).values([
      { key: 'prune:old', count: 3, resetAt: sql`now() - interval '1 minute'` as unknown as Date },
      { key: 'prune:live', count: 3, resetAt: sql`now() + interval '10 minutes'` as unknown as Date },
    ]);
    await db.insert(emailCodes).values([
      { email: 'prune-old@example.edu', purpose: 'reset', codeHash: 'x', expiresAt: sql`now() - interval '2 days'` as unknown as Date },
      { email: 'prune-live@example.edu', purpose: 'reset', codeHash: 'x', expiresAt: sql`now() + interval '10 minutes'` as unknown as Date },
    ]);
    await db.insert(oneTimeTokens).values([
      { tokenHash: 'prune-old', purpose: 'oauth-state', expiresAt: sql`now() - interval '2 days'` as unknown as Date },
      { tokenHash: 'prune-live', purpose: 'oauth-state', expiresAt: sql`now() + interval '10 minutes'` as unknown as Date },
    ]);
    await db.insert(mailOutbox).values([
      { to: 'prune-old@example.edu', subject: 'old', text: 'code 123456', html: '', transport: 'outbox', createdAt: sql`now() - interval '2 days'` as unknown as Date },
      { to: 'prune-live@example.edu', subject: 'live', text: 'code 654321', html: '', transport: 'outbox' },
    ]);
    // Storage that only grew: a document deleted long ago, an unpaid tool run of last week, an old analytics event.
    const owner = await accountWithSession(t);
    const [oldDoc, liveDoc] = await db
      .insert(editorDocuments)
      .values([
        { userId: owner.id, title: 'old', text: 'gone', wordCount: 1, deletedAt: sql`now() - interval '8 days'` as unknown as Date },
        { userId: owner.id, title: 'recent', text: 'undo me', wordCount: 2, deletedAt: sql`now() - interval '1 hour'` as unknown as Date },
      ])
      .returning({ id: editorDocuments.id });
    await db.insert(orders).values([
      { orderNo: 'PRUNE-UNPAID-OLD', userId: owner.id, productId: 9, orderType: 7, status: 0, content: 'x'.repeat(1000), wordCount: 1, beans: 5, amountCents: 0, createdAt: sql`now() - interval '3 days'` as unknown as Date },
      { orderNo: 'PRUNE-UNPAID-NEW', userId: owner.id, productId: 9, orderType: 7, status: 0, content: 'y', wordCount: 1, beans: 5, amountCents: 0 },
    ]);
    await db.insert(analyticsEvents).values([
      { name: 'pruneOld', path: '/en', createdAt: sql`now() - interval '200 days'` as unknown as Date },
      { name: 'pruneLive', path: '/en' },
    ]);
    const pruned = await pruneExpired(db);
    expect(pruned.mails).toBeGreaterThanOrEqual(1);
    expect((await db.select({ id: editorDocuments.id }).from(editorDocuments).where(sql`${editorDocuments.id} in (${oldDoc!.id}, ${liveDoc!.id})`)).map((r) => r.id)).toEqual([liveDoc!.id]);
    expect((await db.select({ no: orders.orderNo }).from(orders).where(sql`${orders.orderNo} like 'PRUNE-UNPAID-%'`)).map((r) => r.no)).toEqual(['PRUNE-UNPAID-NEW']);
    expect((await db.select({ name: analyticsEvents.name }).from(analyticsEvents).where(sql`${analyticsEvents.name} like 'prune%'`)).map((r) => r.name)).toEqual(['pruneLive']);
    expect((await db.select().from(mailOutbox).where(sql`${mailOutbox.to} like 'prune-%'`)).map((r) => r.to)).toEqual(['prune-live@example.edu']);
    expect(pruned.rateLimits).toBeGreaterThanOrEqual(1);
    expect((await db.select().from(rateLimits).where(sql`${rateLimits.key} like 'prune:%'`)).map((r) => r.key)).toEqual(['prune:live']);
    expect((await db.select().from(emailCodes).where(sql`${emailCodes.email} like 'prune-%'`)).map((r) => r.email)).toEqual(['prune-live@example.edu']);
    expect((await db.select().from(oneTimeTokens).where(sql`${oneTimeTokens.tokenHash} like 'prune-%'`)).map((r) => r.tokenHash)).toEqual(['prune-live']);
  });
});
