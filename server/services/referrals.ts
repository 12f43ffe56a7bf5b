import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { rewards } from '../../src/domain/rewards.ts';
import type { Db } from '../db/client.ts';
import { referrals, users } from '../db/schema.ts';
import { AppError, ErrorCode } from '../errors.ts';
import { moveBeans, type Tx } from './ledger.ts';

const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newInviteCode(): string {
  return [...randomBytes(8)].map((b) => alphabet[b % alphabet.length]).join('');
}

/** The user's own invite code, made on first use. */
export async function inviteCodeOf(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ code: users.inviteCode }).from(users).where(eq(users.id, userId));
  if (row?.code) return row.code;
  for (;;) {
    const code = newInviteCode();
    const updated = await db.update(users).set({ inviteCode: code }).where(and(eq(users.id, userId), sql`${users.inviteCode} is null`)).returning({ code: users.inviteCode });
    if (updated[0]?.code) return updated[0].code;
    const [again] = await db.select({ code: users.inviteCode }).from(users).where(eq(users.id, userId));
    if (again?.code) return again.code;
  }
}

/** The inviter whose code this is, if any. */
export async function inviterByCode(db: Db | Tx, code: string | null | undefined): Promise<string | undefined> {
  const clean = code?.trim().toUpperCase();
  if (!clean || clean.length > 32) return undefined;
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, clean));
  return row?.id;
}

/**
 * Records that `inviteeId` came through `inviterId` and pays the sign-up
 * reward, once: the referral row has the invitee as key, the ledger move an
 * idempotency key.
 */
export async function recordReferral(tx: Tx, inviterId: string, inviteeId: string): Promise<boolean> {
  if (inviterId === inviteeId) return false;
  const inserted = await tx.insert(referrals).values({ inviterId, inviteeId, signupReward: rewards.referralSignupBeans }).onConflictDoNothing().returning({ id: referrals.inviteeId });
  if (inserted.length === 0) return false;
  await moveBeans(tx, { userId: inviterId, amount: rewards.referralSignupBeans, reason: 'referral', ref: inviteeId, idempotencyKey: `referral:${inviteeId}:signup` });
  return true;
}

/** Redeems a stored invite code for an existing young account (the invite landing, spec §4). */
export async function redeemInvite(db: Db, userId: string, code: string): Promise<void> {
  const inviterId = await inviterByCode(db, code);
  if (!inviterId) throw new AppError(ErrorCode.DEFAULT, 'referral.error.invalid');
  if (inviterId === userId) throw new AppError(ErrorCode.DEFAULT, 'referral.error.own');
  const [user] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  if (!user || Date.now() - user.createdAt.getTime() > rewards.welcomeWindowDays * 86_400_000) throw new AppError(ErrorCode.DEFAULT, 'referral.error.tooLate');
  const recorded = await db.transaction(async (tx) => {
    const ok = await recordReferral(tx, inviterId, userId);
    if (ok) await moveBeans(tx, { userId, amount: rewards.invitedBonusBeans, reason: 'referral', ref: inviterId, idempotencyKey: `referral:${userId}:bonus` });
    return ok;
  });
  if (!recorded) throw new AppError(ErrorCode.DEFAULT, 'referral.error.already');
}

/** Pays the inviter when the invitee first pays for a plan or beans, once. */
export async function rewardFirstPayment(tx: Tx, inviteeId: string): Promise<void> {
  const updated = await tx
    .update(referrals)
    .set({ firstPaidAt: new Date(), paymentReward: rewards.referralPaymentBeans })
    .where(and(eq(referrals.inviteeId, inviteeId), sql`${referrals.firstPaidAt} is null`))
    .returning({ inviterId: referrals.inviterId });
  if (updated[0]) {
    await moveBeans(tx, { userId: updated[0].inviterId, amount: rewards.referralPaymentBeans, reason: 'referral', ref: inviteeId, idempotencyKey: `referral:${inviteeId}:payment` });
  }
}

/** Hides most of an address: a***@example.edu. */
function mask(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}***@${domain}`;
}

/** GET /api/referral: the code, the link and the totals. */
export async function referralSummary(db: Db, userId: string, siteUrl: string) {
  const code = await inviteCodeOf(db, userId);
  const [totals] = await db
    .select({
      invited: sql<string>`count(*)`,
      earned: sql<string>`coalesce(sum(${referrals.signupReward} + ${referrals.paymentReward}), 0)`,
      charged: sql<string>`count(${referrals.firstPaidAt})`,
    })
    .from(referrals)
    .where(eq(referrals.inviterId, userId));
  return {
    inviteCode: code,
    inviteLink: `${siteUrl}/invite/${code}`,
    signupReward: rewards.referralSignupBeans,
    paymentReward: rewards.referralPaymentBeans,
    invitedBonus: rewards.invitedBonusBeans,
    invitedCount: Number(totals?.invited ?? 0),
    chargedCount: Number(totals?.charged ?? 0),
    earnedBeans: Number(totals?.earned ?? 0),
  };
}

/** GET /api/referral/invited and /charged: who joined (and who paid) through the user's link. */
export async function invitees(db: Db, userId: string, onlyCharged: boolean) {
  const rows = await db
    .select({ email: users.email, joinedAt: referrals.createdAt, firstPaidAt: referrals.firstPaidAt, signupReward: referrals.signupReward, paymentReward: referrals.paymentReward })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.inviteeId))
    .where(and(eq(referrals.inviterId, userId), onlyCharged ? isNotNull(referrals.firstPaidAt) : undefined))
    .orderBy(desc(referrals.createdAt))
    .limit(500);
  return rows.map((r) => ({
    email: mask(r.email),
    joinedAt: r.joinedAt.toISOString(),
    firstPaidAt: r.firstPaidAt?.toISOString() ?? null,
    reward: onlyCharged ? r.paymentReward : r.signupReward,
  }));
}
