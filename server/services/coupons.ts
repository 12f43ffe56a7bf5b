import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { rewards, type CouponType } from '../../src/domain/rewards.ts';
import type { Db } from '../db/client.ts';
import { coupons, userCoupons, users } from '../db/schema.ts';
import { AppError, ErrorCode } from '../errors.ts';
import { moveBeans, type Tx } from './ledger.ts';

/** What kinds of coupon exist: beans at once, a percent off a plan, or something handled by support. */
export type CouponKind = 'beans' | 'discount' | 'others';

/** Coupon codes are case-insensitive and stored upper-case. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Creates a coupon (the admin command). */
export async function createCoupon(
  db: Db,
  input: { code: string; kind: CouponKind; value: number; maxUses?: number | null; expiresAt?: Date | null; internal?: boolean },
) {
  const [row] = await db
    .insert(coupons)
    .values({ code: normalizeCode(input.code), kind: input.kind, value: input.value, maxUses: input.maxUses ?? null, expiresAt: input.expiresAt ?? null, internal: input.internal ? 1 : 0 })
    .returning();
  return row!;
}

function responseType(kind: string): CouponType {
  return kind === 'beans' ? 'beans' : kind === 'discount' ? 'coupon' : 'others';
}

/**
 * Takes a coupon for a user: once per user, within its expiry and usage cap.
 * Beans are credited at once through the ledger; a discount waits in the
 * user's coupons. All of it in one transaction.
 */
export async function takeCoupon(db: Db, userId: string, rawCode: string, { internal }: { internal: boolean }): Promise<{ type: CouponType; value: number }> {
  const code = normalizeCode(rawCode);
  if (!code || code.length > 64) throw new AppError(ErrorCode.DEFAULT, 'coupon.error.notFound');
  return db.transaction(async (tx) => {
    const [coupon] = await tx.select().from(coupons).where(eq(coupons.code, code));
    if (!coupon || Boolean(coupon.internal) !== internal) throw new AppError(ErrorCode.DEFAULT, 'coupon.error.notFound');
    if (coupon.expiresAt && coupon.expiresAt.getTime() <= Date.now()) throw new AppError(ErrorCode.DEFAULT, 'coupon.error.expired');
    const taken = await tx
      .insert(userCoupons)
      .values({ userId, couponId: coupon.id, status: coupon.kind === 'discount' ? 'available' : 'used', usedAt: coupon.kind === 'discount' ? null : new Date(), expiresAt: coupon.expiresAt })
      .onConflictDoNothing()
      .returning({ id: userCoupons.id });
    if (taken.length === 0) throw new AppError(ErrorCode.DEFAULT, 'coupon.error.used');
    // The cap is checked and counted in one statement, so parallel takers cannot exceed it.
    const counted = await tx
      .update(coupons)
      .set({ uses: sql`${coupons.uses} + 1` })
      .where(and(eq(coupons.id, coupon.id), or(isNull(coupons.maxUses), sql`${coupons.uses} < ${coupons.maxUses}`)))
      .returning({ uses: coupons.uses });
    if (counted.length === 0) throw new AppError(ErrorCode.DEFAULT, 'coupon.error.exhausted');
    if (coupon.kind === 'beans') {
      await moveBeans(tx, { userId, amount: coupon.value, reason: 'coupon', ref: coupon.code, idempotencyKey: `coupon:${coupon.id}:${userId}` });
    }
    if (internal) await tx.update(users).set({ channelCode: coupon.code }).where(eq(users.id, userId));
    return { type: responseType(coupon.kind), value: coupon.value };
  });
}

/**
 * GET /api/coupon/getValidCoupons: the user's unused, unexpired discount coupons,
 * including one an unpaid order holds (`orderNo`), which that checkout resumes.
 */
export async function validCoupons(db: Db, userId: string) {
  const rows = await db
    .select({ id: userCoupons.id, code: coupons.code, value: coupons.value, expiresAt: userCoupons.expiresAt, orderNo: userCoupons.orderNo, status: userCoupons.status })
    .from(userCoupons)
    .innerJoin(coupons, eq(userCoupons.couponId, coupons.id))
    .where(and(eq(userCoupons.userId, userId), inArray(userCoupons.status, ['available', 'reserved']), or(isNull(userCoupons.expiresAt), gt(userCoupons.expiresAt, new Date()))));
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    type: 'coupon' as const,
    value: r.value,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    orderNo: r.status === 'reserved' ? r.orderNo : null,
  }));
}

