import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ledgerEntries, orders, wallets } from '../db/schema.ts';
import { AppError, ErrorCode } from '../errors.ts';
import type { LedgerReason } from '../../src/domain/endpoints/commerce.ts';
import { insufficientBeansReason } from '../../src/domain/orders.ts';

export type { LedgerReason };

/** A transaction or the database: ledger moves always run inside the caller's transaction when given one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/**
 * Moves beans: the one way a balance changes. The wallet update refuses to go
 * below zero in the same statement (safe under concurrent spends), and the
 * ledger row with the resulting balance is written in the same transaction.
 * An idempotency key makes a retried move fail instead of counting twice.
 */
export async function moveBeans(
  tx: Tx,
  move: { userId: string; amount: number; reason: LedgerReason; ref?: string; idempotencyKey?: string },
): Promise<number> {
  if (!Number.isInteger(move.amount) || move.amount === 0) throw new Error(`ledger amount must be a non-zero integer, got ${move.amount}`);
  const [row] = await tx
    .update(wallets)
    .set({ balance: sql`${wallets.balance} + ${move.amount}` })
    .where(and(eq(wallets.userId, move.userId), sql`${wallets.balance} + ${move.amount} >= 0`))
    .returning({ balance: wallets.balance });
  // The reason travels as data too: pages in every language offer the way to more beans from it, not from the words.
  if (!row) throw new AppError(ErrorCode.DEFAULT, 'commerce.error.insufficientBeans', { payload: { reason: insufficientBeansReason } });
  await tx.insert(ledgerEntries).values({
    userId: move.userId,
    amount: move.amount,
    balanceAfter: row.balance,
    reason: move.reason,
    ref: move.ref ?? null,
    idempotencyKey: move.idempotencyKey ?? null,
  });
  return row.balance;
}

/** Sum of a user's ledger and their wallet balance: equal unless something bypassed the ledger. */
export async function ledgerCheck(db: Db, userId: string): Promise<{ balance: number; ledgerSum: number; entries: number }> {
  const [wallet] = await db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.userId, userId));
  const [sum] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)`, entries: sql<string>`count(*)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return { balance: wallet?.balance ?? 0, ledgerSum: Number(sum?.total ?? 0), entries: Number(sum?.entries ?? 0) };
}

/**
 * GET /api/wallet/ledger: the user's bean history, newest first: every move
 * with its reason, the balance after it, and for an order the product it was for.
 */
export async function ledgerHistory(db: Db, userId: string, page: number, size: number) {
  const [total] = await db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
  const rows = await db
    .select({
      id: ledgerEntries.id,
      amount: ledgerEntries.amount,
      balanceAfter: ledgerEntries.balanceAfter,
      reason: ledgerEntries.reason,
      ref: ledgerEntries.ref,
      createdAt: ledgerEntries.createdAt,
      productId: orders.productId,
    })
    .from(ledgerEntries)
    .leftJoin(orders, and(eq(orders.orderNo, ledgerEntries.ref), eq(orders.userId, ledgerEntries.userId)))
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(size)
    .offset((page - 1) * size);
  return {
    list: rows.map((r) => ({
      id: r.id,
      amount: r.amount,
      balanceAfter: r.balanceAfter,
      reason: r.reason as LedgerReason,
      // A referral row's ref is the other account's id: kept for the audit, never shown (issue 29). An adjustment's
      // ref is the operator's note; older grants without one carry the placeholder 'admin grant', which is no note.
      ref: r.reason === 'referral' || (r.reason === 'admin' && r.ref === 'admin grant') ? null : r.ref,
      productId: r.productId ?? null,
      createTime: r.createdAt.toISOString(),
    })),
    total: Number(total?.n ?? 0),
    page,
    size,
  };
}
