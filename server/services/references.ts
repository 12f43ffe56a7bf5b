import { OrderType } from '../../src/domain/orders.ts';
import type { ReferenceReport } from '../../src/domain/references.ts';
import type { Db } from '../db/client.ts';
import { ownRun } from './runs.ts';

/** POST /api/refValid: the owner's reference check; `data` stays null while it runs, a failed run answers an error. */
export async function referenceResult(db: Db, userId: string, orderNo: string): Promise<{ orderNo: string; status: number; data: ReferenceReport | null; source: string }> {
  const { order, result } = await ownRun(db, userId, orderNo, OrderType.REFERENCE_CHECK);
  return { orderNo: order.orderNo, status: order.status, data: (result?.format as ReferenceReport | undefined) ?? null, source: order.content ?? '' };
}
