import { and, desc, eq, gt, isNotNull, lt, ne, sql } from 'drizzle-orm';
import { levelOf, MembershipLevel, type CurrencyCode } from '../../src/domain/plans.ts';
import { HAS_BEEN_MEMBER_BIT } from '../../src/domain/membership.ts';
import { OrderStatus, SubscriptionStatus } from '../../src/domain/orders.ts';
import { monthlyPlanBeans, planChargeCents, productById, type BeanPack, type PlanProduct } from '../../src/domain/products.ts';
import type { Db } from '../db/client.ts';
import { coupons, ledgerEntries, orders, payments, subscriptions, userCoupons, users } from '../db/schema.ts';
import { AppError, ErrorCode } from '../errors.ts';
import { consumeCoupon } from './coupons.ts';
import { moveBeans, type Tx } from './ledger.ts';
import { getOwnOrder, type OrderRow } from './orders.ts';
import { rewardFirstPayment } from './referrals.ts';

/** What a provider needs to open a checkout. */
export interface CheckoutRequest {
  paymentId: string;
  orderNo: string;
  /** What the buyer pays now, in minor units of `currency` (after a coupon). */
  amountCents: number;
  currency: string;
  /** The undiscounted price of one period: what a renewing subscription charges after the first. */
  listAmountCents: number;
  productId: number;
  locale: string;
  /** When the payment was opened: a reopened checkout must send the same parameters. */
  createdAt: Date;
  /** The site origin the buyer is on, when trusted (server/site-origin.ts); else the provider's SITE_URL. */
  origin?: string;
}

/** Where a checkout goes on: a page for the buyer, and for a QR-code payment the code's content. */
export interface CheckoutStart {
  payUrl: string;
  codeUrl?: string;
  /** The provider's id of the checkout (a Stripe Checkout Session id), kept to close it on cancel. */
  externalId?: string;
}

/** How a payment ended, as a provider reports it, with what was actually paid when it says so. */
export interface PaymentVerdict {
  outcome: CheckoutOutcome;
  paid?: { amountCents: number; currency: string };
}

/** A payment provider: starts a checkout and later tells us how it ended (docs/decisions/0009, 0012). */
export interface PaymentProvider {
  name: 'sandbox' | 'stripe' | 'wechat';
  /** Opens a checkout and answers where to send the buyer (or the QR code to show). */
  startCheckout(request: CheckoutRequest): Promise<CheckoutStart>;
  /** What the buyer pays for an order when the provider charges in a currency of its own (WeChat Pay: CNY). */
  charge?(order: OrderRow): { amountCents: number; currency: string };
  /** After this long an open checkout can no longer be paid, and paying again opens a new one. */
  checkoutTtlMs?: number;
  /** Asks the provider how an open payment stands; undefined while it is still open. */
  queryPayment?(paymentId: string): Promise<PaymentVerdict | undefined>;
  /** Stops the automatic renewal of a subscription the provider bills (Stripe Billing). */
  cancelRenewal?(subscriptionId: string): Promise<void>;
  /**
   * Closes an open checkout so that it can no longer be paid (Stripe: expires the Checkout Session). Answers
   * 'completed' when it was paid meanwhile: then the order is not cancelled, and the provider's notice delivers it.
   */
  closeCheckout?(externalId: string): Promise<'closed' | 'completed'>;
}

/** The provider of each payment channel; a channel without one refuses payment. */
export interface PaymentProviders {
  /** Card plans and bean packs: Stripe, or the sandbox. */
  card: PaymentProvider | undefined;
  /** The WeChat plans (order types 14 and 15): WeChat Pay, or the sandbox. */
  wechat: PaymentProvider | undefined;
}

/**
 * Before an unpaid order is cancelled: closes each of its checkouts still open at a provider that can close one
 * (Stripe expires the Checkout Session), so nothing can be paid for a cancelled order (issue 29: a customer paid a
 * session of a cancelled order and received nothing). A checkout paid meanwhile refuses the cancel: the provider's
 * notice delivers the order.
 */
