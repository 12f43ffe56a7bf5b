import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { OrderItem } from '../../src/domain/endpoints/commerce.ts';
import { isPaidLevel } from '../../src/domain/membership.ts';
import { OrderStatus, OrderType, canTransition, deletableStatuses, humanizerOrderTypes, liveRunStatuses, toolOrderTypes } from '../../src/domain/orders.ts';
import { defaultCurrency, type CurrencyCode, wordLimitFor } from '../../src/domain/plans.ts';
import { humanizeProduct, orderedProduct, planChargeCents, productById, toolPrice, type Product } from '../../src/domain/products.ts';
import { readsAsOtherLanguage } from '../../src/domain/language.ts';
import { countWords, isMostlyEnglish, readsAsProse } from '../../src/domain/word-count.ts';
import type { Db } from '../db/client.ts';
import { orders, payments, plagiarismSources } from '../db/schema.ts';
import { AppError, ErrorCode } from '../errors.ts';
import { discountedCents } from '../../src/domain/rewards.ts';
import { humanizerLimits } from '../../src/domain/humanizer.ts';
import { refLimits } from '../../src/domain/references.ts';
import type { RewriteSettings } from '../../src/domain/rewriter.ts';
import { writerLength, type WriterRequest } from '../../src/domain/writer.ts';
import { releaseCoupon, reserveCoupon, usableDiscount } from './coupons.ts';
import { moveBeans, type Tx } from './ledger.ts';
import { getUser, type UserRow } from './users.ts';
import { liveToolTypes } from '../../src/domain/tools.ts';

export type OrderRow = typeof orders.$inferSelect;

const humanizerTypes: readonly number[] = humanizerOrderTypes;
/** The engines read English only (spec §5): the humanizer, the detector and the rewriter (which shares the humanizer's lexicon). */
const englishOnlyTypes: readonly number[] = [...humanizerTypes, OrderType.AI_DETECTION, OrderType.AI_DETECTION_TURNITIN, OrderType.COPY_REWRITE];
const toolTypes: readonly number[] = toolOrderTypes;
const unpaidStatuses: readonly number[] = [OrderStatus.CREATED, OrderStatus.PAYMENT_PENDING];

/** A new order number: readable, unguessable enough to be no enumeration handle. */
export function newOrderNo(): string {
  return `IW${Date.now().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`;
}

function knownProduct(productId: number): Product {
  const product = productById(productId);
  if (!product) throw new AppError(ErrorCode.DEFAULT, 'commerce.error.productUnknown');
  return product;
}

/**
 * A tool can be sold only once its engine exists: its order type has a runner in
 * the registry (server/jobs/runners.ts). Otherwise a paid order would wait
 * forever with the beans gone (hole 9 of issue 10), so quotes, orders and
 * payments all refuse it, before anything is charged.
 */
export function assertOrderable(product: Product): void {
  if (product.kind === 'tool' && !liveToolTypes.has(product.orderType)) throw new AppError(ErrorCode.DEFAULT, 'commerce.error.toolUnavailable');
}

/**
 * What this installation can deliver, where it changes a price. `writerDrafts: false` (no language model here): the
 * AI writer can only give the outline, which is free (issue 30: it took 10 beans for a template).
 */
export interface Pricing {
  writerDrafts?: boolean;
}

/**
 * What a product costs for some content: beans for tools, cents for plans and packs. The AI writer is priced by the
 * length of the essay it is asked for (`writerLength`, default writerLength.default), not by the topic's few words
 * (issue 29: a 3,000-word draft cost what a 10-word topic did).
 */
export function priceOf(product: Product, content: string, currency: CurrencyCode, writerWords?: number, pricing: Pricing = {}): { beans: number; cents: number; words: number } {
  const words = countWords(content);
  switch (product.kind) {
    case 'tool':
      if (product.orderType === OrderType.AI_WRITE) return { beans: pricing.writerDrafts === false ? 0 : toolPrice(product, writerWords ?? writerLength.default), cents: 0, words };
      return { beans: toolPrice(product, words), cents: 0, words };
    case 'plan':
      return { beans: 0, cents: planChargeCents(product, currency), words };
    case 'beans':
      return { beans: 0, cents: product.prices[currency], words };
  }
}

