import { eq } from 'drizzle-orm';
import { failedRunStatuses } from '../../src/domain/orders.ts';
import type { MessageKey } from '../../src/i18n/translate.ts';
import type { Db } from '../db/client.ts';
import { toolResults } from '../db/schema.ts';
import { AppError, ErrorCode } from '../errors.ts';
import { getOwnOrder, type OrderRow } from './orders.ts';

const failedStatuses: readonly number[] = failedRunStatuses;

/**
 * The caller's run of one of `types` and its stored result, as every tool's polling endpoint reads it (issue 31: it
 * was written six times): another user's order, or another tool's, "does not exist"; a failed run answers
 * `failedKey` (its beans are already back), so the page stops polling; `result` is undefined while the run goes on.
 */
export async function ownRun(
  db: Db,
  userId: string,
  orderNo: string,
  types: number | readonly number[],
  failedKey: MessageKey = 'humanizer.error.runFailed',
): Promise<{ order: OrderRow; result: { format: unknown; plain: string; engine: string } | undefined }> {
  const order = await getOwnOrder(db, userId, orderNo);
  const allowed: readonly number[] = typeof types === 'number' ? [types] : types;
  if (!allowed.includes(order.orderType)) throw new AppError(ErrorCode.DEFAULT, 'commerce.error.orderNotFound');
  if (failedStatuses.includes(order.status)) throw new AppError(ErrorCode.DEFAULT, failedKey);
  const [result] = await db.select({ format: toolResults.format, plain: toolResults.plain, engine: toolResults.engine }).from(toolResults).where(eq(toolResults.orderNo, order.orderNo));
  return { order, result };
}
