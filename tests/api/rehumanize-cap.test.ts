import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MembershipLevel } from '../../src/domain/plans.ts';
import { OrderStatus, liveRunStatuses } from '../../src/domain/orders.ts';
import { ProductId } from '../../src/domain/products.ts';
import { humanizerLimits } from '../../src/domain/humanizer.ts';
import { orders } from '../../server/db/schema.ts';
import { ledgerCheck } from '../../server/services/ledger.ts';
import { accountWithSession } from './fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Hole 4 of issue 10: unpaid re-runs were not counted and payment did not check the cap (13 versions; 21 in parallel).
let t: TestApp;
beforeAll(async () => {
  // No worker: the origin is marked done by hand, so no engine time is spent.
  t = await createTestApp({ WORKER: 'false' });
});
afterAll(async () => {
  await t.close();
});

const text = 'Online learning has become popular. Students write essays about climate policy in 2024 and discuss them.';
const post = async (url: string, headers: Record<string, string>, payload: unknown) => (await t.app.inject({ method: 'POST', url, headers, payload: payload as object })).json();

async function doneOrigin(headers: Record<string, string>) {
  const order = await post('/api/createOrder', headers, { productId: ProductId.HUMANIZE, content: text });
  expect((await post('/api/createPayment', headers, { orderNo: order.data.orderNo })).code).toBe(0);
  await t.database.db.update(orders).set({ status: OrderStatus.DONE }).where(eq(orders.orderNo, order.data.orderNo));
  return order.data.orderNo as string;
}

async function liveVersions(group: string) {
  const rows = await t.database.db.select({ orderNo: orders.orderNo }).from(orders).where(and(eq(orders.orderGroup, group), inArray(orders.status, [...liveRunStatuses])));
  return rows.length;
}

describe('[HUM-09] the five-version cap holds when paying', () => {
  it('pays at most four re-runs however many unpaid ones were created first', async () => {
    const pro = await accountWithSession(t, { level: MembershipLevel.PREMIUM_PRO_MONTH });
    const origin = await doneOrigin(pro.headers);
    const created: string[] = [];
    for (let i = 0; i < 12; i++) {
      const rerun = await post('/api/createOrder', pro.headers, { productId: ProductId.HUMANIZE, extraInfo: { originOrderNo: origin } });
      if (rerun.code === 0) created.push(rerun.data.orderNo);
    }
    const answers = [];
    for (const orderNo of created) answers.push(await post('/api/createPayment', pro.headers, { orderNo }));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(humanizerLimits.maxVersions - 1);
    for (const refused of answers.filter((a) => a.code !== 0)) {
      expect(refused).toEqual({ code: 1, message: 'Each payment allows up to 5 free re-executions, and all have been used.' });
    }
    expect(await liveVersions(origin)).toBe(humanizerLimits.maxVersions);
  });

  it('holds under twenty parallel create-and-pay requests', async () => {
    const pro = await accountWithSession(t, { level: MembershipLevel.PREMIUM_MONTH });
    const origin = await doneOrigin(pro.headers);
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        const rerun = await post('/api/createOrder', pro.headers, { productId: ProductId.HUMANIZE, extraInfo: { originOrderNo: origin } });
        if (rerun.code === 0) await post('/api/createPayment', pro.headers, { orderNo: rerun.data.orderNo });
      }),
    );
    expect(await liveVersions(origin)).toBe(humanizerLimits.maxVersions);
    // Re-runs are free: the only debit is the origin's.
    const ledger = await ledgerCheck(t.database.db, pro.id);
    expect(ledger.balance).toBe(ledger.ledgerSum);
  });
});