/** Spec §5 checks before a humanizer order: text present, within the plan's word limit, mostly English, Ultra only for paid plans. */
function checkToolOrder(user: UserRow, orderType: number, content: string, words: number): void {
  if (!content.trim()) throw new AppError(ErrorCode.DEFAULT, 'commerce.error.contentRequired');
  if (!readsAsProse(content)) throw new AppError(ErrorCode.DEFAULT, 'commerce.error.notProse');
  // A reference check reads a whole paper: its bound is the checker's own, not the plan's editor limit, and no plan
  // lifts it, so its refusal says so instead of offering an upgrade.
  if (orderType === OrderType.REFERENCE_CHECK) {
    if (words > refLimits.maxWords) throw new AppError(ErrorCode.DEFAULT, 'refcheck.error.tooLong');
  } else {
    const limit = wordLimitFor(user.membershipLevel);
    if (words > limit) throw new AppError(ErrorCode.DEFAULT, 'messages.unlockMoreWords', { params: { count: limit } });
  }
  if (englishOnlyTypes.includes(orderType) && (!isMostlyEnglish(content) || readsAsOtherLanguage(content))) throw new AppError(ErrorCode.DEFAULT, 'messages.onlyEnglishError');
  if (orderType === OrderType.HUMANIZER_ULTRA && !isPaidLevel(user.membershipLevel)) throw new AppError(ErrorCode.DEFAULT, 'commerce.error.ultraNeedsPlan');
}

/**
 * POST /api/createOrder. With an idempotency key, a retried request answers the
 * order the first one created instead of making a second.
 */
export async function createOrder(
  db: Db,
  userId: string,
  input: { productId: number; content?: string; couponIds?: string[]; currency?: CurrencyCode; extraInfo?: { isUltra?: boolean; originOrderNo?: string; fileName?: string } & Partial<RewriteSettings> & Partial<WriterRequest> },
  idempotencyKey?: string,
  pricing: Pricing = {},
): Promise<OrderRow> {
  if (idempotencyKey) {
    const [existing] = await db.select().from(orders).where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)));
    if (existing) return existing;
  }
  const user = await getUser(db, userId);
  const product = orderedProduct(knownProduct(input.productId), input.extraInfo?.isUltra);
  assertOrderable(product);
  const originOrderNo = input.extraInfo?.originOrderNo;
  if (originOrderNo) return rerunOrder(db, user, product, originOrderNo, input.extraInfo?.isUltra === true);
  const content = input.content ?? '';
  const currency = input.currency ?? defaultCurrency;
  const price = priceOf(product, content, currency, input.extraInfo?.length, pricing);
  if (product.kind === 'tool') checkToolOrder(user, product.orderType, content, price.words);
  const couponIds = input.couponIds ?? [];
  if (couponIds.length > 0 && product.kind === 'tool') throw new AppError(ErrorCode.DEFAULT, 'coupon.error.notApplicable');
  const orderNo = newOrderNo();
  try {
    return await db.transaction(async (tx) => {
      const discount = await usableDiscount(tx, userId, couponIds);
      if (discount?.heldBy) {
        // The coupon is held by an unpaid order: the same purchase resumes it; another replaces it (issue 11).
        const [held] = await tx.select().from(orders).where(and(eq(orders.orderNo, discount.heldBy), eq(orders.userId, userId)));
        const resumable = held && held.productId === product.id && held.currency === currency && unpaidStatuses.includes(held.status) && !held.deletedAt;
        if (resumable) return held;
        await replaceAbandonedOrder(tx, discount.heldBy, held);
      }
      const [row] = await tx
        .insert(orders)
        .values({
          orderNo,
          userId,
          productId: product.id,
          orderType: product.orderType,
          status: OrderStatus.CREATED,
          content: product.kind === 'tool' ? content : null,
          wordCount: price.words,
          beans: price.beans,
          amountCents: discount ? discountedCents(price.cents, discount.percent) : price.cents,
          currency: product.kind === 'tool' ? null : currency,
          extraInfo: input.extraInfo ?? null,
          originOrderNo: input.extraInfo?.originOrderNo ?? null,
          orderGroup: orderNo,
          idempotencyKey: idempotencyKey ?? null,
        })
        .returning();
      if (discount) await reserveCoupon(tx, discount.userCouponId, orderNo);
      return row!;
    });
  } catch (error) {
    // Two retries raced on the same key: answer the order that won.
    if (idempotencyKey) {
      const [existing] = await db.select().from(orders).where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)));
      if (existing) return existing;
    }
    throw error;
  }
}

