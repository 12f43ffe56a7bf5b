import { z } from 'zod';
import { currencyCodes } from '../plans.ts';
import { int32, int32Max } from './safe-values.ts';

const currency = z.enum(currencyCodes).optional();
const content = z.string().max(200_000);
const orderNo = z.string().trim().min(1, { message: 'commerce.error.orderNoMissing' }).max(64);

/** The user's coupons to apply (ids from /api/coupon/getValidCoupons); one discount applies, the best. */
const couponIds = z.array(z.union([z.string().max(64), z.number()]).transform(String)).max(10).optional();

/** POST /api/calculateSettlement (spec §3 price quote). */
export const quoteRequest = z.object({
  shopId: z.union([z.string(), z.number()]).optional(),
  products: z.array(z.object({ productId: int32, count: z.coerce.number().int().min(1).max(10).default(1), content: content.optional() })).min(1).max(10),
  couponIds,
  currency,
  extraInfo: z.object({ isUltra: z.boolean().optional() }).partial().optional(),
});

/** POST /api/createOrder (spec §3 order creation). */
export const createOrderRequest = z.object({
  productId: int32,
  content: content.optional(),
  couponIds,
  currency,
  extraInfo: z.object({ isUltra: z.boolean().optional(), originOrderNo: z.string().max(64).optional(), fileName: z.string().trim().max(255).optional() }).partial().optional(),
});

/** POST /api/createPayment, /api/checkPaymentStatus, /api/order/delete; /api/order/cancel also takes `order`. */
export const orderNoRequest = z.object({ orderNo });
export const cancelOrderRequest = z.union([z.object({ orderNo }), z.object({ order: orderNo }).transform((v) => ({ orderNo: v.order }))]);

const typeArray = z
  .string()
  .max(100)
  .regex(/^\d{1,9}(,\d{1,9})*$/)
  .transform((v) => v.split(',').map(Number).filter((n) => n <= int32Max));

/** POST /api/tool/list and /api/subscription/list (spec §7): page, pageSize, orderTypeArray, orderStatus. */
export const orderListRequest = z.object({
  page: int32.min(1).default(1),
  pageSize: z.coerce.number().int().refine((n) => [10, 20, 30, 40, 50].includes(n), { message: 'commerce.error.pageSize' }).default(10),
  orderTypeArray: typeArray.optional(),
  orderStatus: int32.optional(),
});

/** One order in a list. */
export interface OrderItem {
  orderNo: string;
  productId: number;
  orderType: number;
  status: number;
  wordCount: number;
  beans: number;
  amountCents: number;
  currency: string | null;
  createTime: string;
  contentPreview: string;
}

/** GET /api/payment/session?id= (the checkout page's view of a payment). */
export const checkoutSessionRequest = z.object({ id: z.uuid({ message: 'commerce.error.orderNotFound' }) });
/** POST /api/payment/sandbox/complete: the sandbox checkout's verdict. */
export const sandboxCompleteRequest = z.object({ id: z.uuid({ message: 'commerce.error.orderNotFound' }), outcome: z.enum(['succeeded', 'failed', 'abandoned']) });

/** GET /api/essay/history?page=&size= (spec §7). */
export const essayHistoryRequest = z.object({
  page: int32.min(1).default(1),
  size: z.coerce.number().int().refine((n) => [10, 20, 30, 40, 50].includes(n), { message: 'commerce.error.pageSize' }).default(10),
});
/** POST /api/essay/delete */
export const essayDeleteRequest = z.object({ jobId: z.string().trim().min(1, { message: 'commerce.error.orderNoMissing' }).max(64) });
