import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MembershipLevel } from '../../src/domain/plans.ts';
import { OrderStatus, OrderType } from '../../src/domain/orders.ts';
import { ProductId } from '../../src/domain/products.ts';
import { ledgerCheck, moveBeans } from '../../server/services/ledger.ts';
import { refundOrder } from '../../server/services/orders.ts';
import { accountWithSession } from './fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { rewards } from '../../src/domain/rewards.ts';

let t: TestApp;
beforeAll(async () => {
  // No worker: these tests read orders in the states payment leaves them in (30), before any engine runs; with a
  // worker in the process a fast engine finishes first and the states race.
  t = await createTestApp({ WORKER: 'false' });
});
afterAll(async () => {
  await t.close();
});

type Json = Record<string, any>;
const essay = (words: number) => Array.from({ length: words }, (_, i) => `word${i}`).join(' ');

/** A user with `beans` in the wallet (brought there through the ledger) and a bearer header. */
async function customer(beans = 0, level: number = MembershipLevel.FREE) {
  const user = await accountWithSession(t, { level, prefix: 'buyer' });
  // Every account starts with the welcome beans; bring the wallet to `beans` through the ledger.
  const adjust = beans - rewards.welcomeBeans;
  if (adjust) await moveBeans(t.database.db, { userId: user.id, amount: adjust, reason: 'admin', ref: 'test grant' });
  return user;
}

async function post(url: string, payload: unknown, headers: Record<string, string> = {}): Promise<Json> {
  const res = await t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('quotes', () => {
  it('[COM-07] prices tool runs in beans with the shared word counter, for visitors too', async () => {
    const res = await post('/api/calculateSettlement', { shopId: 1, products: [{ productId: 9, count: 1, content: essay(250) }], couponIds: [], currency: 'USD', extraInfo: { isUltra: false } });
    expect(res.data).toEqual({ wordCount: 250, productSettlements: { '9': { showPrice: 25, payPrice: 25, unit: 'beans', currency: null, effectiveProductId: 9 } } });
    const ultra = await post('/api/calculateSettlement', { products: [{ productId: 9, content: essay(250) }], extraInfo: { isUltra: true } });
    expect(ultra.data.productSettlements['9']).toMatchObject({ payPrice: 50, effectiveProductId: 20 });
  });

  it('[COM-07] [COM-02] prices plans in the chosen currency, annual plans for the year', async () => {
    const res = await post('/api/calculateSettlement', { products: [{ productId: ProductId.PRO_ANNUAL }, { productId: ProductId.PREMIUM_MONTHLY }], currency: 'CAD' });
    expect(res.data.productSettlements[String(ProductId.PRO_ANNUAL)]).toMatchObject({ payPrice: 25 * 12 * 100, unit: 'cents', currency: 'CAD' });
    expect(res.data.productSettlements[String(ProductId.PREMIUM_MONTHLY)]).toMatchObject({ payPrice: 2800 });
  });

  it('[COM-07] refuses an unknown product or currency with a clear message', async () => {
    expect(await post('/api/calculateSettlement', { products: [{ productId: 999 }] })).toEqual({ code: 1, message: 'This product does not exist.' });
    const bad = await t.app.inject({ method: 'POST', url: '/api/calculateSettlement', payload: { products: [{ productId: 9 }], currency: 'EUR' } });
    expect(bad.statusCode).toBe(400);
  });

  it('[COM-18] lists the bean packs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/getWalletProducts' });
    expect(res.json().data).toEqual(expect.arrayContaining([expect.objectContaining({ productId: 101, beans: 500, prices: { USD: 499, CAD: 699, AUD: 749 } })]));
  });
});

