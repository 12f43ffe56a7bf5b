import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { OrderStatus } from '../../src/domain/orders.ts';
import type { Db } from '../db/client.ts';
import { orders, toolResults } from '../db/schema.ts';
import type { OrderRow } from '../services/orders.ts';

/**
 * A claim whose worker has not beaten its heart for this long is taken to have
 * died (kill -9, a lost machine) and is claimed again: the worker running a job
 * touches the claim every third of it (hole 11 of issue 10: a dead claim waited 5 minutes).
 */
export const defaultClaimTimeoutMs = 30_000;
/** Claims before a run is given up and refunded. */
export const maxAttempts = 3;

/**
 * Claims the oldest paid tool order of the given types (or a dead claim) for
 * this worker: `FOR UPDATE SKIP LOCKED` lets any number of workers share the
 * orders table as their queue without taking the same job (docs/decisions/0014).
 * Time is the database's, so workers on machines with skewed clocks agree.
 */
export async function claimJob(db: Db, types: readonly number[], claimTimeoutMs = defaultClaimTimeoutMs): Promise<OrderRow | undefined> {
  if (types.length === 0) return undefined;
  const staleBefore = sql`now() - make_interval(secs => ${claimTimeoutMs / 1000})`;
  return db.transaction(async (tx) => {
    const [next] = await tx
      .select({ orderNo: orders.orderNo })
      .from(orders)
      .where(
        and(
          inArray(orders.orderType, [...types]),
          or(eq(orders.status, OrderStatus.PAYMENT_RECEIVED), and(eq(orders.status, OrderStatus.PROCESSING), sql`${orders.updatedAt} < ${staleBefore}`)),
        ),
      )
      .orderBy(asc(orders.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!next) return undefined;
    const [claimed] = await tx
      .update(orders)
      .set({ status: OrderStatus.PROCESSING, attempts: sql`${orders.attempts} + 1`, partialResult: null, updatedAt: sql`now()` })
      .where(eq(orders.orderNo, next.orderNo))
      .returning();
    return claimed;
  });
}

/** Keeps a claim alive while its run goes on; false when the claim was lost (another worker retook it). */
export async function heartbeat(db: Db, order: OrderRow): Promise<boolean> {
  const touched = await db
    .update(orders)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(orders.orderNo, order.orderNo), eq(orders.status, OrderStatus.PROCESSING), eq(orders.attempts, order.attempts)))
    .returning({ orderNo: orders.orderNo });
  return touched.length === 1;
}

/** What a run produced, stored as the order's result version. */
export interface RunOutput {
  engine: string;
  source: string;
  format: unknown;
  plain: string;
  /** Tokens and cost of an LLM-backed run, stored on the order. */
  usage?: { promptTokens: number; completionTokens: number; costMicroUsd: number };
  /** Why the run went degraded (a model that failed), for the operator's log; not stored, never the user's text. */
  notice?: string;
}

/** Records how far a claimed run has got (0–100) for the polling editor, only while this claim holds the order. */
export async function reportProgress(db: Db, order: OrderRow, percent: number): Promise<void> {
  const value = Math.max(0, Math.min(99, Math.floor(percent)));
  await db
    .update(orders)
    .set({ progress: value })
    .where(and(eq(orders.orderNo, order.orderNo), eq(orders.status, OrderStatus.PROCESSING), eq(orders.attempts, order.attempts)));
}

/** Stores what a claimed run can already show (the AI writer's checked draft so far), only while this claim holds the order. */
export async function reportPartial(db: Db, order: OrderRow, data: unknown): Promise<void> {
  await db
    .update(orders)
    .set({ partialResult: data as Record<string, unknown> })
    .where(and(eq(orders.orderNo, order.orderNo), eq(orders.status, OrderStatus.PROCESSING), eq(orders.attempts, order.attempts)));
}

/** Stores the result and moves the order to "done" in one transaction, only if this claim still holds it. */
export async function finishJob(db: Db, order: OrderRow, output: RunOutput): Promise<boolean> {
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(orders)
      .set({
        status: OrderStatus.DONE,
        progress: 100,
        partialResult: null,
        llmPromptTokens: output.usage?.promptTokens ?? 0,
        llmCompletionTokens: output.usage?.completionTokens ?? 0,
        llmCostMicroUsd: output.usage?.costMicroUsd ?? 0,
        updatedAt: new Date(),
      })
      .where(and(eq(orders.orderNo, order.orderNo), eq(orders.status, OrderStatus.PROCESSING), eq(orders.attempts, order.attempts)))
      .returning({ orderNo: orders.orderNo });
    if (moved.length === 0) return false;
    const { usage: _usage, notice: _notice, ...result } = output;
    await tx.insert(toolResults).values({ orderNo: order.orderNo, userId: order.userId, ...result }).onConflictDoNothing();
    return true;
  });
}
