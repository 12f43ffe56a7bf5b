import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MembershipLevel } from '../../src/domain/plans.ts';
import { OrderStatus } from '../../src/domain/orders.ts';
import { ProductId } from '../../src/domain/products.ts';
import { signingKey } from '../../server/services/secrets.ts';
import { startSession } from '../../server/services/sessions.ts';
import { createUser } from '../../server/services/users.ts';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { payments } from '../../server/db/schema.ts';
import { eq } from 'drizzle-orm';

const secretKey = 'sk_test_inkwise_local';
const webhookSecret = 'whsec_inkwise_local_secret';
let t: TestApp;
let fake: FakeStripe;
const sdk = new Stripe(secretKey);

beforeAll(async () => {
  fake = await startFakeStripe(secretKey);
  t = await createTestApp({ STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: fake.apiBase, SITE_URL: 'https://inkwise.test' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function buyer() {
  const user = await createUser(t.database.db, { email: `s${Date.now()}${Math.random()}@example.edu`, passwordHash: null, locale: 'en', userType: '1' });
  const session = await startSession(t.database.db, await signingKey(t.database.db, undefined), user.id);
  return { authorization: `Bearer ${session.accessToken}` };
}

function signed(event: object, secret = webhookSecret) {
  const payload = JSON.stringify(event);
  return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': sdk.webhooks.generateTestHeaderString({ payload, secret }) } };
}

const eventId = () => `evt_${Math.random().toString(36).slice(2)}`;

const completed = (paymentId: string, subscription?: string) => ({
  id: eventId(),
  object: 'event',
  type: 'checkout.session.completed',
  data: { object: { id: 'cs_test_x', object: 'checkout.session', client_reference_id: paymentId, payment_status: 'paid', ...(subscription ? { mode: 'subscription', subscription } : {}) } },
});

/** invoice.paid as the current API shapes it (the subscription under parent.subscription_details). */
const invoicePaid = (invoiceId: string, subscription: string, billingReason: string, periodEnd: Date) => ({
  id: eventId(),
  object: 'event',
  type: 'invoice.paid',
  data: {
    object: {
      id: invoiceId,
      object: 'invoice',
      billing_reason: billingReason,
      status: 'paid',
      parent: { type: 'subscription_details', subscription_details: { subscription, metadata: {} } },
      lines: { object: 'list', data: [{ id: 'il_1', object: 'line_item', period: { start: Math.floor(Date.now() / 1000), end: Math.floor(periodEnd.getTime() / 1000) } }] },
    },
  },
});

const webhook = (event: object, secret?: string) => t.app.inject({ method: 'POST', url: '/api/payment/stripe/webhook', ...signed(event, secret) });
const current = async (headers: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/api/subscription/current', headers })).json().data;
const balance = async (headers: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/api/getUserWallet', headers })).json().data.wallet.balance;

/** Buys a plan through Checkout and completes it with a signed event naming its Stripe subscription. */
async function subscribe(productId: number) {
  const headers = await buyer();
  const order = (await t.app.inject({ method: 'POST', url: '/api/createOrder', headers, payload: { productId } })).json();
  await t.app.inject({ method: 'POST', url: '/api/createPayment', headers, payload: { orderNo: order.data.orderNo } });
  const paymentId = fake.sessions.at(-1)!.client_reference_id!;
  const subscription = `sub_${Math.random().toString(36).slice(2)}`;
  expect((await webhook(completed(paymentId, subscription))).statusCode).toBe(200);
  return { headers, orderNo: order.data.orderNo as string, subscription };
}

describe('Stripe Checkout through the official SDK, against a server speaking Stripe’s API', () => {
  it('[COM-01] opens a subscription-mode Checkout Session for a plan, renewing by its billing period, at our amount, currency and return address', async () => {
    const headers = await buyer();
    const order = (await t.app.inject({ method: 'POST', url: '/api/createOrder', headers, payload: { productId: ProductId.PREMIUM_ANNUAL, currency: 'AUD' } })).json();
    const pay = (await t.app.inject({ method: 'POST', url: '/api/createPayment', headers, payload: { orderNo: order.data.orderNo } })).json();
    expect(pay.data.payUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    expect(pay.data.codeUrl).toBeUndefined();
    const sent = fake.sessions.at(-1)!;
    expect(sent).toMatchObject({
      mode: 'subscription',
      'line_items[0][price_data][currency]': 'aud',
      'line_items[0][price_data][unit_amount]': String(18 * 12 * 100),
      'line_items[0][price_data][recurring][interval]': 'year',
      'subscription_data[metadata][orderNo]': order.data.orderNo,
      success_url: `https://inkwise.test/en/user/subscription?orderNo=${order.data.orderNo}`,
    });
    // The sandbox's test endpoints do not exist beside a real provider.
    const sandbox = await t.app.inject({ method: 'POST', url: '/api/payment/sandbox/complete', headers, payload: { id: sent.client_reference_id, outcome: 'succeeded' } });
    expect(sandbox.statusCode).toBe(404);
  });

  it('[COM-08] does not cancel a Checkout still open at Stripe behind the buyer’s back: another plan names that order to continue or cancel', async () => {
    const headers = await buyer();
    const coupons = (await t.app.inject({ method: 'GET', url: '/api/coupon/getValidCoupons', headers })).json().data.userCoupons;
    const couponIds = [coupons[0].id];
    const first = (await t.app.inject({ method: 'POST', url: '/api/createOrder', headers, payload: { productId: ProductId.PRO_MONTHLY, couponIds } })).json();
    await t.app.inject({ method: 'POST', url: '/api/createPayment', headers, payload: { orderNo: first.data.orderNo } });
    const other = (await t.app.inject({ method: 'POST', url: '/api/createOrder', headers, payload: { productId: ProductId.PREMIUM_MONTHLY, couponIds } })).json();
    expect(other).toEqual({ code: 1, message: expect.stringContaining('still open'), data: { orderNo: first.data.orderNo, productId: ProductId.PRO_MONTHLY } });
    // Cancelled by the buyer, the coupon moves on.
    await t.app.inject({ method: 'POST', url: '/api/order/cancel', headers, payload: { orderNo: first.data.orderNo } });
    expect((await t.app.inject({ method: 'POST', url: '/api/createOrder', headers, payload: { productId: ProductId.PREMIUM_MONTHLY, couponIds } })).json().code).toBe(0);
  });

  it('[COM-08] cancelling an unpaid order expires its Checkout Session at Stripe; a session paid meanwhile keeps the order, and a late success is delivered', async () => {
    const headers = await buyer();
    const order = (await t.app.inject({ method: 'POST', url: '/api/createOrder', headers, payload: { productId: ProductId.BEANS_SMALL } })).json();
    await t.app.inject({ method: 'POST', url: '/api/createPayment', headers, payload: { orderNo: order.data.orderNo } });
    const session = fake.sessions.at(-1)!;
    const cancelled = (await t.app.inject({ method: 'POST', url: '/api/order/cancel', headers, payload: { orderNo: order.data.orderNo } })).json();
    expect(cancelled).toMatchObject({ code: 0, data: { status: OrderStatus.CANCELLED } });
    expect(fake.expired).toContain(session.id);

    // Paid at Stripe in the moment before the cancel: the cancel is refused and the order stays payable.
    const paid = (await t.app.inject({ method: 'POST', url: '/api/createOrder', headers, payload: { productId: ProductId.BEANS_SMALL } })).json();
    await t.app.inject({ method: 'POST', url: '/api/createPayment', headers, payload: { orderNo: paid.data.orderNo } });
    const paidSession = fake.sessions.at(-1)!;
    fake.pay(paidSession.id!);
    const refused = (await t.app.inject({ method: 'POST', url: '/api/order/cancel', headers, payload: { orderNo: paid.data.orderNo } })).json();
    expect(refused).toEqual({ code: 1, message: 'This order can no longer be changed.' });
    const before = await balance(headers);
    expect((await webhook(completed(paidSession.client_reference_id!))).statusCode).toBe(200);
    expect(await balance(headers)).toBe(before + 500);

    // A success for an order that was cancelled anyway (its session could not be closed) is delivered, not dropped.
    const late = (await t.app.inject({ method: 'POST', url: '/api/createOrder', headers, payload: { productId: ProductId.BEANS_SMALL } })).json();
    await t.app.inject({ method: 'POST', url: '/api/createPayment', headers, payload: { orderNo: late.data.orderNo } });
    const lateSession = fake.sessions.at(-1)!;
    await t.database.db.update(payments).set({ externalId: null }).where(eq(payments.orderNo, late.data.orderNo));
    expect((await t.app.inject({ method: 'POST', url: '/api/order/cancel', headers, payload: { orderNo: late.data.orderNo } })).json().code).toBe(0);
    const now = await balance(headers);
    expect((await webhook(completed(lateSession.client_reference_id!))).statusCode).toBe(200);
    expect(await balance(headers)).toBe(now + 500);
    const status = (await t.app.inject({ method: 'POST', url: '/api/checkPaymentStatus', headers, payload: { orderNo: late.data.orderNo } })).json();
    expect(status.data.status).toBe(OrderStatus.DONE);
  });

  it('opens a one-off payment for a bean pack, and refuses the WeChat plans while WeChat Pay is not configured', async () => {
    const headers = await buyer();
    const pack = (await t.app.inject({ method: 'POST', url: '/api/createOrder', headers, payload: { productId: ProductId.BEANS_SMALL } })).json();
    await t.app.inject({ method: 'POST', url: '/api/createPayment', headers, payload: { orderNo: pack.data.orderNo } });
    expect(fake.sessions.at(-1)).toMatchObject({ mode: 'payment', 'line_items[0][price_data][unit_amount]': '499' });
    expect(fake.sessions.at(-1)!['line_items[0][price_data][recurring][interval]']).toBeUndefined();

    const wechat = (await t.app.inject({ method: 'POST', url: '/api/createOrder', headers, payload: { productId: ProductId.WECHAT_PRO } })).json();
    const refused = (await t.app.inject({ method: 'POST', url: '/api/createPayment', headers, payload: { orderNo: wechat.data.orderNo } })).json();
    expect(refused).toEqual({ code: 1, message: 'This payment method is not available yet.' });
  });

  it('applies a signed checkout.session.completed once; a replay changes nothing; a forged signature is refused', async () => {
    const headers = await buyer();
    const order = (await t.app.inject({ method: 'POST', url: '/api/createOrder', headers, payload: { productId: ProductId.PRO_MONTHLY } })).json();
    await t.app.inject({ method: 'POST', url: '/api/createPayment', headers, payload: { orderNo: order.data.orderNo } });
    const paymentId = fake.sessions.at(-1)!.client_reference_id!;

    const refused = await webhook(completed(paymentId), 'whsec_someone_else');
    expect(refused.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/checkPaymentStatus', headers, payload: { orderNo: order.data.orderNo } })).json().data.status).toBe(OrderStatus.PAYMENT_PENDING);

    const event = signed(completed(paymentId, 'sub_first'));
    const first = await t.app.inject({ method: 'POST', url: '/api/payment/stripe/webhook', ...event });
    expect(first.json()).toEqual({ code: 0, data: null });
    const replay = await t.app.inject({ method: 'POST', url: '/api/payment/stripe/webhook', ...event });
    expect(replay.statusCode).toBe(200);
    const info = (await t.app.inject({ method: 'GET', url: '/api/user/info', headers })).json().data;
    expect(info.userInfo.membershipLevel).toBe(MembershipLevel.PREMIUM_PRO_MONTH);
    expect(await balance(headers)).toBe(100 + 5000);
    expect((await t.app.inject({ method: 'POST', url: '/api/checkPaymentStatus', headers, payload: { orderNo: order.data.orderNo } })).json().data.status).toBe(OrderStatus.DONE);
    expect(await current(headers)).toMatchObject({ renews: true, status: 1 });
  });
});

describe('Stripe Billing renewals and cancellations', () => {
  it('[COM-01] [COM-04] extends the period and grants the plan’s beans once per renewal invoice, even when the event is replayed', async () => {
    const { headers, subscription } = await subscribe(ProductId.PREMIUM_MONTHLY);
    const before = await current(headers);
    expect(await balance(headers)).toBe(100 + 2000);
    const expected = new Date(before.currentPeriodEnd);
    expected.setUTCMonth(expected.getUTCMonth() + 1);

    // The first invoice is the checkout itself: it changes nothing.
    expect((await webhook(invoicePaid('in_create', subscription, 'subscription_create', new Date(before.currentPeriodEnd)))).statusCode).toBe(200);
    expect((await current(headers)).currentPeriodEnd).toBe(before.currentPeriodEnd);

    const renewal = invoicePaid(`in_${Math.random().toString(36).slice(2)}`, subscription, 'subscription_cycle', new Date(expected.getTime() - 3_600_000));
    expect((await webhook(renewal)).statusCode).toBe(200);
    expect(await current(headers)).toMatchObject({ currentPeriodEnd: expected.toISOString(), status: 1, renews: true });
    expect(await balance(headers)).toBe(100 + 2000 + 2000);

    // The same invoice again (Stripe retries, or a new event id for it) changes nothing.
    expect((await webhook(renewal)).statusCode).toBe(200);
    expect((await webhook({ ...renewal, id: eventId() })).statusCode).toBe(200);
    expect((await current(headers)).currentPeriodEnd).toBe(expected.toISOString());
    expect(await balance(headers)).toBe(100 + 2000 + 2000);
  });

  it('refuses a renewal event with a forged signature and changes nothing', async () => {
    const { headers, subscription } = await subscribe(ProductId.PRO_MONTHLY);
    const before = await current(headers);
    const forged = await webhook(invoicePaid('in_forged', subscription, 'subscription_cycle', new Date(Date.now() + 60 * 86_400_000)), 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/payment/stripe/webhook', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(invoicePaid('in_forged', subscription, 'subscription_cycle', new Date())) });
    expect(unsigned.statusCode).toBe(400);
    expect(await current(headers)).toEqual(before);
    expect(await balance(headers)).toBe(100 + 5000);
  });

  it('cancelling renewal sets cancel_at_period_end at Stripe, and the plan runs to the end of its period', async () => {
    const { headers, subscription } = await subscribe(ProductId.PRO_ANNUAL);
    const before = await current(headers);
    const updates = fake.subscriptionUpdates.length;
    const cancelled = (await t.app.inject({ method: 'POST', url: '/api/subscription/cancel', headers, payload: {} })).json();
    expect(cancelled.data).toMatchObject({ renews: false, status: 1, currentPeriodEnd: before.currentPeriodEnd });
    expect(fake.subscriptionUpdates.slice(updates)).toEqual([{ id: subscription, form: { cancel_at_period_end: 'true' } }]);
    // Cancelling again does not call Stripe again.
    await t.app.inject({ method: 'POST', url: '/api/subscription/cancel', headers, payload: {} });
    expect(fake.subscriptionUpdates.length).toBe(updates + 1);
  });

  it('[COM-04] marks a subscription Stripe deleted as not renewing; the paid period stays', async () => {
    const { headers, subscription } = await subscribe(ProductId.PREMIUM_MONTHLY);
    const before = await current(headers);
    const deleted = { id: eventId(), object: 'event', type: 'customer.subscription.deleted', data: { object: { id: subscription, object: 'subscription', status: 'canceled' } } };
    expect((await webhook(deleted)).statusCode).toBe(200);
    expect(await current(headers)).toEqual({ ...before, renews: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/info', headers })).json().data.userInfo.membershipLevel).toBe(MembershipLevel.PREMIUM_MONTH);
  });
});
