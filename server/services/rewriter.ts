import { OrderType } from '../../src/domain/orders.ts';
import { defaultRewriteSettings, rewriteModes, rewriteStrength, type RewriteAnswer, type RewriteMode, type RewriteSettings, type RewriteView } from '../../src/domain/rewriter.ts';
import type { Db } from '../db/client.ts';
import { ownRun } from './runs.ts';
import type { OrderRow } from './orders.ts';

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
  const { order, result } = await ownRun(db, userId, orderNo, OrderType.COPY_REWRITE, 'rewriter.error.runFailed');
  return {
    orderNo: order.orderNo,
    status: order.status,
    data: result ? (result.format as RewriteView) : null,
    dataWithoutFormat: result?.plain ?? null,
    rawInputData: order.content ?? '',
  };
}