export async function closeOpenCheckouts(db: Db, providers: PaymentProviders, order: OrderRow): Promise<void> {
  const open = await db.select().from(payments).where(and(eq(payments.orderNo, order.orderNo), eq(payments.status, 'open')));
  for (const payment of open) {
    const provider = [providers.card, providers.wechat].find((p) => p?.name === payment.provider);
    if (!provider?.closeCheckout || !payment.externalId) continue;
    let closed: 'closed' | 'completed';
    try {
      closed = await provider.closeCheckout(payment.externalId);
    } catch {
      throw new AppError(ErrorCode.DEFAULT, 'error.databaseUnavailable');
    }
    if (closed === 'completed') throw new AppError(ErrorCode.DEFAULT, 'commerce.error.orderState');
    await db.update(payments).set({ status: 'abandoned', completedAt: new Date() }).where(and(eq(payments.id, payment.id), eq(payments.status, 'open')));
  }
}

/** The default provider: a local checkout page of ours, clearly marked test mode. */
export function sandboxProvider(siteUrl: string): PaymentProvider {
  return {
    name: 'sandbox',
    startCheckout: async ({ paymentId, locale, origin }) => ({ payUrl: `${origin ?? siteUrl}/${locale}/checkout/sandbox?session=${encodeURIComponent(paymentId)}` }),
  };
}

/** The provider that takes payment for a plan or a bean pack. */
export function providerFor(providers: PaymentProviders, order: OrderRow): PaymentProvider {
  const product = productById(order.productId);
  const provider = product?.kind === 'plan' && product.channel === 'wechat' ? providers.wechat : providers.card;
  if (!provider) throw new AppError(ErrorCode.DEFAULT, 'commerce.error.paymentUnavailable');
  return provider;
}

/** The undiscounted price of a plan period or a pack in a card currency; undefined for another currency. */
function listPriceCents(product: PlanProduct | BeanPack, currency: string): number | undefined {
  if (!['USD', 'CAD', 'AUD'].includes(currency)) return undefined;
  return product.kind === 'plan' ? planChargeCents(product, currency as CurrencyCode) : product.prices[currency as CurrencyCode];
}

/** POST /api/createPayment for a plan or a bean pack: opens (or reopens) a checkout and answers where it goes on. */
export async function startCheckout(
  db: Db,
  provider: PaymentProvider,
  userId: string,
  order: OrderRow,
  locale: string,
  origin?: string,
): Promise<CheckoutStart & { status: number; amountCents: number; currency: string }> {
  const product = productById(order.productId);
  if (!product || product.kind === 'tool') throw new AppError(ErrorCode.DEFAULT, 'commerce.error.productUnknown');
  if (order.status === OrderStatus.CREATED) {
    await db.update(orders).set({ status: OrderStatus.PAYMENT_PENDING, paymentProvider: provider.name, updatedAt: new Date() }).where(and(eq(orders.orderNo, order.orderNo), eq(orders.status, OrderStatus.CREATED)));
  } else if (order.status !== OrderStatus.PAYMENT_PENDING) {
    throw new AppError(ErrorCode.DEFAULT, 'commerce.error.orderState');
  }
  let [open] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderNo, order.orderNo), eq(payments.status, 'open'), eq(payments.provider, provider.name)))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (open && provider.checkoutTtlMs !== undefined && open.createdAt.getTime() + provider.checkoutTtlMs < Date.now()) {
    // The provider has closed it: nobody can pay it any more, so paying again opens a new one.
    await db.update(payments).set({ status: 'abandoned', completedAt: new Date() }).where(and(eq(payments.id, open.id), eq(payments.status, 'open')));
    open = undefined;
  }
  const charge = provider.charge?.(order) ?? { amountCents: order.amountCents, currency: order.currency ?? 'USD' };
  const payment =
    open ??
    (await db.insert(payments).values({ orderNo: order.orderNo, userId, provider: provider.name, amountCents: charge.amountCents, currency: charge.currency }).returning())[0]!;
  const start = await provider.startCheckout({
    paymentId: payment.id,
    orderNo: order.orderNo,
    amountCents: payment.amountCents,
    currency: payment.currency,
    listAmountCents: Math.max(payment.amountCents, listPriceCents(product, payment.currency) ?? payment.amountCents),
    productId: order.productId,
    locale,
    createdAt: payment.createdAt,
    origin,
  });
  if (start.externalId && start.externalId !== payment.externalId) await db.update(payments).set({ externalId: start.externalId }).where(eq(payments.id, payment.id));
  return { payUrl: start.payUrl, ...(start.codeUrl ? { codeUrl: start.codeUrl } : {}), status: OrderStatus.PAYMENT_PENDING, amountCents: payment.amountCents, currency: payment.currency };
}

