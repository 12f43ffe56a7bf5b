import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { levelOf, MembershipLevel } from '../../src/domain/plans.ts';
import { HAS_BEEN_MEMBER_BIT } from '../../src/domain/membership.ts';
import { OrderStatus, SubscriptionStatus } from '../../src/domain/orders.ts';
import { monthlyPlanBeans, productById } from '../../src/domain/products.ts';
import type { Db } from '../db/client.ts';
import { orders, payments, subscriptions, users } from '../db/schema.ts';
import { AppError, ErrorCode } from '../errors.ts';
import { consumeCoupon } from './coupons.ts';
import { moveBeans, type Tx } from './ledger.ts';
import { getOwnOrder, type OrderRow } from './orders.ts';
import { rewardFirstPayment } from './referrals.ts';

/** What a provider needs to open a checkout. */
export interface CheckoutRequest {
  paymentId: string;
  orderNo: string;
  amountCents: number;
  currency: string;
  productId: number;
  locale: string;
}

/** A payment provider: starts a checkout and later tells us how it ended (docs/decisions/0009). */
export interface PaymentProvider {
  name: 'sandbox' | 'stripe';
  /** Opens a checkout and answers where to send the buyer. */
  startCheckout(request: CheckoutRequest): Promise<string>;
}

/** The default provider: a local checkout page of ours, clearly marked test mode. */
export function sandboxProvider(siteUrl: string): PaymentProvider {
  return {
    name: 'sandbox',
    startCheckout: async ({ paymentId, locale }) => `${siteUrl}/${locale}/checkout/sandbox?session=${encodeURIComponent(paymentId)}`,
  };
}

/** POST /api/createPayment for a plan or a bean pack: opens (or reopens) a checkout and answers its address. */
export async function startCheckout(db: Db, provider: PaymentProvider, userId: string, order: OrderRow, locale: string): Promise<{ payUrl: string; status: number }> {
  if (order.status === OrderStatus.CREATED) {
    await db.update(orders).set({ status: OrderStatus.PAYMENT_PENDING, paymentProvider: provider.name, updatedAt: new Date() }).where(and(eq(orders.orderNo, order.orderNo), eq(orders.status, OrderStatus.CREATED)));
  } else if (order.status !== OrderStatus.PAYMENT_PENDING) {
    throw new AppError(ErrorCode.DEFAULT, 'commerce.error.orderState');
  }
  const [open] = await db.select().from(payments).where(and(eq(payments.orderNo, order.orderNo), eq(payments.status, 'open')));
  const payment =
    open ??
    (await db.insert(payments).values({ orderNo: order.orderNo, userId, provider: provider.name, amountCents: order.amountCents, currency: order.currency ?? 'USD' }).returning())[0]!;
  const payUrl = await provider.startCheckout({ paymentId: payment.id, orderNo: order.orderNo, amountCents: payment.amountCents, currency: payment.currency, productId: order.productId, locale });
  return { payUrl, status: OrderStatus.PAYMENT_PENDING };
}

function addPeriod(from: Date, billing: 'monthly' | 'annual'): Date {
  const end = new Date(from);
  if (billing === 'annual') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/** Delivers a paid order: beans for a pack; the plan, its level and its monthly beans for a subscription. */
async function fulfil(tx: Tx, order: OrderRow): Promise<void> {
  const product = productById(order.productId);
  if (product?.kind === 'beans') {
    await moveBeans(tx, { userId: order.userId, amount: product.beans, reason: 'bean_purchase', ref: order.orderNo, idempotencyKey: `order:${order.orderNo}:fulfil` });
  } else if (product?.kind === 'plan') {
    const level = levelOf(product.tier, product.billing);
    // A new period starts when the current one ends, so paying early never loses days.
    const [current] = await tx
      .select({ end: subscriptions.currentPeriodEnd })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, order.userId), eq(subscriptions.status, SubscriptionStatus.PAID), gt(subscriptions.currentPeriodEnd, new Date())))
      .orderBy(desc(subscriptions.currentPeriodEnd))
      .limit(1);
    const start = current?.end ?? new Date();
    await tx.insert(subscriptions).values({ userId: order.userId, orderNo: order.orderNo, productId: product.id, level, status: SubscriptionStatus.PAID, currentPeriodEnd: addPeriod(start, product.billing) }).onConflictDoNothing();
    await tx
      .update(users)
      .set({ membershipLevel: sql`greatest(${users.membershipLevel}, ${level})`, orderStatus: sql`${users.orderStatus} | ${HAS_BEEN_MEMBER_BIT}` })
      .where(eq(users.id, order.userId));
    await moveBeans(tx, { userId: order.userId, amount: monthlyPlanBeans[product.tier], reason: 'plan_grant', ref: order.orderNo, idempotencyKey: `order:${order.orderNo}:plan-beans` });
  }
  await consumeCoupon(tx, order.orderNo);
  await rewardFirstPayment(tx, order.userId);
}

