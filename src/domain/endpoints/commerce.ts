import { z } from 'zod';
import { currencyCodes } from '../plans.ts';
import { frozenLimits, rewriteModes, rewriteStrength } from '../rewriter.ts';
import { essayTypes, writerLength, writerLimits } from '../writer.ts';
import { int32, int32Max, orderNo } from './safe-values.ts';

const currency = z.enum(currencyCodes).optional();
const content = z.string().max(200_000);

/** The user's coupons to apply (ids from /api/coupon/getValidCoupons); one discount applies, the best. */
const couponIds = z.array(z.union([z.string().max(64), z.number()]).transform(String)).max(10).optional();

/** POST /api/calculateSettlement (spec §3 price quote). */
export const quoteRequest = z.object({
  shopId: z.union([z.string(), z.number()]).optional(),
  products: z.array(z.object({ productId: int32, count: z.coerce.number().int().min(1).max(10).default(1), content: content.optional() })).min(1).max(10),
  couponIds,
  currency,
  // `length`: the AI writer's asked-for length in words, which its price follows.
  extraInfo: z.object({ isUltra: z.boolean().optional(), length: z.coerce.number().int().min(writerLength.min, { message: 'writer.error.length' }).max(writerLength.max, { message: 'writer.error.length' }).optional() }).partial().optional(),
});

/** POST /api/createOrder (spec §3 order creation). */
export const createOrderRequest = z.object({
  productId: int32,
  content: content.optional(),
  couponIds,
  currency,
  extraInfo: z
    .object({
      isUltra: z.boolean().optional(),
      originOrderNo: z.string().max(64).optional(),
      fileName: z.string().trim().max(255).optional(),
      // The essay rewriter's settings (order type 9, src/domain/rewriter.ts).
      mode: z.enum(rewriteModes, { message: 'rewriter.error.mode' }).optional(),
      strength: z.coerce.number().int().min(rewriteStrength.min, { message: 'rewriter.error.strength' }).max(rewriteStrength.max, { message: 'rewriter.error.strength' }).optional(),
      frozen: z
        .array(z.string().trim().min(1, { message: 'rewriter.error.frozen' }).max(frozenLimits.length, { message: 'rewriter.error.frozen' }))
        .max(frozenLimits.count, { message: 'rewriter.error.frozen' })
        .optional(),
      // The AI writer's request (order type 11, src/domain/writer.ts); the topic is the order's content.
      essayType: z.enum(essayTypes, { message: 'writer.error.essayType' }).optional(),
      length: z.coerce.number().int().min(writerLength.min, { message: 'writer.error.length' }).max(writerLength.max, { message: 'writer.error.length' }).optional(),
      outline: z
        .array(z.string().trim().min(1, { message: 'writer.error.outline' }).max(writerLimits.outlineLength, { message: 'writer.error.outline' }))
        .max(writerLimits.outline, { message: 'writer.error.outline' })
        .optional(),
      sources: z
        .array(z.string().trim().min(1, { message: 'writer.error.sources' }).max(writerLimits.sourceLength, { message: 'writer.error.sources' }))
        .max(writerLimits.sources, { message: 'writer.error.sources' })
        .optional(),
    })
    .partial()
    .optional(),
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
/** GET /api/wallet/ledger?page=&size=: the bean history (same paging as the lists). */
export const walletLedgerRequest = essayHistoryRequest;

/** Why beans moved (the ledger's reasons). */
export type LedgerReason = 'order_payment' | 'order_refund' | 'bean_purchase' | 'plan_grant' | 'coupon' | 'referral' | 'welcome' | 'admin' | 'account_closed';

/** One row of the bean history. */
export interface LedgerItem {
  id: string;
  /** Beans in (positive) or out (negative). */
  amount: number;
  balanceAfter: number;
  reason: LedgerReason;
  /** The order number, coupon code or note the move refers to. */
  ref: string | null;
  /** The product of the order the move was for, when it was for an order. */
  productId: number | null;
  createTime: string;
}

/** POST /api/essay/delete */
export const essayDeleteRequest = z.object({ jobId: z.string().trim().min(1, { message: 'commerce.error.orderNoMissing' }).max(64) });