function addPeriod(from: Date, billing: 'monthly' | 'annual'): Date {
  const end = new Date(from);
  if (billing === 'annual') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/** What a provider told us beyond the outcome. */
export interface CheckoutDetails {
  /** What the provider says was paid: it must be what we asked for, or nothing is delivered. */
  paid?: { amountCents: number; currency: string };
  /** Stripe Billing's subscription, when the plan renews through Stripe. */
  stripeSubscriptionId?: string;
}

/** Delivers a paid order: beans for a pack; the plan, its level and its monthly beans for a subscription. */
async function fulfil(tx: Tx, order: OrderRow, renews: { renews: boolean; stripeSubscriptionId: string | undefined }): Promise<void> {
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
    await tx
      .insert(subscriptions)
      .values({
        userId: order.userId,
        orderNo: order.orderNo,
        productId: product.id,
        level,
        status: SubscriptionStatus.PAID,
        currentPeriodEnd: addPeriod(start, product.billing),
        cancelAtPeriodEnd: renews.renews ? 0 : 1,
        stripeSubscriptionId: renews.stripeSubscriptionId ?? null,
      })
      .onConflictDoNothing();
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
export async function completeCheckout(db: Db, paymentId: string, outcome: CheckoutOutcome, details: CheckoutDetails = {}): Promise<{ orderNo: string; status: number; late?: boolean }> {
  return db.transaction(async (tx) => {
    if (outcome === 'succeeded' && details.paid) {
      const [asked] = await tx.select({ amountCents: payments.amountCents, currency: payments.currency }).from(payments).where(eq(payments.id, paymentId));
      // A notice for another amount than we asked for is not a payment of this order: deliver nothing.
      if (asked && (asked.amountCents !== details.paid.amountCents || asked.currency !== details.paid.currency)) throw new AppError(ErrorCode.DEFAULT, 'commerce.error.orderState');
    }
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
    // A payment that succeeded is delivered, also for an order cancelled meanwhile (a checkout paid in the moment
    // before it was closed): the customer paid, so they get what they paid for, and the operator is told (`late`).
    const [current] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.orderNo, payment.orderNo)).for('update');
    const late = current?.status === OrderStatus.CANCELLED;
    const [order] =
      current && (current.status === OrderStatus.PAYMENT_PENDING || late)
        ? await tx
            .update(orders)
            .set({ status: OrderStatus.PAYMENT_RECEIVED, paymentRef: payment.id, updatedAt: new Date() })
            .where(and(eq(orders.orderNo, payment.orderNo), eq(orders.status, current.status)))
            .returning()
        : [];
    if (!order) throw new AppError(ErrorCode.DEFAULT, 'commerce.error.orderState');
    // WeChat Pay Native charges once: such a plan ends with its period unless bought again.
    await fulfil(tx, order, { renews: payment.provider !== 'wechat', stripeSubscriptionId: details.stripeSubscriptionId });
    await tx.update(orders).set({ status: OrderStatus.DONE, updatedAt: new Date() }).where(eq(orders.orderNo, order.orderNo));
    return { orderNo: order.orderNo, status: OrderStatus.DONE, ...(late ? { late: true } : {}) };
  });
}

/**
 * /api/checkPaymentStatus for an order waiting on a provider that can be asked
 * (WeChat Pay): asks it, and applies the answer as a notification would, so a
 * lost notification never leaves a paid order pending. Answers the order's status.
 */
export async function refreshPaymentStatus(db: Db, providers: PaymentProviders, order: OrderRow): Promise<number> {
  if (order.status !== OrderStatus.PAYMENT_PENDING) return order.status;
  const [open] = await db.select().from(payments).where(and(eq(payments.orderNo, order.orderNo), eq(payments.status, 'open'))).orderBy(desc(payments.createdAt)).limit(1);
  const provider = [providers.card, providers.wechat].find((p) => p?.name === open?.provider && p?.queryPayment);
  if (!open || !provider?.queryPayment) return order.status;
  const verdict = await provider.queryPayment(open.id);
  if (!verdict) return order.status;
  return (await completeCheckout(db, open.id, verdict.outcome, { paid: verdict.paid })).status;
}

/**
 * Stripe Billing renewed a plan (invoice.paid, subscription_cycle): one more
 * period and the plan's monthly beans, once per invoice. The ledger's
 * idempotency key on the invoice id makes a replayed event change nothing.
 */
