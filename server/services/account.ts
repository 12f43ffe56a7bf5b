/**
 * A user's own data (issue 30; docs/decisions/0029): the export of everything the account holds, and the account's
 * deletion. Deleting removes the person (sign-in, address, texts, results, documents, share links, library
 * submissions) and keeps what payment law asks to keep: orders and the bean ledger, without their texts, under an
 * address that names no one. The remaining beans leave through the ledger, as every balance change does.
 */
import { verify } from '@node-rs/argon2';
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import { normalizeEmail } from '../../src/domain/auth-rules.ts';
import { OrderStatus, toolOrderTypes } from '../../src/domain/orders.ts';
import type { Db } from '../db/client.ts';
import {
  closedAccounts,
  coupons,
  editorDocuments,
  emailCodes,
  ledgerEntries,
  oneTimeTokens,
  orderRatings,
  orders,
  payments,
  plagiarismSources,
  referrals,
  reportShares,
  sessions,
  subscriptions,
  toolResults,
  userCoupons,
  users,
  wallets,
} from '../db/schema.ts';
import { AppError, ErrorCode } from '../errors.ts';
import { moveBeans } from './ledger.ts';
import { cancelSubscription } from './payments.ts';
import type { PaymentProviders } from './payments.ts';
import { enforceLimit, limits } from './rate-limit.ts';
import { hashCode } from './tokens.ts';
import { getUser } from './users.ts';

/** Version of the export's layout, so a reader of an old file knows what it holds. */
export const EXPORT_FORMAT = 1;

/** Everything the account holds, in one JSON document (GET /api/user/exportData). */
export async function exportAccount(db: Db, userId: string) {
  const user = await getUser(db, userId);
  const [wallet] = await db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.userId, userId));
  const orderRows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt));
  const results = await db.select().from(toolResults).where(eq(toolResults.userId, userId));
  const resultOf = new Map(results.map((r) => [r.orderNo, r]));
  const ratings = await db.select().from(orderRatings).where(eq(orderRatings.userId, userId));
  const ratingOf = new Map(ratings.map((r) => [r.orderNo, r]));
  const documents = await db.select().from(editorDocuments).where(and(eq(editorDocuments.userId, userId), isNull(editorDocuments.deletedAt))).orderBy(asc(editorDocuments.createdAt));
  const ledger = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)).orderBy(asc(ledgerEntries.createdAt));
  const myCoupons = await db
    .select({ code: coupons.code, kind: coupons.kind, value: coupons.value, status: userCoupons.status, expiresAt: userCoupons.expiresAt, createdAt: userCoupons.createdAt })
    .from(userCoupons)
    .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
    .where(eq(userCoupons.userId, userId));
  const plans = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const paid = await db.select().from(payments).where(eq(payments.userId, userId));
  const invited = await db.select({ signupReward: referrals.signupReward, paymentReward: referrals.paymentReward, createdAt: referrals.createdAt }).from(referrals).where(eq(referrals.inviterId, userId));
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    format: EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    account: {
      email: user.email,
      locale: user.locale,
      membershipLevel: user.membershipLevel,
      emailVerified: user.userType !== '0',
      googleSignIn: user.googleSub !== null,
      inviteCode: user.inviteCode,
      shareSubmissions: user.shareSubmissions,
      createdAt: iso(user.createdAt),
      lastLoginAt: iso(user.lastLoginAt),
    },
    wallet: { balance: wallet?.balance ?? 0 },
    orders: orderRows
      .filter((o) => o.deletedAt === null)
      .map((o) => {
        const result = resultOf.get(o.orderNo);
        const rating = ratingOf.get(o.orderNo);
        return {
          orderNo: o.orderNo,
          productId: o.productId,
          orderType: o.orderType,
          status: o.status,
          beans: o.beans,
          amountCents: o.amountCents,
          currency: o.currency,
          words: o.wordCount,
          text: o.content,
          settings: o.extraInfo,
          createdAt: iso(o.createdAt),
          result: result ? { engine: result.engine, text: result.plain, detail: result.format, createdAt: iso(result.createdAt) } : null,
          rating: rating ? { rating: rating.rating, comment: rating.comment } : null,
        };
      }),
    documents: documents.map((d) => ({ title: d.title, text: d.text, words: d.wordCount, createdAt: iso(d.createdAt), updatedAt: iso(d.updatedAt) })),
    ledger: ledger.map((e) => ({ amount: e.amount, balanceAfter: e.balanceAfter, reason: e.reason, ref: e.ref, createdAt: iso(e.createdAt) })),
    coupons: myCoupons.map((c) => ({ ...c, expiresAt: iso(c.expiresAt), createdAt: iso(c.createdAt) })),
    subscriptions: plans.map((s) => ({ orderNo: s.orderNo, productId: s.productId, level: s.level, status: s.status, currentPeriodEnd: iso(s.currentPeriodEnd), renews: s.cancelAtPeriodEnd === 0, createdAt: iso(s.createdAt) })),
    payments: paid.map((p) => ({ orderNo: p.orderNo, provider: p.provider, status: p.status, amountCents: p.amountCents, currency: p.currency, createdAt: iso(p.createdAt), completedAt: iso(p.completedAt) })),
    referrals: invited.map((r) => ({ signupReward: r.signupReward, paymentReward: r.paymentReward, createdAt: iso(r.createdAt) })),
  };
}

