import { createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MembershipLevel } from '../../src/domain/plans.ts';
import { OrderStatus } from '../../src/domain/orders.ts';
import { ProductId } from '../../src/domain/products.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { orders } from '../../server/db/schema.ts';
import { weChatCharge, weChatPayClient, WeChatPayError, outTradeNo } from '../../server/payments/wechat.ts';
import { ledgerCheck } from '../../server/services/ledger.ts';
import { signingKey } from '../../server/services/secrets.ts';
import { startSession } from '../../server/services/sessions.ts';
import { createUser } from '../../server/services/users.ts';
import { startFakeWeChatPay, type FakeWeChatPay } from '../support/fake-wechat.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Test keys are made here, never committed: the merchant's pair and WeChat Pay's platform pair.
const pemPair = () => generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
const merchant = pemPair();
const platform = pemPair();
const stranger = pemPair();
const apiV3Key = randomBytes(16).toString('hex');
const ids = { mchId: '1900009191', appId: 'wxd678efh567hg6787', merchantSerial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1', platformSerial: 'PUB_KEY_ID_0114232134912410000000000000' };

let t: TestApp;
let fake: FakeWeChatPay;
let env: Record<string, string>;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  fake = await startFakeWeChatPay({ ...ids, merchantPublicKey: merchant.publicKey, platformPrivateKey: createPrivateKey(platform.privateKey), apiV3Key });
  // WeChat Pay posts notifications over HTTP: the app listens on a real port for them.
  const port = await freePort();
  env = {
    WECHATPAY_MCH_ID: ids.mchId,
    WECHATPAY_APP_ID: ids.appId,
    WECHATPAY_SERIAL_NO: ids.merchantSerial,
    WECHATPAY_PRIVATE_KEY: merchant.privateKey,
    WECHATPAY_API_V3_KEY: apiV3Key,
    WECHATPAY_PLATFORM_PUBLIC_KEY: platform.publicKey,
    WECHATPAY_PLATFORM_SERIAL: ids.platformSerial,
    WECHATPAY_API_BASE: fake.apiBase,
    WECHATPAY_NOTIFY_URL: `http://127.0.0.1:${port}/api/payment/wechat/notify`,
    SITE_URL: 'https://inkwise.test',
  };
  t = await createTestApp(env);
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.responseSigning = 'valid';
});

async function buyer() {
  const user = await createUser(t.database.db, { email: `w${Date.now()}${Math.random()}@example.cn`, passwordHash: null, locale: 'zh', userType: '1' });
  const session = await startSession(t.database.db, await signingKey(t.database.db, undefined), user.id);
  return { id: user.id, headers: { authorization: `Bearer ${session.accessToken}` } };
}

const post = async (url: string, payload: object, headers: Record<string, string>) => (await t.app.inject({ method: 'POST', url, headers, payload })).json();
const level = async (headers: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/api/user/info', headers })).json().data.userInfo.membershipLevel;
const balance = async (headers: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/api/getUserWallet', headers })).json().data.wallet.balance;
const orderStatus = async (orderNo: string) => (await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.orderNo, orderNo)))[0]!.status;

/** A WeChat plan order with its checkout opened: the code_url and the out_trade_no WeChat Pay knows it by. */
async function openCheckout(productId: number = ProductId.WECHAT_PREMIUM) {
  const user = await buyer();
  const order = await post('/api/createOrder', { productId }, user.headers);
  const pay = await post('/api/createPayment', { orderNo: order.data.orderNo }, user.headers);
  const tradeNo = [...fake.orders.entries()].find(([, o]) => o.request.attach === order.data.orderNo)?.[0];
  return { ...user, orderNo: order.data.orderNo as string, pay, tradeNo: tradeNo! };
}

