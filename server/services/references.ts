import { eq } from 'drizzle-orm';
import { OrderType, failedRunStatuses } from '../../src/domain/orders.ts';
import type { ReferenceReport } from '../../src/domain/references.ts';
import type { Db } from '../db/client.ts';
import { toolResults } from '../db/schema.ts';
import { AppError, ErrorCode } from '../errors.ts';
import { getOwnOrder } from './orders.ts';

const failedStatuses: readonly number[] = failedRunStatuses;

/** POST /api/refValid: the owner's reference check; `data` stays null while it runs, a failed run answers an error. */
export async function referenceResult(db: Db, userId: string, orderNo: string): Promise<{ orderNo: string; status: number; data: ReferenceReport | null; source: string }> {
  const order = await getOwnOrder(db, userId, orderNo);
  if (order.orderType !== OrderType.REFERENCE_CHECK) throw new AppError(ErrorCode.DEFAULT, 'commerce.error.orderNotFound');
  if (failedStatuses.includes(order.status)) throw new AppError(ErrorCode.DEFAULT, 'humanizer.error.runFailed');
  const [result] = await db.select({ format: toolResults.format }).from(toolResults).where(eq(toolResults.orderNo, order.orderNo));
  return { orderNo: order.orderNo, status: order.status, data: (result?.format as ReferenceReport | undefined) ?? null, source: order.content ?? '' };
}
