import { OrderType } from '../../src/domain/orders.ts';
import { essayTypes, writerLength, type EssayType, type WriterAnswer, type WriterPartial, type WriterPlan, type WriterRequest } from '../../src/domain/writer.ts';
import type { Db } from '../db/client.ts';
import { ownRun } from './runs.ts';
import type { OrderRow } from './orders.ts';

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** The request an order was paid for (its extraInfo), with the defaults for anything left out. */
export function writerRequestOf(order: Pick<OrderRow, 'extraInfo'>): WriterRequest {
  const info = order.extraInfo ?? {};
  const essayType = (essayTypes as readonly string[]).includes(String(info.essayType)) ? (info.essayType as EssayType) : 'argumentative';
  const length = Number.isInteger(info.length) ? Math.min(writerLength.max, Math.max(writerLength.min, info.length as number)) : writerLength.default;
  return { essayType, length, outline: strings(info.outline), sources: strings(info.sources) };
}

/** POST /api/aiWrite (multipart orderNo): the run of one order; `data` is null while it is pending, `partial` the checked draft so far. */
export async function writerResult(db: Db, userId: string, orderNo: string): Promise<WriterAnswer> {
  const { order, result } = await ownRun(db, userId, orderNo, OrderType.AI_WRITE, 'writer.error.runFailed');
  const partial = result ? null : ((order.partialResult as WriterPartial | null) ?? null);
  return { orderNo: order.orderNo, status: order.status, data: result ? (result.format as WriterPlan) : null, partial, rawInputData: order.content ?? '' };
}