describe('WeChat Pay Native (API v3) against a server speaking its protocol', () => {
  it('[COM-01] [COM-18] opens a Native order for a WeChat plan, signed so WeChat Pay accepts it, and answers its code_url in CNY', async () => {
    const refusedBefore = fake.refused.length;
    const { pay, tradeNo, orderNo, headers } = await openCheckout();
    expect(pay.code).toBe(0);
    expect(pay.data).toMatchObject({ orderNo, status: OrderStatus.PAYMENT_PENDING, paid: false, amountCents: 9800, currency: 'CNY' });
    expect(pay.data.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(pay.data.payUrl).toBe(`https://inkwise.test/en/try-premium/wechat?orderNo=${orderNo}`);
    expect(fake.refused.length).toBe(refusedBefore);
    expect(fake.orders.get(tradeNo)!.request).toMatchObject({
      appid: ids.appId,
      mchid: ids.mchId,
      amount: { total: 9800, currency: 'CNY' },
      notify_url: env.WECHATPAY_NOTIFY_URL,
      description: 'Inkwise Premium - 1 month',
    });
    // Paying again reopens the same payment: the same parameters, the same code.
    const again = await post('/api/createPayment', { orderNo }, headers);
    expect(again.data.codeUrl).toBe(pay.data.codeUrl);
    expect(fake.orders.size).toBeGreaterThan(0);
    // No test checkout beside a real provider, and no card checkout without Stripe.
    expect((await t.app.inject({ method: 'POST', url: '/api/payment/sandbox/complete', headers, payload: { id: '00000000-0000-4000-8000-000000000000', outcome: 'succeeded' } })).statusCode).toBe(404);
    const card = await post('/api/createOrder', { productId: ProductId.PRO_MONTHLY }, headers);
    expect(await post('/api/createPayment', { orderNo: card.data.orderNo }, headers)).toEqual({ code: 1, message: 'This payment method is not available yet.' });
  });

  it('[COM-01] [COM-04] applies the signed, encrypted success notification once: the level, the beans and the order follow; a replay changes nothing', async () => {
    const { id, headers, orderNo, tradeNo } = await openCheckout(ProductId.WECHAT_PRO);
    expect(await level(headers)).toBe(MembershipLevel.FREE);
    fake.pay(tradeNo);
    const notice = fake.notification(tradeNo);
    const first = await fetch(env.WECHATPAY_NOTIFY_URL!, { method: 'POST', headers: notice.headers, body: notice.body });
    expect(first.status).toBe(204);
    expect(await level(headers)).toBe(MembershipLevel.PREMIUM_PRO_MONTH);
    expect(await balance(headers)).toBe(100 + 5000);
    expect(await orderStatus(orderNo)).toBe(OrderStatus.DONE);
    // WeChat Pay charges once: the plan ends with its month unless bought again.
    expect((await t.app.inject({ method: 'GET', url: '/api/subscription/current', headers })).json().data).toMatchObject({ status: 1, renews: false });

    const replay = await fetch(env.WECHATPAY_NOTIFY_URL!, { method: 'POST', headers: notice.headers, body: notice.body });
    expect(replay.status).toBe(204);
    expect((await fake.notify(tradeNo)).status).toBe(204);
    expect(await balance(headers)).toBe(100 + 5000);
    expect(await ledgerCheck(t.database.db, id)).toMatchObject({ balance: 5100, ledgerSum: 5100, entries: 2 });
  });

  it('refuses a notification signed with another key, a tampered ciphertext, another APIv3 key and a stale timestamp, changing nothing', async () => {
    const { headers, orderNo, tradeNo } = await openCheckout();
    fake.pay(tradeNo);
    for (const spoiled of [{ signWith: createPrivateKey(stranger.privateKey) }, { tamper: true }, { apiV3Key: randomBytes(16).toString('hex') }, { skewSeconds: -301 }, { skewSeconds: 400 }]) {
      const answer = await fake.notify(tradeNo, spoiled);
      expect(answer.status, JSON.stringify(Object.keys(spoiled))).toBe(401);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'FAIL' });
    }
    const unsigned = await fetch(env.WECHATPAY_NOTIFY_URL!, { method: 'POST', headers: { 'content-type': 'application/json' }, body: fake.notification(tradeNo).body });
    expect(unsigned.status).toBe(401);
    expect(await orderStatus(orderNo)).toBe(OrderStatus.PAYMENT_PENDING);
    expect(await level(headers)).toBe(MembershipLevel.FREE);
    expect(await balance(headers)).toBe(100);
    // The genuine notification still applies.
    expect((await fake.notify(tradeNo)).status).toBe(204);
    expect(await orderStatus(orderNo)).toBe(OrderStatus.DONE);
  });

  it('delivers nothing for a notification of another amount than the order’s', async () => {
    const { headers, orderNo, tradeNo } = await openCheckout();
    fake.pay(tradeNo);
    expect((await fake.notify(tradeNo, { total: 1 })).status).toBe(204);
    expect(await orderStatus(orderNo)).toBe(OrderStatus.PAYMENT_PENDING);
    expect(await level(headers)).toBe(MembershipLevel.FREE);
  });

  it('[COM-18] checkPaymentStatus asks WeChat Pay (signed query, verified answer), so a lost notification still completes the order once', async () => {
    const { headers, orderNo, tradeNo } = await openCheckout();
    expect((await post('/api/checkPaymentStatus', { orderNo }, headers)).data.status).toBe(OrderStatus.PAYMENT_PENDING);
    fake.pay(tradeNo);
    expect((await post('/api/checkPaymentStatus', { orderNo }, headers)).data).toEqual({ orderNo, status: OrderStatus.DONE });
    expect(await level(headers)).toBe(MembershipLevel.PREMIUM_MONTH);
    // The late notification is a replay.
    expect((await fake.notify(tradeNo)).status).toBe(204);
    expect(await balance(headers)).toBe(100 + 2000);
  });

  it('our client rejects answers signed with another key, with a stale timestamp or an unknown serial', async () => {
    for (const signing of ['wrong-key', 'stale', 'wrong-serial'] as const) {
      fake.responseSigning = signing;
      const { pay, orderNo, headers } = await openCheckout();
      expect(pay, signing).toEqual({ code: 1, message: 'The payment service did not answer. Please try again in a minute.' });
      // A status check with a forged answer changes nothing either.
      expect((await post('/api/checkPaymentStatus', { orderNo }, headers)).data.status).toBe(OrderStatus.PAYMENT_PENDING);
    }
    fake.responseSigning = 'valid';
    expect((await openCheckout()).pay.data.codeUrl).toMatch(/^weixin:/);
  });

  it('WeChat Pay refuses a request we did not sign with our merchant key (401 SIGN_ERROR)', async () => {
    const config = loadConfig({ ...env, WECHATPAY_PRIVATE_KEY: stranger.privateKey, DATABASE_URL: 'memory://' });
    const client = weChatPayClient({ ...config.wechat!, siteUrl: config.siteUrl });
    const refusedBefore = fake.refused.length;
    const error = await client.request('GET', `/v3/pay/transactions/out-trade-no/${outTradeNo(crypto.randomUUID())}?mchid=${ids.mchId}`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WeChatPayError);
    expect(error).toMatchObject({ status: 401, code: 'SIGN_ERROR' });
    expect(fake.refused.slice(refusedBefore)).toEqual([expect.objectContaining({ reason: 'signature does not verify' })]);
  });
});