/**
 * Frees a coupon held by an unpaid order the buyer left (declined, cancelled,
 * or never finished) so that their next purchase can use it: the old order is
 * cancelled in the same transaction. A checkout still open at a real provider
 * (Stripe, WeChat Pay) could yet be paid, so it is not cancelled behind the
 * buyer's back: they are told, with the order, to continue or cancel it.
 * The sandbox's open sessions are ours and are simply closed.
 */
async function replaceAbandonedOrder(tx: Tx, orderNo: string, held: OrderRow | undefined): Promise<void> {
  if (held && unpaidStatuses.includes(held.status)) {
    const open = await tx.select({ provider: payments.provider }).from(payments).where(and(eq(payments.orderNo, orderNo), eq(payments.status, 'open')));
    if (open.some((p) => p.provider !== 'sandbox')) {
      throw new AppError(ErrorCode.DEFAULT, 'coupon.error.reservedOpen', { payload: { orderNo, productId: held.productId } });
    }
    await tx.update(payments).set({ status: 'abandoned', completedAt: new Date() }).where(and(eq(payments.orderNo, orderNo), eq(payments.status, 'open')));
    if (!(await transition(tx, held, OrderStatus.CANCELLED))) throw new AppError(ErrorCode.DEFAULT, 'coupon.error.reserved');
  }
  await releaseCoupon(tx, orderNo);
}

/**
 * Re-humanize (spec §4, §5): a free run of the same source in the origin's group,
 * for paid members only, at most five versions per payment. The group's first
 * order is locked while counting, so parallel requests cannot make a sixth.
 */
async function rerunOrder(db: Db, user: UserRow, product: Product, originOrderNo: string, isUltra: boolean): Promise<OrderRow> {
  if (product.kind !== 'tool' || !humanizerTypes.includes(product.orderType)) throw new AppError(ErrorCode.DEFAULT, 'commerce.error.orderState');
  if (!isPaidLevel(user.membershipLevel)) throw new AppError(ErrorCode.DEFAULT, 'humanizer.error.rehumanizeNeedsPlan');
  const origin = await getOwnOrder(db, user.id, originOrderNo);
  if (!humanizerTypes.includes(origin.orderType) || origin.status !== OrderStatus.DONE) throw new AppError(ErrorCode.DEFAULT, 'humanizer.error.originNotReady');
  const group = origin.orderGroup ?? origin.orderNo;
  const run = humanizeProduct(isUltra);
  return db.transaction(async (tx) => {
    await lockGroupUnderCap(tx, group, user.id);
    const [row] = await tx
      .insert(orders)
      .values({
        orderNo: newOrderNo(),
        userId: user.id,
        productId: run.id,
        orderType: run.orderType,
        status: OrderStatus.CREATED,
        content: origin.content,
        wordCount: origin.wordCount,
        beans: 0,
        extraInfo: { isUltra, originOrderNo },
        originOrderNo,
        orderGroup: group,
      })
      .returning();
    return row!;
  });
}


/** The caller's own order; others' orders do not exist for them. */
export async function getOwnOrder(db: Db, userId: string, orderNo: string): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId), isNull(orders.deletedAt)));
  if (!row) throw new AppError(ErrorCode.DEFAULT, 'commerce.error.orderNotFound');
  return row;
}

/** Moves an order to `to` only from a status that allows it; answers false when another request moved it first. */
async function transition(tx: Tx, order: OrderRow, to: number): Promise<boolean> {
  if (!canTransition(order.status, to)) return false;
  const moved = await tx
    .update(orders)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(orders.orderNo, order.orderNo), eq(orders.status, order.status)))
    .returning({ orderNo: orders.orderNo });
  return moved.length === 1;
}

/**
 * POST /api/createPayment for a tool order: debits the beans and moves the
 * order to "payment received" in one transaction. Paying twice charges once.
 */
export async function payWithBeans(db: Db, userId: string, orderNo: string): Promise<{ order: OrderRow; balance: number | undefined }> {
  const order = await getOwnOrder(db, userId, orderNo);
  const product = knownProduct(order.productId);
  if (product.kind !== 'tool') throw new AppError(ErrorCode.DEFAULT, 'commerce.error.paymentUnavailable');
  assertOrderable(product);
  if (order.status !== OrderStatus.CREATED && order.status !== OrderStatus.PAYMENT_PENDING) {
    if (order.status === OrderStatus.CANCELLED) throw new AppError(ErrorCode.DEFAULT, 'commerce.error.orderState');
    return { order, balance: undefined };
  }
  const balance = await db.transaction(async (tx) => {
    if (order.originOrderNo && humanizerTypes.includes(order.orderType)) await checkVersionCap(tx, order);
    if (!(await transition(tx, order, OrderStatus.PAYMENT_RECEIVED))) return undefined;
    // A re-humanize run is free: nothing moves in the wallet.
    if (order.beans === 0) return undefined;
    return moveBeans(tx, { userId, amount: -order.beans, reason: 'order_payment', ref: order.orderNo, idempotencyKey: `order:${order.orderNo}:pay` });
  });
  return { order: await getOwnOrder(db, userId, orderNo), balance };
}