const welcomeCode = 'WELCOME';

/** Gives a new account its welcome beans and its welcome discount coupon (valid 7 days). */
export async function grantWelcome(tx: Tx, userId: string, bonusBeans: number): Promise<void> {
  await moveBeans(tx, { userId, amount: rewards.welcomeBeans + bonusBeans, reason: 'welcome', idempotencyKey: `welcome:${userId}` });
  await tx.insert(coupons).values({ code: welcomeCode, kind: 'discount', value: rewards.welcomeDiscountPercent }).onConflictDoNothing();
  const [coupon] = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, welcomeCode));
  await tx
    .insert(userCoupons)
    .values({ userId, couponId: coupon!.id, expiresAt: new Date(Date.now() + rewards.welcomeWindowDays * 86_400_000) })
    .onConflictDoNothing();
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A discount the user may apply now: one of their coupons, available, unexpired. */
export interface UsableDiscount {
  userCouponId: string;
  percent: number;
  /** The unpaid order of the user's that holds this coupon, if one does. */
  heldBy: string | null;
}

/**
 * Picks the best discount among the coupon ids a user sent (coupons do not stack).
 * Ids that are not the user's usable discount coupons are refused, so a price
 * is never shown with a discount the order would not get.
 */
export async function usableDiscount(tx: Tx, userId: string, ids: readonly string[]): Promise<UsableDiscount | undefined> {
  if (ids.length === 0) return undefined;
  const wanted = [...new Set(ids)].filter((id) => uuidPattern.test(id));
  if (wanted.length !== new Set(ids).size) throw new AppError(ErrorCode.DEFAULT, 'coupon.error.notUsable');
  const rows = await tx
    .select({ id: userCoupons.id, status: userCoupons.status, orderNo: userCoupons.orderNo, kind: coupons.kind, value: coupons.value, expiresAt: userCoupons.expiresAt })
    .from(userCoupons)
    .innerJoin(coupons, eq(userCoupons.couponId, coupons.id))
    .where(and(eq(userCoupons.userId, userId), inArray(userCoupons.id, wanted)));
  const now = Date.now();
  const usable = rows.filter((r) => r.kind === 'discount' && (r.status === 'available' || r.status === 'reserved') && (!r.expiresAt || r.expiresAt.getTime() > now));
  if (usable.length !== wanted.length) throw new AppError(ErrorCode.DEFAULT, 'coupon.error.notUsable');
  const best = usable.reduce((a, b) => (b.value > a.value ? b : a));
  return { userCouponId: best.id, percent: best.value, heldBy: best.status === 'reserved' ? best.orderNo : null };
}

/** Holds a coupon for an unpaid order; it is used when the order is paid, and freed if the order is cancelled. */
export async function reserveCoupon(tx: Tx, userCouponId: string, orderNo: string): Promise<void> {
  const held = await tx
    .update(userCoupons)
    .set({ status: 'reserved', orderNo })
    .where(and(eq(userCoupons.id, userCouponId), eq(userCoupons.status, 'available')))
    .returning({ id: userCoupons.id });
  if (held.length === 0) throw new AppError(ErrorCode.DEFAULT, 'coupon.error.reserved');
}

/** Marks the coupon an order held as used (on payment). */
export async function consumeCoupon(tx: Tx, orderNo: string): Promise<void> {
  await tx.update(userCoupons).set({ status: 'used', usedAt: new Date() }).where(and(eq(userCoupons.orderNo, orderNo), eq(userCoupons.status, 'reserved')));
}

/** Gives back the coupon a cancelled order held. */
export async function releaseCoupon(tx: Tx, orderNo: string): Promise<void> {
  await tx.update(userCoupons).set({ status: 'available', orderNo: null }).where(and(eq(userCoupons.orderNo, orderNo), eq(userCoupons.status, 'reserved')));
}