describe('WeChat Pay settings and prices', () => {
  it('refuses a partial configuration, naming what is missing', () => {
    expect(() => loadConfig({ WECHATPAY_MCH_ID: ids.mchId, WECHATPAY_APP_ID: ids.appId })).toThrow(ConfigError);
    expect(() => loadConfig({ WECHATPAY_MCH_ID: ids.mchId })).toThrow(/WECHATPAY_SERIAL_NO.*WECHATPAY_PLATFORM_SERIAL/);
    expect(() => loadConfig({ ...env, WECHATPAY_API_V3_KEY: 'short' })).toThrow(/32-character/);
    expect(() => loadConfig({ ...env, WECHATPAY_PRIVATE_KEY: 'not a key' })).toThrow(/PEM/);
    expect(loadConfig({}).wechat).toBeUndefined();
  });

  it('charges the WeChat plans in CNY and carries an order’s coupon discount over', () => {
    expect(weChatCharge({ productId: ProductId.WECHAT_PREMIUM, amountCents: 2000, currency: 'USD' })).toEqual({ amountCents: 9800, currency: 'CNY' });
    expect(weChatCharge({ productId: ProductId.WECHAT_PRO, amountCents: 3000, currency: 'USD' })).toEqual({ amountCents: 14800, currency: 'CNY' });
    expect(weChatCharge({ productId: ProductId.WECHAT_PREMIUM, amountCents: 1600, currency: 'USD' })).toEqual({ amountCents: 7840, currency: 'CNY' });
    expect(weChatCharge({ productId: ProductId.WECHAT_PRO, amountCents: 11840, currency: 'CNY' })).toEqual({ amountCents: 11840, currency: 'CNY' });
  });
});
