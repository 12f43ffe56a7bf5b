import { eq } from 'drizzle-orm';
import { OrderType, failedRunStatuses } from '../../src/domain/orders.ts';
import { defaultRewriteSettings, rewriteModes, rewriteStrength, type RewriteAnswer, type RewriteMode, type RewriteSettings, type RewriteView } from '../../src/domain/rewriter.ts';
import type { Db } from '../db/client.ts';
import { toolResults } from '../db/schema.ts';
import { AppError, ErrorCode } from '../errors.ts';
import { getOwnOrder, type OrderRow } from './orders.ts';

const failedStatuses: readonly number[] = failedRunStatuses;

/** The settings an order was paid for (its extraInfo), with the defaults for anything left out. */
export function rewriteSettingsOf(order: Pick<OrderRow, 'extraInfo'>): RewriteSettings {
  const info = order.extraInfo ?? {};
  const mode = (rewriteModes as readonly string[]).includes(String(info.mode)) ? (info.mode as RewriteMode) : defaultRewriteSettings.mode;
  const strength = Number.isInteger(info.strength) ? Math.min(rewriteStrength.max, Math.max(rewriteStrength.min, info.strength as number)) : defaultRewriteSettings.strength;
  const frozen = Array.isArray(info.frozen) ? info.frozen.filter((w): w is string => typeof w === 'string') : [];
  return { mode, strength, frozen };
}

/**
 * POST /api/copyRewrite (spec §7, multipart orderNo): the run of one order.
 * `data` stays null while it is pending, so the page polls; a failed run
 * answers an error (its beans are already back) so polling stops.
 */
export async function rewriteResult(db: Db, userId: string, orderNo: string): Promise<RewriteAnswer> {
  const order = await getOwnOrder(db, userId, orderNo);
  if (order.orderType !== OrderType.COPY_REWRITE) throw new AppError(ErrorCode.DEFAULT, 'commerce.error.orderNotFound');
  if (failedStatuses.includes(order.status)) throw new AppError(ErrorCode.DEFAULT, 'rewriter.error.runFailed');
  const [result] = await db.select().from(toolResults).where(eq(toolResults.orderNo, order.orderNo));
  return {
    orderNo: order.orderNo,
    status: order.status,
    data: result ? (result.format as RewriteView) : null,
    dataWithoutFormat: result?.plain ?? null,
    rawInputData: order.content ?? '',
  };
}