/**
 * A re-run becomes a version when it is paid, so the cap is checked here, under
 * the lock on the group's first order that order creation takes too: unpaid
 * re-runs made in advance, or paid in parallel, can never make a sixth version.
 */
async function checkVersionCap(tx: Tx, order: OrderRow): Promise<void> {
  await lockGroupUnderCap(tx, order.orderGroup ?? order.orderNo, order.userId);
}

/** Locks a humanizer group (its first order) and refuses when it already has the most versions (HUM-09). */
async function lockGroupUnderCap(tx: Tx, group: string, userId: string): Promise<void> {
  await tx.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.orderNo, group)).for('update');
  const [versions] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.orderGroup, group), eq(orders.userId, userId), inArray(orders.status, [...liveRunStatuses])));
  if (Number(versions?.n ?? 0) >= humanizerLimits.maxVersions) throw new AppError(ErrorCode.DEFAULT, 'humanizer.error.maxVersions');
}

/** A failed run gives its beans back, once, and the order ends "all refunded". */
export async function refundOrder(db: Db, orderNo: string): Promise<void> {
  const [order] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
  if (!order) return;
  await db.transaction(async (tx) => {
    if (!(await transition(tx, order, OrderStatus.ALL_REFUNDED))) return;
    if (order.beans <= 0) return;
    await moveBeans(tx, { userId: order.userId, amount: order.beans, reason: 'order_refund', ref: order.orderNo, idempotencyKey: `order:${order.orderNo}:refund` });
  });
}

/** POST /api/order/cancel: only an order not yet paid. */
export async function cancelOrder(db: Db, userId: string, orderNo: string): Promise<OrderRow> {
  const order = await getOwnOrder(db, userId, orderNo);
  if (order.status === OrderStatus.CANCELLED) return order;
  const cancelled = await db.transaction(async (tx) => {
    if (!(await transition(tx, order, OrderStatus.CANCELLED))) return false;
    await releaseCoupon(tx, orderNo);
    return true;
  });
  if (!cancelled) throw new AppError(ErrorCode.DEFAULT, 'commerce.error.orderState');
  return getOwnOrder(db, userId, orderNo);
}

/** POST /api/order/delete: hides a finished, cancelled or never-paid order from the lists. */
export async function deleteOrder(db: Db, userId: string, orderNo: string): Promise<void> {
  const order = await getOwnOrder(db, userId, orderNo);
  if (!(deletableStatuses as readonly number[]).includes(order.status)) throw new AppError(ErrorCode.DEFAULT, 'commerce.error.orderState');
  await db.update(orders).set({ deletedAt: new Date() }).where(eq(orders.orderNo, order.orderNo));
  await forgetSubmissions(db, userId, [order.orderNo]);
}

/** How long a deleted order or history entry can be brought back (the page offers "Undo" for a few seconds). */
export const undoWindowMs = 10 * 60_000;

/**
 * Undoes a deletion of the user's own order (`all`: of its whole history entry, the versions deleted with it) made in
 * the last `undoWindowMs`; later, or for an order never deleted, the order is not found. A plagiarism check's text
 * stays out of the library (it left at the deletion, with its fingerprints).
 */
export async function restoreOrder(db: Db, userId: string, orderNo: string, all = false): Promise<void> {
  const [order] = await db.select().from(orders).where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId)));
  const since = new Date(Date.now() - undoWindowMs);
  if (!order?.deletedAt || order.deletedAt < since || order.deletedAt > new Date(Date.now() + 1000)) throw new AppError(ErrorCode.DEFAULT, 'commerce.error.orderNotFound');
  const group = order.orderGroup ?? order.orderNo;
  const which = all ? sql`coalesce(${orders.orderGroup}, ${orders.orderNo}) = ${group} and ${orders.deletedAt} = ${order.deletedAt}` : eq(orders.orderNo, orderNo);
  await db.update(orders).set({ deletedAt: null }).where(and(eq(orders.userId, userId), which));
}