describe('orders paid with beans', () => {
  it('[COM-08] [HUM-16] creates a humanizer order and pays it from the wallet in one step', async () => {
    const user = await customer(100);
    const order = await post('/api/createOrder', { productId: 9, content: essay(120), extraInfo: { isUltra: false } }, user.headers);
    expect(order.data).toMatchObject({ status: OrderStatus.CREATED, productId: 9, orderType: OrderType.HUMANIZER, payPrice: 12, wordCount: 120 });
    const paid = await post('/api/createPayment', { orderNo: order.data.orderNo }, user.headers);
    expect(paid.data).toMatchObject({ status: OrderStatus.PAYMENT_RECEIVED, balance: 88 });
    // Paying again charges nothing.
    const again = await post('/api/createPayment', { orderNo: order.data.orderNo }, user.headers);
    expect(again.data.status).toBe(OrderStatus.PAYMENT_RECEIVED);
    expect((await post('/api/checkPaymentStatus', { orderNo: order.data.orderNo }, user.headers)).data).toEqual({ orderNo: order.data.orderNo, status: 30 });
    expect(await ledgerCheck(t.database.db, user.id)).toMatchObject({ balance: 88, ledgerSum: 88 });
  });

  it('accepts the spec’s multipart fields', async () => {
    const user = await customer(50);
    const order = await post('/api/createOrder', { productId: 8, content: essay(100) }, user.headers);
    const boundary = '----inkwise';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="orderNo"\r\n\r\n${order.data.orderNo}\r\n--${boundary}--\r\n`;
    const res = await t.app.inject({ method: 'POST', url: '/api/checkPaymentStatus', payload: body, headers: { ...user.headers, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(res.json()).toEqual({ code: 0, data: { orderNo: order.data.orderNo, status: 0 } });
  });

  it('[HUM-17] [HUM-19] [HUM-14] checks the word limit, English and Ultra rights before creating an order', async () => {
    const free = await customer(1000);
    expect(await post('/api/createOrder', { productId: 9, content: essay(301) }, free.headers)).toEqual({ code: 1, message: 'Your plan allows up to 300 words per run. Upgrade to unlock more words.' });
    expect((await post('/api/createOrder', { productId: 9, content: essay(300) }, free.headers)).code).toBe(0);
    expect(await post('/api/createOrder', { productId: 9, content: '这是一篇关于人工智能的文章，我们需要把它改写得更自然。' }, free.headers)).toEqual({ code: 1, message: 'Non-English text detected. Please submit in English.' });
    // German passes the character rule (Latin letters) but not the language check, and costs nothing either.
    const german =
      'Die sozialen Medien haben das Leben junger Menschen stark verändert. Viele Schüler verbringen jeden Tag mehrere Stunden am Handy, und Lehrer beobachten, dass die Konzentration im Unterricht nachlässt. Trotzdem bieten diese Plattformen auch Chancen für den Austausch.';
    expect(await post('/api/createOrder', { productId: 9, content: german }, free.headers)).toEqual({ code: 1, message: 'Non-English text detected. Please submit in English.' });
    expect(await post('/api/createOrder', { productId: 20, content: essay(50), extraInfo: { isUltra: true } }, free.headers)).toEqual({ code: 1, message: 'Ultra is part of the Premium and Pro plans.' });
    expect(await post('/api/createOrder', { productId: 9, content: '   ' }, free.headers)).toEqual({ code: 1, message: 'Add some text first.' });
    const pro = await customer(1000, MembershipLevel.PREMIUM_PRO_MONTH);
    const ultra = await post('/api/createOrder', { productId: 9, content: essay(3500), extraInfo: { isUltra: true } }, pro.headers);
    expect(ultra.data).toMatchObject({ productId: 20, orderType: OrderType.HUMANIZER_ULTRA, payPrice: 700 });
    expect(await post('/api/createOrder', { productId: 9, content: essay(3501) }, pro.headers)).toMatchObject({ message: /3500 words/ });
  });

  it('[COM-08] refuses to pay without enough beans and changes nothing; the refusal names its reason in every language', async () => {
    const user = await customer(5);
    const order = await post('/api/createOrder', { productId: 9, content: essay(200) }, user.headers);
    // The reason travels as data, so a page in any language can offer the way to more beans (the message is translated).
    expect(await post('/api/createPayment', { orderNo: order.data.orderNo }, user.headers)).toEqual({ code: 1, message: 'You do not have enough beans for this. Top up your wallet or choose a plan.', data: { reason: 'insufficientBeans' } });
    expect(await post('/api/createPayment', { orderNo: order.data.orderNo }, { ...user.headers, 'accept-language': 'fr' })).toEqual({ code: 1, message: "Vous n'avez pas assez de grains pour cela. Rechargez votre portefeuille ou choisissez une formule.", data: { reason: 'insufficientBeans' } });
    expect((await post('/api/checkPaymentStatus', { orderNo: order.data.orderNo }, user.headers)).data.status).toBe(OrderStatus.CREATED);
    expect(await ledgerCheck(t.database.db, user.id)).toMatchObject({ balance: 5, ledgerSum: 5 });
  });

  it('keeps 200 concurrent payments from spending more than the balance, and the ledger sums to it', async () => {
    const user = await customer(1000);
    const created = await Promise.all(Array.from({ length: 200 }, () => post('/api/createOrder', { productId: 8, content: essay(250) }, user.headers)));
    expect(created[0]!.data.payPrice).toBe(10);
    const paid = await Promise.all(created.map((o) => post('/api/createPayment', { orderNo: o.data.orderNo }, user.headers)));
    const succeeded = paid.filter((p) => p.code === 0).length;
    expect(succeeded).toBe(100);
    expect(paid.filter((p) => p.code === 1).every((p) => /not have enough beans/.test(p.message))).toBe(true);
    const check = await ledgerCheck(t.database.db, user.id);
    expect(check.balance).toBe(0);
    expect(check.ledgerSum).toBe(check.balance);
  }, 60_000);

  it('answers the same order for a retried request with the same idempotency key', async () => {
    const user = await customer(0);
    const headers = { ...user.headers, 'idempotency-key': 'retry-123' };
    const [a, b] = await Promise.all([
      post('/api/createOrder', { productId: 8, content: essay(30) }, headers),
      post('/api/createOrder', { productId: 8, content: essay(30) }, headers),
    ]);
    expect(a.data.orderNo).toBe(b.data.orderNo);
  });

  it('refunds a failed run once', async () => {
    const user = await customer(40);
    const order = await post('/api/createOrder', { productId: 9, content: essay(100) }, user.headers);
    await post('/api/createPayment', { orderNo: order.data.orderNo }, user.headers);
    await refundOrder(t.database.db, order.data.orderNo);
    await refundOrder(t.database.db, order.data.orderNo);
    expect((await post('/api/checkPaymentStatus', { orderNo: order.data.orderNo }, user.headers)).data.status).toBe(OrderStatus.ALL_REFUNDED);
    expect(await ledgerCheck(t.database.db, user.id)).toMatchObject({ balance: 40, ledgerSum: 40 });
  });
});

describe('order lists, cancel and delete', () => {
  it('[COM-09] [COM-10] [COM-16] pages through tool orders and filters subscriptions by status 10', async () => {
    const user = await customer(0);
    for (let i = 0; i < 12; i++) await post('/api/createOrder', { productId: 8, content: essay(10 + i) }, user.headers);
    await post('/api/createOrder', { productId: ProductId.PREMIUM_MONTHLY, currency: 'AUD' }, user.headers);
    const first = await post('/api/tool/list', { page: 1, pageSize: 10, orderTypeArray: '5,6,7,8,9,11,12,13' }, user.headers);
    expect(first.data).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(first.data.list).toHaveLength(10);
    const second = await post('/api/tool/list', { page: 2, pageSize: 10, orderTypeArray: '5,6,7,8,9,11,12,13' }, user.headers);
    expect(second.data.list).toHaveLength(2);
    const subs = await post('/api/tool/list', { page: 1, pageSize: 10, orderTypeArray: '0,1,2,3,14,15' }, user.headers);
    expect(subs.data.list).toEqual([expect.objectContaining({ productId: ProductId.PREMIUM_MONTHLY, amountCents: 3000, currency: 'AUD' })]);
    expect((await post('/api/subscription/list', { orderStatus: 10 }, user.headers)).data.total).toBe(0);
    expect(await post('/api/tool/list', { pageSize: 15 }, user.headers)).toMatchObject({ code: 1, message: 'Choose 10, 20, 30, 40 or 50 items per page.' });
  });

  it('[COM-10] cancels an unpaid order (by `order` as the spec names it) and deletes it; a paid order cannot be cancelled', async () => {
    const user = await customer(100);
    const open = await post('/api/createOrder', { productId: 8, content: essay(20) }, user.headers);
    expect((await post('/api/order/cancel', { order: open.data.orderNo }, user.headers)).data.status).toBe(OrderStatus.CANCELLED);
    expect(await post('/api/order/delete', { orderNo: open.data.orderNo }, user.headers)).toEqual({ code: 0, data: null });
    expect(await post('/api/checkPaymentStatus', { orderNo: open.data.orderNo }, user.headers)).toEqual({ code: 1, message: 'We could not find this order.' });
    const paid = await post('/api/createOrder', { productId: 8, content: essay(20) }, user.headers);
    await post('/api/createPayment', { orderNo: paid.data.orderNo }, user.headers);
    expect(await post('/api/order/cancel', { orderNo: paid.data.orderNo }, user.headers)).toEqual({ code: 1, message: 'This order can no longer be changed.' });
    expect(await post('/api/order/delete', { orderNo: paid.data.orderNo }, user.headers)).toEqual({ code: 1, message: 'This order can no longer be changed.' });
  });

  it('never shows or changes another user’s order', async () => {
    const owner = await customer(0);
    const other = await customer(0);
    const order = await post('/api/createOrder', { productId: 8, content: essay(20) }, owner.headers);
    expect(await post('/api/order/cancel', { orderNo: order.data.orderNo }, other.headers)).toEqual({ code: 1, message: 'We could not find this order.' });
    expect((await post('/api/checkPaymentStatus', { orderNo: order.data.orderNo }, owner.headers)).data.status).toBe(0);
    expect(await post('/api/checkPaymentStatus', { orderNo: '' }, owner.headers)).toMatchObject({ code: 1, message: 'The order number is missing.' });
  });

  it('[COM-03] [COM-04] [COM-05] uses the spec’s numbers for order types and statuses', async () => {
    const { OrderType: T, OrderStatus: S, SubscriptionStatus } = await import('../../src/domain/orders.ts');
    expect(Object.values(T)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15]);
    expect(Object.values(S)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    expect(SubscriptionStatus).toEqual({ UNPAID: 0, PAID: 1, NO_PAYMENT_REQUIRED: 2, EXPIRED: 3 });
  });
});

describe('plans and bean packs through the sandbox provider', () => {
  async function checkout(user: { headers: Record<string, string> }, productId: number, currency = 'USD') {
    const order = await post('/api/createOrder', { productId, currency }, user.headers);
    const pay = await post('/api/createPayment', { orderNo: order.data.orderNo }, { ...user.headers, 'accept-language': 'de' });
    expect(pay.data).toMatchObject({ status: OrderStatus.PAYMENT_PENDING, paid: false });
    const url = new URL(pay.data.payUrl);
    expect(url.pathname).toBe('/de/checkout/sandbox');
    return { orderNo: order.data.orderNo as string, session: url.searchParams.get('session')! };
  }

  it('[COM-01] [COM-04] buys Pro monthly: the level, the has-been-member bit and the plan beans follow, once', async () => {
    const user = await customer(100);
    const { orderNo, session } = await checkout(user, ProductId.PRO_MONTHLY, 'CAD');
    const view = await t.app.inject({ method: 'GET', url: `/api/payment/session?id=${session}`, headers: user.headers });
    expect(view.json().data).toMatchObject({ orderNo, productId: ProductId.PRO_MONTHLY, amountCents: 4200, listAmountCents: 4200, currency: 'CAD', status: 'open', coupon: null });
    expect((await post('/api/order/outcome', { orderNo }, user.headers)).data).toEqual({ orderNo, status: OrderStatus.PAYMENT_PENDING, productId: ProductId.PRO_MONTHLY, lastPayment: 'open' });
    expect((await post('/api/payment/sandbox/complete', { id: session, outcome: 'succeeded' }, user.headers)).data).toEqual({ orderNo, status: OrderStatus.DONE });
    // A replayed verdict changes nothing.
    expect((await post('/api/payment/sandbox/complete', { id: session, outcome: 'succeeded' }, user.headers)).data).toEqual({ orderNo, status: OrderStatus.DONE });
    const info = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: user.headers });
    expect(info.json().data.userInfo).toMatchObject({ membershipLevel: MembershipLevel.PREMIUM_PRO_MONTH, membershipName: 'PREMIUM_PRO_MONTH' });
    expect(info.json().data.userInfo.order_status & 16).toBe(16);
    expect(info.json().data.memberInfo.wordLimit).toBe(3500);
    expect(await ledgerCheck(t.database.db, user.id)).toMatchObject({ balance: 100 + 5000, ledgerSum: 5100 });
    const current = await t.app.inject({ method: 'GET', url: '/api/subscription/current', headers: user.headers });
    expect(current.json().data).toMatchObject({ level: 3, status: 1, renews: true });
    const cancelled = await post('/api/subscription/cancel', {}, user.headers);
    expect(cancelled.data).toMatchObject({ status: 1, renews: false });
  });

  it('[COM-06] buys a bean pack; a declined checkout changes nothing and can be retried', async () => {
    const user = await customer(100);
    const first = await checkout(user, ProductId.BEANS_SMALL);
    expect((await post('/api/payment/sandbox/complete', { id: first.session, outcome: 'failed' }, user.headers)).data.status).toBe(OrderStatus.PAYMENT_PENDING);
    expect((await post('/api/checkPaymentStatus', { orderNo: first.orderNo }, user.headers)).data.status).toBe(OrderStatus.PAYMENT_PENDING);
    // The page the checkout returns to can say what happened.
    expect((await post('/api/order/outcome', { orderNo: first.orderNo }, user.headers)).data).toMatchObject({ status: OrderStatus.PAYMENT_PENDING, lastPayment: 'failed', productId: ProductId.BEANS_SMALL });
    const retry = await post('/api/createPayment', { orderNo: first.orderNo }, user.headers);
    const session = new URL(retry.data.payUrl).searchParams.get('session')!;
    expect(session).not.toBe(first.session);
    await post('/api/payment/sandbox/complete', { id: session, outcome: 'succeeded' }, user.headers);
    expect((await t.app.inject({ method: 'GET', url: '/api/getUserWallet', headers: user.headers })).json().data.wallet.balance).toBe(600);
    expect((await post('/api/order/outcome', { orderNo: first.orderNo }, user.headers)).data).toMatchObject({ status: OrderStatus.DONE, lastPayment: 'succeeded' });
  });

  it('[COM-06] shows the bean history: every move with its reason, the order’s product and the balance after it, newest first', async () => {
    const user = await customer(100);
    const { session } = await checkout(user, ProductId.BEANS_SMALL);
    await post('/api/payment/sandbox/complete', { id: session, outcome: 'succeeded' }, user.headers);
    const run = await post('/api/createOrder', { productId: ProductId.AI_DETECTION, content: essay(30) }, user.headers);
    await post('/api/createPayment', { orderNo: run.data.orderNo }, user.headers);
    const page = (await t.app.inject({ method: 'GET', url: '/api/wallet/ledger?page=1&size=10', headers: user.headers })).json();
    expect(page.code).toBe(0);
    expect(page.data.total).toBe(page.data.list.length);
    const [spent, bought] = page.data.list;
    expect(spent).toMatchObject({ amount: -2, balanceAfter: 598, reason: 'order_payment', ref: run.data.orderNo, productId: ProductId.AI_DETECTION });
    expect(bought).toMatchObject({ amount: 500, balanceAfter: 600, reason: 'bean_purchase', productId: ProductId.BEANS_SMALL });
    expect(spent.createTime).toMatch(/Z$/);
    expect(page.data.list.at(-1)).toMatchObject({ reason: 'welcome', amount: rewards.welcomeBeans });
    const sum = page.data.list.reduce((n: number, e: Json) => n + e.amount, 0);
    expect(sum).toBe(598);
    const other = await customer(0);
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/wallet/ledger', headers: other.headers })).json().data.list;
    expect(theirs.some((e: Json) => e.ref === run.data.orderNo)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/wallet/ledger' })).statusCode).toBe(401);
  });

  it('expires a plan whose period ended and returns the user to the free word limit', async () => {
    const user = await customer(100);
    const { session } = await checkout(user, ProductId.PREMIUM_MONTHLY);
    await post('/api/payment/sandbox/complete', { id: session, outcome: 'succeeded' }, user.headers);
    const { subscriptions } = await import('../../server/db/schema.ts');
    await t.database.db.update(subscriptions).set({ currentPeriodEnd: new Date(Date.now() - 1000) }).where(eq(subscriptions.userId, user.id));
    const info = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: user.headers });
    expect(info.json().data.userInfo.membershipLevel).toBe(0);
    expect(info.json().data.userInfo.order_status & 16).toBe(16);
    expect((await t.app.inject({ method: 'GET', url: '/api/subscription/current', headers: user.headers })).json().data.status).toBe(3);
  });

  it('never lets another user see or complete someone’s checkout', async () => {
    const owner = await customer(100);
    const other = await customer(100);
    const { session } = await checkout(owner, ProductId.BEANS_SMALL);
    expect(await post('/api/payment/sandbox/complete', { id: session, outcome: 'succeeded' }, other.headers)).toEqual({ code: 1, message: 'We could not find this order.' });
  });
});

describe('essay history', () => {
  it('[COM-15] [COM-16] lists paid tool runs newest first with createTime in UTC and contentMeta as JSON; deletes one', async () => {
    const user = await customer(1000);
    const paid: string[] = [];
    for (let i = 0; i < 12; i++) {
      const order = await post('/api/createOrder', { productId: 8, content: `Essay number ${i} about memory and sleep` }, user.headers);
      await post('/api/createPayment', { orderNo: order.data.orderNo }, user.headers);
      paid.push(order.data.orderNo);
    }
    await post('/api/createOrder', { productId: 8, content: 'never paid' }, user.headers);
    const first = (await t.app.inject({ method: 'GET', url: '/api/essay/history?page=1&size=10', headers: user.headers })).json();
    expect(first.data).toMatchObject({ total: 12, page: 1, size: 10 });
    expect(first.data.list).toHaveLength(10);
    const item = first.data.list[0];
    expect(item.createTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(JSON.parse(item.contentMeta)).toMatchObject({ title: expect.stringMatching(/^Essay number \d+ about memory and sleep$/), wordCount: 7, orderType: 8, status: 30 });
    const second = (await t.app.inject({ method: 'GET', url: '/api/essay/history?page=2&size=10', headers: user.headers })).json();
    expect(second.data.list).toHaveLength(2);
    expect(await post('/api/essay/delete', { jobId: paid[0] }, user.headers)).toEqual({ code: 0, data: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/essay/history?page=1&size=50', headers: user.headers })).json().data.total).toBe(11);
    expect((await t.app.inject({ method: 'GET', url: '/api/essay/history?size=7', headers: user.headers })).json()).toMatchObject({ code: 1, message: 'Choose 10, 20, 30, 40 or 50 items per page.' });
  });

  it('[COM-15] shows the versions of one run (an order group) as one entry, its latest, and deletes them together', async () => {
    const user = await customer(1000);
    const made: string[] = [];
    for (const text of ['First essay on rivers and towns', 'Second essay on rivers and towns', 'Another text entirely here']) {
      const order = await post('/api/createOrder', { productId: 8, content: text }, user.headers);
      await post('/api/createPayment', { orderNo: order.data.orderNo }, user.headers);
      made.push(order.data.orderNo);
    }
    // The second is a re-run of the first: same group (what re-humanize writes).
    const { orders } = await import('../../server/db/schema.ts');
    await t.database.db.update(orders).set({ orderGroup: made[0]!, originOrderNo: made[0]! }).where(eq(orders.orderNo, made[1]!));
    const history = (await t.app.inject({ method: 'GET', url: '/api/essay/history?page=1&size=10', headers: user.headers })).json().data;
    expect(history.total).toBe(2);
    const grouped = history.list.find((i: Json) => JSON.parse(i.contentMeta).versions === 2);
    expect(grouped.jobId).toBe(made[1]);
    expect(history.list.find((i: Json) => i.jobId === made[2]).contentMeta).toContain('"versions":1');
    await post('/api/essay/delete', { jobId: made[1] }, user.headers);
    const after = (await t.app.inject({ method: 'GET', url: '/api/essay/history?page=1&size=10', headers: user.headers })).json().data;
    expect(after.list.map((i: Json) => i.jobId)).toEqual([made[2]]);
  });
});
