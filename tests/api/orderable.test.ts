import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus } from '../../src/domain/orders.ts';
import { ProductId, products } from '../../src/domain/products.ts';
import { ledgerEntries, orders } from '../../server/db/schema.ts';
import { orderableTypes, runnersFor } from '../../server/jobs/runners.ts';
import { newOrderNo } from '../../server/services/orders.ts';
import { walletBalance } from '../../server/services/users.ts';
import { accountWithSession } from './fixtures.ts';
import { createTestApp, type TestApp, secondDatabaseRun } from './helpers.ts';

// Hole 9 of issue 10: plagiarism, reference, rewrite and AI-writer orders were accepted and paid with no runner (beans lost).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WORKER: 'false' });
});
afterAll(async () => {
  await t.close();
});

const tools = products.filter((p) => p.kind === 'tool');
const unavailable = tools.filter((p) => !orderableTypes.has(p.orderType));
const post = async (url: string, headers: Record<string, string>, payload: unknown) =>
  (await t.app.inject({ method: 'POST', url, headers: { ...headers, 'accept-language': 'es' }, payload: payload as object })).json();
const message = 'Esta herramienta aún no está disponible, así que no se puede pedir. No se ha cobrado nada.';

describe.skipIf(secondDatabaseRun)('[TOOL-03] [TOOL-04] [TOOL-05] [TOOL-06] a tool is orderable exactly when its runner is registered', () => {
  it('derives what can be ordered from the runner registry', () => {
    const registry = runnersFor({ llm: undefined }, t.database.db);
    expect([...orderableTypes].sort()).toEqual([...registry.keys()].sort());
    for (const product of tools) expect(orderableTypes.has(product.orderType), `product ${product.id}`).toBe(registry.has(product.orderType));
  });

  it.each(unavailable.map((p) => [p.id, p.orderType]))('refuses to quote or order product %i (type %i), charging nothing', async (productId) => {
    const user = await accountWithSession(t);
    const before = await walletBalance(t.database.db, user.id);
    const content = 'A short essay about climate policy and the students who study it.';
    expect(await post('/api/calculateSettlement', {}, { products: [{ productId, count: 1, content }] })).toEqual({ code: 1, message });
    expect(await post('/api/createOrder', user.headers, { productId, content })).toEqual({ code: 1, message });
    expect(await walletBalance(t.database.db, user.id)).toBe(before);
  });

  it('refuses to pay an order of such a tool made before, and moves no beans', async () => {
    const product = unavailable[0];
    if (!product) return;
    const user = await accountWithSession(t);
    const before = await walletBalance(t.database.db, user.id);
    const orderNo = newOrderNo();
    await t.database.db.insert(orders).values({ orderNo, userId: user.id, productId: product.id, orderType: product.orderType, status: OrderStatus.CREATED, content: 'x', wordCount: 1, beans: 5, orderGroup: orderNo });
    expect(await post('/api/createPayment', user.headers, { orderNo })).toEqual({ code: 1, message });
    expect(await walletBalance(t.database.db, user.id)).toBe(before);
    expect(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.ref, orderNo))).toEqual([]);
    const [row] = await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.orderNo, orderNo));
    expect(row!.status).toBe(OrderStatus.CREATED);
  });

  it('still quotes and sells the tools that have a runner', async () => {
    const user = await accountWithSession(t);
    for (const productId of [ProductId.HUMANIZE, ProductId.AI_DETECTION, ProductId.AI_DETECTION_TURNITIN]) {
      expect((await post('/api/calculateSettlement', {}, { products: [{ productId, count: 1, content: 'Students write essays about climate policy.' }] })).code).toBe(0);
      expect((await post('/api/createOrder', user.headers, { productId, content: 'Students write essays about climate policy in their first year.' })).code).toBe(0);
    }
  });
});
