import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ProductId } from '../../src/domain/products.ts';
import { rewards } from '../../src/domain/rewards.ts';
import { users } from '../../server/db/schema.ts';
import { createCoupon } from '../../server/services/coupons.ts';
import { ledgerCheck, moveBeans } from '../../server/services/ledger.ts';
import { rewardFirstPayment } from '../../server/services/referrals.ts';
import { accountWithSession } from './fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Json = Record<string, any>;
const member = (referCode?: string) => accountWithSession(t, { referCode, prefix: 'm' });
async function call(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown): Promise<Json> {
  const res = await t.app.inject({ method, url, headers, payload: payload as object | undefined });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const code = (prefix: string) => `${prefix}${Date.now()}${n++}`;

describe('coupons', () => {
  it('[COM-11] credits a beans coupon at once, through the ledger, and only once per user', async () => {
    const c = await createCoupon(t.database.db, { code: code('beans'), kind: 'beans', value: 250 });
    const user = await member();
    expect(await call('POST', '/api/coupon/takeByCode', user.headers, { promotionCode: c.code.toLowerCase() })).toEqual({ code: 0, data: { type: 'beans', value: 250 } });
    expect((await call('GET', '/api/getUserWallet', user.headers)).data.wallet.balance).toBe(rewards.welcomeBeans + 250);
    expect(await call('POST', '/api/coupon/takeByCode', user.headers, { promotionCode: c.code })).toEqual({ code: 1, message: 'You have already used this code.' });
    const check = await ledgerCheck(t.database.db, user.id);
    expect(check.ledgerSum).toBe(check.balance);
  });

  it('[COM-11] keeps a discount coupon among the user’s valid coupons', async () => {
    const c = await createCoupon(t.database.db, { code: code('off'), kind: 'discount', value: 15 });
    const user = await member();
    expect((await call('POST', '/api/coupon/takeByCode', user.headers, { promotionCode: c.code })).data).toEqual({ type: 'coupon', value: 15 });
    const valid = await call('GET', '/api/coupon/getValidCoupons', user.headers);
    expect(valid.data.userCoupons).toEqual(expect.arrayContaining([expect.objectContaining({ code: c.code, type: 'coupon', value: 15 }), expect.objectContaining({ code: 'WELCOME', value: rewards.welcomeDiscountPercent })]));
  });

  it('[COM-11] refuses empty, unknown, expired and exhausted codes with their messages', async () => {
    const user = await member();
    expect(await call('POST', '/api/coupon/takeByCode', user.headers, { promotionCode: '   ' })).toMatchObject({ code: 1, message: 'Enter a coupon code.' });
    expect(await call('POST', '/api/coupon/takeByCode', user.headers, { promotionCode: 'NO-SUCH-CODE' })).toEqual({ code: 1, message: 'This code does not exist. Check it and try again.' });
    const old = await createCoupon(t.database.db, { code: code('old'), kind: 'beans', value: 10, expiresAt: new Date(Date.now() - 1000) });
    expect(await call('POST', '/api/coupon/takeByCode', user.headers, { promotionCode: old.code })).toEqual({ code: 1, message: 'This code has expired.' });
    const capped = await createCoupon(t.database.db, { code: code('cap'), kind: 'beans', value: 10, maxUses: 3 });
    const takers = await Promise.all(Array.from({ length: 8 }, () => member()));
    const answers = await Promise.all(takers.map((m) => call('POST', '/api/coupon/takeByCode', m.headers, { promotionCode: capped.code })));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(3);
    expect(answers.filter((a) => a.code === 1).every((a) => a.message === 'This code has been fully redeemed.')).toBe(true);
    for (const m of takers) {
      const check = await ledgerCheck(t.database.db, m.id);
      expect(check.ledgerSum).toBe(check.balance);
    }
  });

  it('[COM-11] binds an internal code with bindInternalCode only, keeping its channel', async () => {
    const c = await createCoupon(t.database.db, { code: code('partner'), kind: 'beans', value: 30, internal: true });
    const user = await member();
    expect(await call('POST', '/api/coupon/takeByCode', user.headers, { promotionCode: c.code })).toMatchObject({ code: 1 });
    expect(await call('GET', `/api/coupon/bindInternalCode?code=${c.code}`, user.headers)).toEqual({ code: 0, data: { type: 'beans', value: 30 } });
    const [row] = await t.database.db.select({ channel: users.channelCode }).from(users).where(eq(users.id, user.id));
    expect(row!.channel).toBe(c.code);
  });

  it('[COM-12] tells a visitor the welcome offer, more with a valid invitation', async () => {
    expect((await call('GET', '/api/coupon/getRegistrationRights', {})).data).toEqual({ amount: 20, beans: 100, invited: false, validDays: 7 });
    const inviter = await member();
    const { data } = await call('GET', '/api/referral', inviter.headers);
    expect((await call('GET', `/api/coupon/getRegistrationRights?invitedCode=${data.inviteCode}`, {})).data).toMatchObject({ beans: 150, invited: true });
  });
});

describe('referrals', () => {
  it('[COM-14] gives each user an invite code and link, and rewards a sign-up and a first payment exactly once', async () => {
    const inviter = await member();
    const summary = await call('GET', '/api/referral', inviter.headers);
    expect(summary.data).toMatchObject({ inviteCode: expect.stringMatching(/^[A-Z2-9]{8}$/), invitedCount: 0, earnedBeans: 0 });
    expect(summary.data.inviteLink).toMatch(new RegExp(`/invite/${summary.data.inviteCode}$`));
    const invitee = await member(summary.data.inviteCode);
    expect((await call('GET', '/api/getUserWallet', invitee.headers)).data.wallet.balance).toBe(rewards.welcomeBeans + rewards.invitedBonusBeans);
    // The welcome dialog, asked by the signed-in invitee, says the 150 beans they got, not the default 100.
    expect((await call('GET', '/api/coupon/getRegistrationRights', invitee.headers)).data).toMatchObject({ beans: rewards.welcomeBeans + rewards.invitedBonusBeans, invited: true });
    expect((await call('GET', '/api/coupon/getRegistrationRights', inviter.headers)).data).toMatchObject({ beans: rewards.welcomeBeans, invited: false });
    await t.database.db.transaction((tx) => rewardFirstPayment(tx, invitee.id));
    await t.database.db.transaction((tx) => rewardFirstPayment(tx, invitee.id));
    const after = await call('GET', '/api/referral', inviter.headers);
    expect(after.data).toMatchObject({ invitedCount: 1, chargedCount: 1, earnedBeans: rewards.referralSignupBeans + rewards.referralPaymentBeans });
    expect((await call('GET', '/api/getUserWallet', inviter.headers)).data.wallet.balance).toBe(rewards.welcomeBeans + rewards.referralSignupBeans + rewards.referralPaymentBeans);
    // The inviter's bean history names the referral rewards without the invitee's account id.
    const ledger = await call('GET', '/api/wallet/ledger?page=1&size=10', inviter.headers);
    const referralRows = ledger.data.list.filter((e: { reason: string }) => e.reason === 'referral');
    expect(referralRows).toHaveLength(2);
    for (const row of referralRows) expect(row.ref).toBeNull();
    expect(JSON.stringify(ledger.data)).not.toContain(invitee.id);
    // An adjustment carries the operator's note (issue 30); the old placeholder of grants without one is no note.
    await moveBeans(t.database.db, { userId: inviter.id, amount: 5, reason: 'admin', ref: 'support ticket 42' });
    await moveBeans(t.database.db, { userId: inviter.id, amount: 5, reason: 'admin', ref: 'admin grant' });
    const adjustments = (await call('GET', '/api/wallet/ledger?page=1&size=10', inviter.headers)).data.list.filter((e: { reason: string }) => e.reason === 'admin');
    expect(adjustments.map((e: { ref: string | null }) => e.ref).sort()).toEqual([null, 'support ticket 42'].sort());
    const invited = await call('GET', '/api/referral/invited', inviter.headers);
    expect(invited.data.list).toEqual([expect.objectContaining({ email: expect.stringMatching(/^m\*\*\*@example\.edu$/), reward: 100 })]);
    expect((await call('GET', '/api/referral/charged', inviter.headers)).data.list).toHaveLength(1);
  });

  it('[COM-14] redeems a stored invite code for a young account, once, never one’s own', async () => {
    const inviter = await member();
    const { data } = await call('GET', '/api/referral', inviter.headers);
    const user = await member();
    expect(await call('POST', '/api/referral/redeem', user.headers, { code: 'ZZZZZZZZ' })).toEqual({ code: 1, message: 'This invitation code is not valid.' });
    expect(await call('POST', '/api/referral/redeem', inviter.headers, { code: data.inviteCode })).toEqual({ code: 1, message: 'You cannot use your own invitation.' });
    expect(await call('POST', '/api/referral/redeem', user.headers, { code: data.inviteCode })).toEqual({ code: 0, data: null });
    expect(await call('POST', '/api/referral/redeem', user.headers, { code: data.inviteCode })).toEqual({ code: 1, message: 'Your account already uses an invitation.' });
    const old = await member();
    await t.database.db.update(users).set({ createdAt: new Date(Date.now() - 8 * 86_400_000) }).where(eq(users.id, old.id));
    expect(await call('POST', '/api/referral/redeem', old.headers, { code: data.inviteCode })).toEqual({ code: 1, message: 'Invitations count only for accounts created in the last 7 days.' });
  });
});

describe('discount coupons at checkout', () => {
  const proMonthly = ProductId.PRO_MONTHLY;
  async function welcomeCouponOf(headers: Record<string, string>): Promise<string> {
    const valid = await call('GET', '/api/coupon/getValidCoupons', headers);
    return valid.data.userCoupons.find((c: Json) => c.code === 'WELCOME').id;
  }

  it('[COM-07] quotes the welcome discount on a plan, never on a bean-priced tool run', async () => {
    const user = await member();
    const id = await welcomeCouponOf(user.headers);
    const plain = await call('POST', '/api/calculateSettlement', {}, { products: [{ productId: proMonthly, count: 1 }], currency: 'USD' });
    expect(plain.data.productSettlements[proMonthly]).toMatchObject({ showPrice: 3000, payPrice: 3000 });
    const off = await call('POST', '/api/calculateSettlement', user.headers, { products: [{ productId: proMonthly, count: 1 }], currency: 'USD', couponIds: [id] });
    expect(off.data.productSettlements[proMonthly]).toMatchObject({ showPrice: 3000, payPrice: 3000 * (1 - rewards.welcomeDiscountPercent / 100) });
    const tool = await call('POST', '/api/calculateSettlement', user.headers, { products: [{ productId: 9, count: 1, content: 'one two three' }], couponIds: [id] });
    expect(tool.data.productSettlements['9'].payPrice).toBe(tool.data.productSettlements['9'].showPrice);
  });

  it('[COM-07] refuses coupon ids that are not the caller’s, and asks a visitor to log in', async () => {
    const owner = await member();
    const other = await member();
    const id = await welcomeCouponOf(owner.headers);
    const body = { products: [{ productId: proMonthly, count: 1 }], couponIds: [id] };
    const res = await t.app.inject({ method: 'POST', url: '/api/calculateSettlement', payload: body });
    expect(res.statusCode).toBe(401);
    expect(await call('POST', '/api/calculateSettlement', other.headers, body)).toEqual({ code: 1, message: expect.stringContaining('cannot be used') });
    expect(await call('POST', '/api/calculateSettlement', other.headers, { ...body, couponIds: ['not-a-coupon'] })).toEqual({ code: 1, message: expect.stringContaining('cannot be used') });
  });

  it('[COM-08] holds the coupon for the order, resumes the same purchase, moves it to another purchase that replaces the abandoned one, frees it on cancel and spends it on payment', async () => {
    const user = await member();
    const id = await welcomeCouponOf(user.headers);
    const order = await call('POST', '/api/createOrder', user.headers, { productId: proMonthly, currency: 'USD', couponIds: [id] });
    expect(order.data.payPrice).toBe(2400);
    const held = (await call('GET', '/api/coupon/getValidCoupons', user.headers)).data.userCoupons.find((c: Json) => c.id === id);
    expect(held.orderNo).toBe(order.data.orderNo);
    // The same plan again resumes the unpaid order.
    expect((await call('POST', '/api/createOrder', user.headers, { productId: proMonthly, currency: 'USD', couponIds: [id] })).data.orderNo).toBe(order.data.orderNo);
    expect(await call('POST', '/api/createOrder', user.headers, { productId: 9, content: 'a few words here', couponIds: [id] })).toEqual({ code: 1, message: expect.stringContaining('not off tool runs') });
    // Another plan replaces the abandoned order (issue 11): it is cancelled and the coupon moves to the new one.
    const other = await call('POST', '/api/createOrder', user.headers, { productId: ProductId.PREMIUM_MONTHLY, currency: 'USD', couponIds: [id] });
    expect(other.code).toBe(0);
    expect(other.data.payPrice).toBe(1600);
    const lists = await call('POST', '/api/subscription/list', user.headers, { page: 1, pageSize: 10 });
    expect(lists.data.list.find((o: Json) => o.orderNo === order.data.orderNo).status).toBe(100);
    expect((await call('GET', '/api/coupon/getValidCoupons', user.headers)).data.userCoupons.find((c: Json) => c.id === id).orderNo).toBe(other.data.orderNo);
    // Cancel gives it back.
    await call('POST', '/api/order/cancel', user.headers, { orderNo: other.data.orderNo });
    expect((await call('GET', '/api/coupon/getValidCoupons', user.headers)).data.userCoupons.find((c: Json) => c.id === id).orderNo).toBeNull();
    // A paid order spends it: gone from the valid coupons, and a second use is refused.
    const second = await call('POST', '/api/createOrder', user.headers, { productId: proMonthly, currency: 'USD', couponIds: [id] });
    const pay = await call('POST', '/api/createPayment', user.headers, { orderNo: second.data.orderNo });
    const session = new URL(pay.data.payUrl).searchParams.get('session');
    // The checkout page names the product, its price and the coupon that takes money off.
    expect((await call('GET', `/api/payment/session?id=${session}`, user.headers)).data).toMatchObject({ productId: proMonthly, listAmountCents: 3000, amountCents: 2400, coupon: { code: 'WELCOME', percent: rewards.welcomeDiscountPercent } });
    expect((await call('POST', '/api/payment/sandbox/complete', user.headers, { id: session, outcome: 'succeeded' })).code).toBe(0);
    expect((await call('GET', '/api/coupon/getValidCoupons', user.headers)).data.userCoupons.find((c: Json) => c.id === id)).toBeUndefined();
    expect(await call('POST', '/api/createOrder', user.headers, { productId: proMonthly, currency: 'USD', couponIds: [id] })).toEqual({ code: 1, message: expect.stringContaining('cannot be used') });
  });
});
