/**
 * Steps the paid tool API tests share: a call that must answer HTTP 200, an account holding beans, and one paid
 * run (create the order, pay it, poll its result endpoint until the result or an error is in).
 */
import { expect } from 'vitest';
import { moveBeans } from '../../server/services/ledger.ts';
import { accountWithSession } from './fixtures.ts';
import type { TestApp } from './helpers.ts';

export type Json = Record<string, any>;

/** One JSON request that must answer HTTP 200; answers its body. */
export async function call(t: TestApp, method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown): Promise<Json> {
  const res = await t.app.inject({ method, url, headers, payload: payload as object | undefined });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A fresh account with 2,000 beans moved in through the ledger. */
export async function richAccount(t: TestApp) {
  const user = await accountWithSession(t);
  await t.database.db.transaction((tx) => moveBeans(tx, { userId: user.id, amount: 2_000, reason: 'admin', ref: 'test' }));
  return user;
}

/**
 * Creates the order of `productId` (checking it is of `orderType`), pays it in beans, then asks `fetchResult` until
 * the answer carries the result (`data.data`) or an error code; answers that last answer.
 */
export async function paidRun(
  t: TestApp,
  headers: Record<string, string>,
  order: { productId: number; orderType: number; content: string; extraInfo: Json },
  fetchResult: (orderNo: string) => Promise<Json>,
): Promise<Json> {
  const created = await call(t, 'POST', '/api/createOrder', headers, { productId: order.productId, content: order.content, extraInfo: order.extraInfo });
  expect(created.code, JSON.stringify(created)).toBe(0);
  expect(created.data.orderType).toBe(order.orderType);
  expect((await call(t, 'POST', '/api/createPayment', headers, { orderNo: created.data.orderNo })).code).toBe(0);
  for (let i = 0; i < 400; i++) {
    const r = await fetchResult(created.data.orderNo);
    if (r.code !== 0 || r.data.data) return r;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no result for order ${created.data.orderNo}`);
}
