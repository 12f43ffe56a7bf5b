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

const completed = (paymentId: string) => ({
  id: `evt_${Math.random().toString(36).slice(2)}`,
  object: 'event',
  type: 'checkout.session.completed',
  data: { object: { id: 'cs_test_x', object: 'checkout.session', client_reference_id: paymentId, payment_status: 'paid' } },
});

describe('Stripe Checkout through the official SDK, against a server speaking Stripe’s API', () => {
  it('opens a Checkout Session for a plan with our amount, currency and return address', async () => {
    const headers = await buyer();
    const order = (await t.app.inject({ method: 'POST', url: '/api/createOrder', headers, payload: { productId: ProductId.PREMIUM_ANNUAL, currency: 'AUD' } })).json();
    const pay = (await t.app.inject({ method: 'POST', url: '/api/createPayment', headers, payload: { orderNo: order.data.orderNo } })).json();
    expect(pay.data.payUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const sent = fake.sessions.at(-1)!;
    expect(sent).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'aud',
      'line_items[0][price_data][unit_amount]': String(18 * 12 * 100),
      success_url: `https://inkwise.test/en/user/subscription?orderNo=${order.data.orderNo}`,
    });
    // The sandbox's test endpoints do not exist beside a real provider.
    const sandbox = await t.app.inject({ method: 'POST', url: '/api/payment/sandbox/complete', headers, payload: { id: sent.client_reference_id, outcome: 'succeeded' } });
    expect(sandbox.statusCode).toBe(404);
  });

  it('applies a signed checkout.session.completed once; a replay changes nothing; a forged signature is refused', async () => {
    const headers = await buyer();
    const order = (await t.app.inject({ method: 'POST', url: '/api/createOrder', headers, payload: { productId: ProductId.PRO_MONTHLY } })).json();
    await t.app.inject({ method: 'POST', url: '/api/createPayment', headers, payload: { orderNo: order.data.orderNo } });
    const paymentId = fake.sessions.at(-1)!.client_reference_id!;

    const forged = signed(completed(paymentId), 'whsec_someone_else');
    const refused = await t.app.inject({ method: 'POST', url: '/api/payment/stripe/webhook', ...forged });
    expect(refused.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/checkPaymentStatus', headers, payload: { orderNo: order.data.orderNo } })).json().data.status).toBe(OrderStatus.PAYMENT_PENDING);

    const event = signed(completed(paymentId));
    const first = await t.app.inject({ method: 'POST', url: '/api/payment/stripe/webhook', ...event });
    expect(first.json()).toEqual({ code: 0, data: null });
    const replay = await t.app.inject({ method: 'POST', url: '/api/payment/stripe/webhook', ...event });
    expect(replay.statusCode).toBe(200);
    const info = (await t.app.inject({ method: 'GET', url: '/api/user/info', headers })).json().data;
    expect(info.userInfo.membershipLevel).toBe(MembershipLevel.PREMIUM_PRO_MONTH);
    const wallet = (await t.app.inject({ method: 'GET', url: '/api/getUserWallet', headers })).json().data.wallet.balance;
    expect(wallet).toBe(100 + 5000);
    expect((await t.app.inject({ method: 'POST', url: '/api/checkPaymentStatus', headers, payload: { orderNo: order.data.orderNo } })).json().data.status).toBe(OrderStatus.DONE);
  });
});
