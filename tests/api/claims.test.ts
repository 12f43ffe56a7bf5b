import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus } from '../../src/domain/orders.ts';
import { ProductId } from '../../src/domain/products.ts';
import { orders } from '../../server/db/schema.ts';
import { startWorker } from '../../server/jobs/worker.ts';
import { newOrderNo } from '../../server/services/orders.ts';
import { accountWithSession } from './fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Hole 11 of issue 10: a run whose process died waited 5 minutes before retry (claims now beat; see also tests/unit/server/engine-pool.test.ts).

describe('[HUM-07] claims of dead workers are retaken quickly, live ones never', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WORKER: 'false' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function paidOrder(status: number, claimedSecondsAgo: number) {
    const user = await accountWithSession(t);
    const orderNo = newOrderNo();
    await t.database.db.insert(orders).values({
      orderNo, userId: user.id, productId: ProductId.HUMANIZE, orderType: 7, status, content: 'Students write essays.', wordCount: 3, beans: 5, orderGroup: orderNo, attempts: status === OrderStatus.PROCESSING ? 1 : 0,
    });
    await t.database.db.update(orders).set({ updatedAt: sql`now() - make_interval(secs => ${claimedSecondsAgo})` }).where(eq(orders.orderNo, orderNo));
    return orderNo;
  }
  const statusOf = async (orderNo: string) => (await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;
  async function until(orderNo: string, status: number) {
    for (let i = 0; i < 400; i++) {
      const row = await statusOf(orderNo);
      if (row.status === status) return row;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`order ${orderNo} never reached ${status}`);
  }

  it('retakes a claim whose worker stopped beating 40 s ago (it used to wait 5 minutes)', async () => {
    const orderNo = await paidOrder(OrderStatus.PROCESSING, 40);
    const worker = startWorker(t.database.db, new Map([[7, async () => ({ engine: 't', source: 's', format: {}, plain: 'p' })]]), t.app.log, { idleMs: 20 });
    try {
      const done = await until(orderNo, OrderStatus.DONE);
      expect(done.attempts).toBe(2);
    } finally {
      await worker.stop();
    }
  });

  it('keeps a long run’s claim alive with its heartbeat, so a second worker never takes it', async () => {
    const orderNo = await paidOrder(OrderStatus.PAYMENT_RECEIVED, 0);
    let release!: () => void;
    const started = new Promise<void>((resolve) => {
      release = resolve;
    });
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const slow = new Map([[7, async () => {
      release();
      await held;
      return { engine: 't', source: 's', format: {}, plain: 'p' };
    }]]);
    const claimTimeoutMs = 300;
    const a = startWorker(t.database.db, slow, t.app.log, { idleMs: 20, claimTimeoutMs });
    await started;
    const b = startWorker(t.database.db, new Map([[7, async () => Promise.reject(new Error('second worker must not run this'))]]), t.app.log, { idleMs: 20, claimTimeoutMs });
    try {
      // Several claim timeouts pass while A's run goes on: B keeps looking and never gets it.
      for (let beat = 0; beat < 8; beat++) {
        const before = (await statusOf(orderNo)).updatedAt.getTime();
        for (let i = 0; i < 200 && (await statusOf(orderNo)).updatedAt.getTime() === before; i++) await new Promise((resolve) => setTimeout(resolve, 20));
        expect((await statusOf(orderNo)).attempts).toBe(1);
      }
      finish();
      const done = await until(orderNo, OrderStatus.DONE);
      expect(done.attempts).toBe(1);
    } finally {
      finish();
      await a.stop();
      await b.stop();
    }
  });
});
