import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '../../server/db/schema.ts';
import { undoWindowMs } from '../../server/services/orders.ts';
import { call, richAccount } from './paid-tool.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const listed = async (headers: Record<string, string>) => ((await call(t, 'GET', '/api/essay/history?page=1&size=50', headers)).data.list as { jobId: string }[]).map((e) => e.jobId);

describe('undo after a deletion (issue 30)', () => {
  it('brings a deleted history entry back within the window, never another account\'s, never an old deletion', async () => {
    const user = await richAccount(t);
    const order = await call(t, 'POST', '/api/createOrder', user.headers, { productId: 8, content: 'Students sleep less before exams, and their memory suffers for it the next day.' });
    await call(t, 'POST', '/api/createPayment', user.headers, { orderNo: order.data.orderNo });
    const jobId = order.data.orderNo as string;
    expect(await listed(user.headers)).toContain(jobId);
    expect((await call(t, 'POST', '/api/essay/delete', user.headers, { jobId })).code).toBe(0);
    expect(await listed(user.headers)).not.toContain(jobId);

    const other = await richAccount(t);
    expect(await call(t, 'POST', '/api/essay/restore', other.headers, { jobId })).toMatchObject({ code: 1 });
    expect((await call(t, 'POST', '/api/essay/restore', user.headers, { jobId })).code).toBe(0);
    expect(await listed(user.headers)).toContain(jobId);
    // Restoring what is not deleted, or a deletion older than the window, finds nothing.
    expect(await call(t, 'POST', '/api/essay/restore', user.headers, { jobId })).toMatchObject({ code: 1 });
    await call(t, 'POST', '/api/essay/delete', user.headers, { jobId });
    await t.database.db.update(orders).set({ deletedAt: new Date(Date.now() - undoWindowMs - 60_000) }).where(eq(orders.orderNo, jobId));
    expect(await call(t, 'POST', '/api/essay/restore', user.headers, { jobId })).toMatchObject({ code: 1 });
    expect(await listed(user.headers)).not.toContain(jobId);
  });

  it('brings a removed order back to the order list', async () => {
    const user = await richAccount(t);
    const order = await call(t, 'POST', '/api/createOrder', user.headers, { productId: 4, currency: 'USD' });
    const orderNo = order.data.orderNo as string;
    await call(t, 'POST', '/api/order/cancel', user.headers, { orderNo });
    expect((await call(t, 'POST', '/api/order/delete', user.headers, { orderNo })).code).toBe(0);
    const [deleted] = await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(deleted!.deletedAt).not.toBeNull();
    expect((await call(t, 'POST', '/api/order/restore', user.headers, { orderNo })).code).toBe(0);
    const [back] = await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(back!.deletedAt).toBeNull();
  });
});
