import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
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

/** GET /api/coupon/getValidCoupons: the user's unused, unexpired discount coupons. */
export async function validCoupons(db: Db, userId: string) {
  const rows = await db
    .select({ id: userCoupons.id, code: coupons.code, value: coupons.value, expiresAt: userCoupons.expiresAt })
    .from(userCoupons)
    .innerJoin(coupons, eq(userCoupons.couponId, coupons.id))
    .where(and(eq(userCoupons.userId, userId), eq(userCoupons.status, 'available'), or(isNull(userCoupons.expiresAt), gt(userCoupons.expiresAt, new Date()))));
  return rows.map((r) => ({ id: r.id, code: r.code, type: 'coupon' as const, value: r.value, expiresAt: r.expiresAt?.toISOString() ?? null }));
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