export async function renewStripeSubscription(
  db: Db,
  renewal: { stripeSubscriptionId: string; invoiceId: string; periodEnd?: Date },
): Promise<'renewed' | 'replayed' | 'unknown'> {
  return db.transaction(async (tx) => {
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, renewal.stripeSubscriptionId));
    const product = sub && productById(sub.productId);
    if (!sub || product?.kind !== 'plan') return 'unknown';
    const key = `stripe-invoice:${renewal.invoiceId}:plan-beans`;
    const [seen] = await tx.select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, key));
    if (seen) return 'replayed';
    // Our period may run later than Stripe's (a plan bought before the last one ended): extend ours.
    const next = addPeriod(sub.currentPeriodEnd, product.billing);
    const end = renewal.periodEnd && renewal.periodEnd > next ? renewal.periodEnd : next;
    await tx.update(subscriptions).set({ currentPeriodEnd: end, status: SubscriptionStatus.PAID }).where(eq(subscriptions.id, sub.id));
    await tx
      .update(users)
      .set({ membershipLevel: sql`greatest(${users.membershipLevel}, ${sub.level})`, orderStatus: sql`${users.orderStatus} | ${HAS_BEEN_MEMBER_BIT}` })
      .where(eq(users.id, sub.userId));
    await moveBeans(tx, { userId: sub.userId, amount: monthlyPlanBeans[product.tier], reason: 'plan_grant', ref: sub.orderNo, idempotencyKey: key });
    return 'renewed';
  });
}

/** Stripe ended a subscription (customer.subscription.deleted): the plan runs to the end of its paid period and stops. */
export async function endStripeSubscription(db: Db, stripeSubscriptionId: string): Promise<boolean> {
  const ended = await db.update(subscriptions).set({ cancelAtPeriodEnd: 1 }).where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId)).returning({ id: subscriptions.id });
  return ended.length > 0;
}

/**
 * The sandbox checkout page's view of a payment (its owner only): what is
 * bought, its list price, the coupon that takes money off, and what is charged.
 */
export async function checkoutSession(db: Db, userId: string, paymentId: string) {
  const [payment] = await db.select().from(payments).where(and(eq(payments.id, paymentId), eq(payments.userId, userId)));
  if (!payment) throw new AppError(ErrorCode.DEFAULT, 'commerce.error.orderNotFound');
  const order = await getOwnOrder(db, userId, payment.orderNo);
  const product = productById(order.productId);
  const list = product && product.kind !== 'tool' ? listPriceCents(product, payment.currency) : undefined;
  const [coupon] = await db
    .select({ code: coupons.code, percent: coupons.value })
    .from(userCoupons)
    .innerJoin(coupons, eq(userCoupons.couponId, coupons.id))
    .where(and(eq(userCoupons.orderNo, order.orderNo), eq(userCoupons.userId, userId)));
  return {
    id: payment.id,
    orderNo: payment.orderNo,
    productId: order.productId,
    amountCents: payment.amountCents,
    listAmountCents: Math.max(payment.amountCents, list ?? payment.amountCents),
    currency: payment.currency,
    status: payment.status,
    coupon: coupon ?? null,
  };
}

/** How an order's latest checkout ended ('open' while one is running), or null when none was started. */
export async function lastCheckoutOutcome(db: Db, orderNo: string): Promise<'open' | CheckoutOutcome | null> {
  const [last] = await db.select({ status: payments.status }).from(payments).where(eq(payments.orderNo, orderNo)).orderBy(desc(payments.createdAt)).limit(1);
  return (last?.status as 'open' | CheckoutOutcome | undefined) ?? null;
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

/**
 * Stops renewal: the plan stays until the end of the paid period. A plan that
 * Stripe Billing renews is cancelled at Stripe first (at period end), so a
 * failure there changes nothing here and the user can try again.
 */
export async function cancelSubscription(db: Db, userId: string, providers?: PaymentProviders): Promise<void> {
  const renewing = await db
    .select({ stripeSubscriptionId: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, SubscriptionStatus.PAID), eq(subscriptions.cancelAtPeriodEnd, 0), isNotNull(subscriptions.stripeSubscriptionId)));
  for (const { stripeSubscriptionId } of renewing) {
    const stripe = providers?.card?.name === 'stripe' ? providers.card : undefined;
    if (!stripe?.cancelRenewal) throw new AppError(ErrorCode.DEFAULT, 'commerce.error.paymentUnavailable');
    await stripe.cancelRenewal(stripeSubscriptionId!);
  }
  await db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: 1 })
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, SubscriptionStatus.PAID)));
}