/** How a checkout ended. */
export type CheckoutOutcome = 'succeeded' | 'failed' | 'abandoned';

/**
 * Applies a provider's verdict once: the payment row moves from "open" in one
 * conditional update, so a replayed notice changes nothing. Success moves the
 * order to "payment received", delivers it and marks it done, in one transaction.
 */
export async function completeCheckout(db: Db, paymentId: string, outcome: CheckoutOutcome): Promise<{ orderNo: string; status: number }> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .update(payments)
      .set({ status: outcome, completedAt: new Date() })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'open')))
      .returning();
    if (!payment) {
      const [known] = await tx.select({ orderNo: payments.orderNo }).from(payments).where(eq(payments.id, paymentId));
      if (!known) throw new AppError(ErrorCode.DEFAULT, 'commerce.error.orderNotFound');
      const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.orderNo, known.orderNo));
      return { orderNo: known.orderNo, status: order?.status ?? OrderStatus.PAYMENT_PENDING };
    }
    if (outcome !== 'succeeded') return { orderNo: payment.orderNo, status: OrderStatus.PAYMENT_PENDING };
    const [order] = await tx
      .update(orders)
      .set({ status: OrderStatus.PAYMENT_RECEIVED, paymentRef: payment.id, updatedAt: new Date() })
      .where(and(eq(orders.orderNo, payment.orderNo), eq(orders.status, OrderStatus.PAYMENT_PENDING)))
      .returning();
    if (!order) throw new AppError(ErrorCode.DEFAULT, 'commerce.error.orderState');
    await fulfil(tx, order);
    await tx.update(orders).set({ status: OrderStatus.DONE, updatedAt: new Date() }).where(eq(orders.orderNo, order.orderNo));
    return { orderNo: order.orderNo, status: OrderStatus.DONE };
  });
}

/** The sandbox checkout page's view of a payment (its owner only). */
export async function checkoutSession(db: Db, userId: string, paymentId: string) {
  const [payment] = await db.select().from(payments).where(and(eq(payments.id, paymentId), eq(payments.userId, userId)));
  if (!payment) throw new AppError(ErrorCode.DEFAULT, 'commerce.error.orderNotFound');
  const order = await getOwnOrder(db, userId, payment.orderNo);
  return { id: payment.id, orderNo: payment.orderNo, productId: order.productId, amountCents: payment.amountCents, currency: payment.currency, status: payment.status };
}

/**
 * Brings a user's membership up to date: plans whose period ended are marked
 * expired (unless renewed), and the level is the best still-paid plan's.
 */
export async function refreshMembership(db: Db, userId: string): Promise<void> {
  const now = new Date();
  await db
    .update(subscriptions)
    .set({ status: SubscriptionStatus.EXPIRED })
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, SubscriptionStatus.PAID), lt(subscriptions.currentPeriodEnd, now)));
  const active = await db
    .select({ level: subscriptions.level })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, SubscriptionStatus.PAID), gt(subscriptions.currentPeriodEnd, now)));
  const level = active.reduce<number>((best, s) => Math.max(best, s.level), MembershipLevel.FREE);
  // Runs on every user-info fetch: write only when the level actually changes.
  await db.update(users).set({ membershipLevel: level }).where(and(eq(users.id, userId), ne(users.membershipLevel, level)));
}

/** The user's current plan for the subscription page. */
export async function currentSubscription(db: Db, userId: string) {
  await refreshMembership(db, userId);
  const [sub] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.currentPeriodEnd))
    .limit(1);
  if (!sub) return null;
  return {
    productId: sub.productId,
    level: sub.level,
    status: sub.status,
    currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
    renews: sub.status === SubscriptionStatus.PAID && !sub.cancelAtPeriodEnd,
  };
}

/** Stops renewal: the plan stays until the end of the paid period. */
export async function cancelSubscription(db: Db, userId: string): Promise<void> {
  await db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: 1 })
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, SubscriptionStatus.PAID)));
}