/**
 * A deleted plagiarism check's text leaves the library too, with its fingerprints (cascade): other users' checks
 * can no longer match it (issue 29).
 */
async function forgetSubmissions(db: Db, userId: string, orderNos: string[]): Promise<void> {
  if (orderNos.length === 0) return;
  await db.delete(plagiarismSources).where(and(eq(plagiarismSources.kind, 'submission'), eq(plagiarismSources.ownerId, userId), inArray(plagiarismSources.orderNo, orderNos)));
}

function toItem(row: OrderRow): OrderItem {
  return {
    orderNo: row.orderNo,
    productId: row.productId,
    orderType: row.orderType,
    status: row.status,
    wordCount: row.wordCount,
    beans: row.beans,
    amountCents: row.amountCents,
    currency: row.currency,
    createTime: row.createdAt.toISOString(),
    contentPreview: (row.content ?? '').slice(0, 140),
  };
}

/** POST /api/tool/list and /api/subscription/list: a page of the user's orders of some types. */
export async function listOrders(
  db: Db,
  userId: string,
  query: { page: number; pageSize: number; types: readonly number[]; status?: number },
): Promise<{ list: OrderItem[]; total: number; page: number; pageSize: number }> {
  const where = and(
    eq(orders.userId, userId),
    isNull(orders.deletedAt),
    inArray(orders.orderType, [...query.types]),
    query.status === undefined ? undefined : eq(orders.status, query.status),
  );
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.orderNo))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { list: rows.map(toItem), total: Number(total?.n ?? 0), page: query.page, pageSize: query.pageSize };
}


/**
 * GET /api/essay/history: the user's paid tool runs, newest first (spec §3
 * history item), one entry per run: the versions of a re-humanized text share
 * an order group and show as one entry (its latest version, with the count).
 */
export async function essayHistory(db: Db, userId: string, page: number, size: number) {
  const where = and(eq(orders.userId, userId), isNull(orders.deletedAt), inArray(orders.orderType, [...toolTypes]), inArray(orders.status, [...liveRunStatuses]));
  const group = sql<string>`coalesce(${orders.orderGroup}, ${orders.orderNo})`;
  const latest = sql<string>`max(${orders.createdAt})`;
  const [total] = await db.select({ n: sql<string>`count(distinct ${group})` }).from(orders).where(where);
  const groups = await db
    .select({ group, versions: count() })
    .from(orders)
    .where(where)
    .groupBy(group)
    .orderBy(desc(latest), desc(group))
    .limit(size)
    .offset((page - 1) * size);
  const keys = groups.map((g) => g.group);
  const rows = keys.length ? await db.select().from(orders).where(and(where, inArray(group, keys))).orderBy(desc(orders.createdAt), desc(orders.orderNo)) : [];
  const newest = new Map<string, OrderRow>();
  for (const row of rows) if (!newest.has(row.orderGroup ?? row.orderNo)) newest.set(row.orderGroup ?? row.orderNo, row);
  return {
    list: groups.flatMap(({ group: key, versions }) => {
      const row = newest.get(key);
      if (!row) return [];
      return [
        {
          jobId: row.orderNo,
          createTime: row.createdAt.toISOString(),
          contentMeta: JSON.stringify({ title: (row.content ?? '').trim().slice(0, 80), wordCount: row.wordCount, orderType: row.orderType, status: row.status, versions: Number(versions) }),
        },
      ];
    }),
    total: Number(total?.n ?? 0),
    page,
    size,
  };
}

/** POST /api/essay/delete: removes a run, with all its versions, from the history (and the lists). */
export async function deleteEssay(db: Db, userId: string, jobId: string): Promise<void> {
  const order = await getOwnOrder(db, userId, jobId);
  if (!toolTypes.includes(order.orderType)) throw new AppError(ErrorCode.DEFAULT, 'commerce.error.orderNotFound');
  const group = order.orderGroup ?? order.orderNo;
  const removed = await db
    .update(orders)
    .set({ deletedAt: new Date() })
    .where(and(eq(orders.userId, userId), isNull(orders.deletedAt), sql`coalesce(${orders.orderGroup}, ${orders.orderNo}) = ${group}`))
    .returning({ orderNo: orders.orderNo });
  await forgetSubmissions(db, userId, removed.map((r) => r.orderNo));
}
