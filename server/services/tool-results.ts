import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { humanizerEngineOf, textToDoc, type Doc, type HumanizerResult } from '../../src/domain/humanizer.ts';
import { OrderStatus, OrderType, failedRunStatuses, humanizerOrderTypes, liveRunStatuses } from '../../src/domain/orders.ts';
import type { Db } from '../db/client.ts';
import { orderRatings, orders, toolResults } from '../db/schema.ts';
import { AppError, ErrorCode } from '../errors.ts';
import { getOwnOrder, type OrderRow } from './orders.ts';

const humanizerTypes: readonly number[] = humanizerOrderTypes;
const failedStatuses: readonly number[] = failedRunStatuses;

async function ownHumanizerOrder(db: Db, userId: string, orderNo: string): Promise<OrderRow> {
  const order = await getOwnOrder(db, userId, orderNo);
  if (!humanizerTypes.includes(order.orderType)) throw new AppError(ErrorCode.DEFAULT, 'commerce.error.orderNotFound');
  return order;
}

/**
 * POST /api/humanizer (spec §7): the version of one order. `data` stays null
 * while the run is pending, so the editor polls; a failed run answers an error
 * (its beans are already back) so polling stops.
 */
export async function humanizerResult(db: Db, userId: string, orderNo: string): Promise<HumanizerResult> {
  const order = await ownHumanizerOrder(db, userId, orderNo);
  if (failedStatuses.includes(order.status)) throw new AppError(ErrorCode.DEFAULT, 'humanizer.error.runFailed');
  const group = order.orderGroup ?? order.orderNo;
  const members = await db
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(and(eq(orders.orderGroup, group), eq(orders.userId, userId), isNull(orders.deletedAt), inArray(orders.status, [...liveRunStatuses])))
    .orderBy(asc(orders.createdAt), asc(orders.orderNo));
  const [result] = await db.select().from(toolResults).where(eq(toolResults.orderNo, order.orderNo));
  const [rating] = await db.select({ rating: orderRatings.rating }).from(orderRatings).where(eq(orderRatings.orderNo, order.orderNo));
  return {
    orderNo: order.orderNo,
    status: order.status,
    data: result ? (result.format as Doc) : null,
    dataWithoutFormat: result?.plain ?? null,
    rawInputData: textToDoc(order.content ?? ''),
    orderGroup: members.map((m) => m.orderNo),
    isUltra: order.orderType === OrderType.HUMANIZER_ULTRA,
    rating: rating?.rating ?? null,
    progress: result ? 100 : order.progress,
    engine: humanizerEngineOf(result?.engine),
  };
}

/** POST /api/orderRating: thumbs on a finished result; the last one counts. */
export async function rateOrder(db: Db, userId: string, input: { orderNo: string; rating: number; comment?: string }): Promise<void> {
  const order = await getOwnOrder(db, userId, input.orderNo);
  if (order.status !== OrderStatus.DONE) throw new AppError(ErrorCode.DEFAULT, 'commerce.error.orderState');
  const values = { orderNo: order.orderNo, userId, rating: input.rating, comment: input.comment ?? null, updatedAt: new Date() };
  await db.insert(orderRatings).values(values).onConflictDoUpdate({ target: orderRatings.orderNo, set: { rating: values.rating, comment: values.comment, updatedAt: values.updatedAt } });
}

/** GET /api/download/word: what the finished result's .docx is made of (the compute thread writes it: wordFile). */
export async function resultDocx(db: Db, userId: string, orderNo: string): Promise<{ text: string; title: string; filename: string }> {
  const order = await getOwnOrder(db, userId, orderNo);
  const [result] = await db.select({ plain: toolResults.plain }).from(toolResults).where(eq(toolResults.orderNo, order.orderNo));
  if (!result) throw new AppError(ErrorCode.DEFAULT, 'humanizer.error.notReady');
  return { text: result.plain, title: `Inkwise ${order.orderNo}`, filename: `inkwise-${order.orderNo}.docx` };
}