/** The keyed hash a deleted account's address is remembered by (closed_accounts). */
export const closedEmailHash = (key: Uint8Array, email: string) => hashCode(key, 'closed-account', normalizeEmail(email));

/** True when an account with this address was deleted before (its sign-up then gets no welcome gift). */
export async function wasClosed(db: Pick<Db, 'select'>, key: Uint8Array, email: string): Promise<boolean> {
  const [row] = await db.select({ emailHash: closedAccounts.emailHash }).from(closedAccounts).where(eq(closedAccounts.emailHash, closedEmailHash(key, email)));
  return row !== undefined;
}

/** Runs that were paid and have not finished: the account waits for them (their results would have no owner). */
const runningStatuses = [OrderStatus.PAYMENT_RECEIVED, OrderStatus.PROCESSING];

/**
 * POST /api/user/closeAccount. The proof is the password, or for an account without one (Google sign-in) its
 * e-mail address typed out; wrong proofs count against the login limit of that address and IP. Renewal is
 * cancelled first (at Stripe too), so a failure there leaves the account as it was.
 */
export async function closeAccount(
  deps: { db: Db; key: Uint8Array; providers?: PaymentProviders },
  caller: { userId: string; ip: string },
  proof: { password?: string; email?: string },
): Promise<void> {
  const { db, key } = deps;
  const user = await getUser(db, caller.userId);
  if (user.closedAt) throw new AppError(ErrorCode.UNAUTHORIZED, 'auth.error.sessionExpired', { status: 401 });
  await enforceLimit(db, limits.loginPerEmailIp, `${user.email}:${caller.ip}`);
  const proven = user.passwordHash
    ? await verify(user.passwordHash, proof.password ?? '').catch(() => false)
    : normalizeEmail(proof.email ?? '') === normalizeEmail(user.email);
  if (!proven) throw new AppError(ErrorCode.DEFAULT, 'profile.error.deleteProof');
  const [running] = await db
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(and(eq(orders.userId, user.id), inArray(orders.orderType, [...toolOrderTypes]), inArray(orders.status, runningStatuses)))
    .limit(1);
  if (running) throw new AppError(ErrorCode.DEFAULT, 'profile.error.runsPending');
  await cancelSubscription(db, user.id, deps.providers);

  await db.transaction(async (tx) => {
    // The row lock makes two deletions (two tabs) one: the second finds the account closed.
    const [locked] = await tx.select({ closedAt: users.closedAt }).from(users).where(eq(users.id, user.id)).for('update');
    if (!locked || locked.closedAt) return;
    const [wallet] = await tx.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.userId, user.id));
    if (wallet && wallet.balance > 0) await moveBeans(tx, { userId: user.id, amount: -wallet.balance, reason: 'account_closed', idempotencyKey: `account:${user.id}:closed` });
    // Unpaid orders can no longer be paid; every order keeps its figures and loses its text.
    await tx
      .update(orders)
      .set({ status: OrderStatus.CANCELLED })
      .where(and(eq(orders.userId, user.id), inArray(orders.status, [OrderStatus.CREATED, OrderStatus.PAYMENT_PENDING])));
    await tx.update(orders).set({ content: null, extraInfo: null, partialResult: null }).where(eq(orders.userId, user.id));
    await tx.delete(toolResults).where(eq(toolResults.userId, user.id));
    await tx.delete(orderRatings).where(eq(orderRatings.userId, user.id));
    await tx.delete(reportShares).where(eq(reportShares.userId, user.id));
    await tx.delete(editorDocuments).where(eq(editorDocuments.userId, user.id));
    await tx.delete(plagiarismSources).where(eq(plagiarismSources.ownerId, user.id));
    await tx.delete(userCoupons).where(and(eq(userCoupons.userId, user.id), or(eq(userCoupons.status, 'available'), eq(userCoupons.status, 'reserved'))));
    await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    await tx.delete(emailCodes).where(eq(emailCodes.email, user.email));
    await tx.update(sessions).set({ revokedAt: new Date(), revokedReason: 'account-closed' }).where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    await tx.insert(closedAccounts).values({ emailHash: closedEmailHash(key, user.email) }).onConflictDoNothing();
    await tx
      .update(users)
      .set({
        email: `closed-${user.id}@closed.invalid`,
        passwordHash: null,
        googleSub: null,
        referCode: null,
        inviteCode: null,
        channelCode: null,
        shareSubmissions: false,
        closedAt: new Date(),
      })
      .where(eq(users.id, user.id));
  });
}
