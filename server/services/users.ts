import { eq } from 'drizzle-orm';
import { membershipName } from '../../src/domain/membership.ts';
import { wordLimitFor } from '../../src/domain/plans.ts';
import type { UserInfoData } from '../../src/domain/endpoints/auth.ts';
import type { Db } from '../db/client.ts';
import { users, wallets } from '../db/schema.ts';
import { AppError, ErrorCode } from '../errors.ts';
import { rewards } from '../../src/domain/rewards.ts';
import { grantWelcome } from './coupons.ts';
import { inviterByCode, recordReferral } from './referrals.ts';

export type UserRow = typeof users.$inferSelect;

/** The account with this (normalized) address, if any. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** The account with this id; 401 when it no longer exists. */
export async function getUser(db: Db, userId: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new AppError(ErrorCode.UNAUTHORIZED, 'auth.error.sessionExpired', { status: 401 });
  return row;
}

/**
 * Creates an account in one transaction: its wallet, the welcome beans and
 * coupon, and, when it came through an invitation, the referral and its rewards.
 * An address whose account was deleted before (`closedBefore`, services/account.ts)
 * gets neither: deleting and joining again is not a way to collect gifts.
 */
export async function createUser(
  db: Db,
  { closedBefore = false, ...values }: { email: string; passwordHash: string | null; locale: string; userType: '0' | '1'; googleSub?: string; referCode?: string | null; closedBefore?: boolean },
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ ...values, googleSub: values.googleSub ?? null, referCode: values.referCode || null })
      .returning();
    await tx.insert(wallets).values({ userId: user!.id });
    if (closedBefore) return user!;
    const inviterId = await inviterByCode(tx, values.referCode);
    await grantWelcome(tx, user!.id, inviterId ? rewards.invitedBonusBeans : 0);
    if (inviterId) await recordReferral(tx, inviterId, user!.id);
    return user!;
  });
}

/** The user-info fetch of spec §3: user info, membership and permissions. */
export function userInfoOf(user: UserRow): UserInfoData {
  const name = membershipName(user.membershipLevel);
  return {
    userInfo: {
      email: user.email,
      membershipName: name,
      membershipLevel: user.membershipLevel,
      userType: user.userType,
      order_status: user.orderStatus,
      createTime: user.createdAt.toISOString(),
      hasLogon: user.lastLoginAt !== null,
    },
    memberInfo: { level: user.membershipLevel, name, wordLimit: wordLimitFor(user.membershipLevel), expireTime: null },
    permissions: user.passwordHash ? ['password'] : [],
    userId: user.id,
    account: user.email,
  };
}

/** The bean balance of a user's wallet. */
export async function walletBalance(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.userId, userId));
  return row?.balance ?? 0;
}
