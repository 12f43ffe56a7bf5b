/** Order types of spec §3. */
export const OrderType = {
  MONTHLY_SUBSCRIPTION: 0,
  ANNUAL_SUBSCRIPTION: 1,
  PRO_MONTHLY: 2,
  PRO_ANNUAL: 3,
  ONE_TIME_PURCHASE: 4,
  PLAGIARISM_CHECK: 5,
  REFERENCE_CHECK: 6,
  HUMANIZER: 7,
  AI_DETECTION: 8,
  COPY_REWRITE: 9,
  AI_WRITE: 11,
  HUMANIZER_ULTRA: 12,
  AI_DETECTION_TURNITIN: 13,
  WECHAT_SUBSCRIPTION: 14,
  WECHAT_SUBSCRIPTION_PRO: 15,
} as const;
export type OrderType = (typeof OrderType)[keyof typeof OrderType];

/** Order statuses of spec §3. */
export const OrderStatus = {
  CREATED: 0,
  PAYMENT_PENDING: 10,
  DEPOSITED_PENDING: 20,
  PAYMENT_RECEIVED: 30,
  PROCESSING: 40,
  DONE: 50,
  REQUEST_REFUND: 60,
  PART_REFUNDED: 70,
  ALL_REFUNDED: 80,
  INVOICED: 90,
  CANCELLED: 100,
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

/** Subscription statuses of spec §3. */
export const SubscriptionStatus = { UNPAID: 0, PAID: 1, NO_PAYMENT_REQUIRED: 2, EXPIRED: 3 } as const;
export type SubscriptionStatus = (typeof SubscriptionStatus)[keyof typeof SubscriptionStatus];

/** Spec §7: the order types listed as tools ('5,6,7,8,9,11,12,13') and as subscriptions ('0,1,2,3,14,15'). */
export const toolOrderTypes: readonly OrderType[] = [5, 6, 7, 8, 9, 11, 12, 13];
export const subscriptionOrderTypes: readonly OrderType[] = [0, 1, 2, 3, 14, 15];

const S = OrderStatus;
/**
 * The legal moves of the order status machine (docs/decisions/0007). Anything
 * else is refused, so a replayed payment notice or a double click changes nothing.
 */
export const orderTransitions: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  [S.CREATED]: [S.PAYMENT_PENDING, S.PAYMENT_RECEIVED, S.CANCELLED],
  [S.PAYMENT_PENDING]: [S.DEPOSITED_PENDING, S.PAYMENT_RECEIVED, S.CANCELLED],
  [S.DEPOSITED_PENDING]: [S.PAYMENT_RECEIVED, S.CANCELLED],
  [S.PAYMENT_RECEIVED]: [S.PROCESSING, S.DONE, S.REQUEST_REFUND, S.ALL_REFUNDED],
  [S.PROCESSING]: [S.DONE, S.ALL_REFUNDED],
  [S.DONE]: [S.REQUEST_REFUND, S.INVOICED],
  [S.REQUEST_REFUND]: [S.PART_REFUNDED, S.ALL_REFUNDED, S.DONE],
  [S.PART_REFUNDED]: [S.ALL_REFUNDED],
  [S.ALL_REFUNDED]: [],
  [S.INVOICED]: [S.REQUEST_REFUND],
  [S.CANCELLED]: [],
};

/** The humanizer's order types (spec §3: 7 normal, 12 Ultra). */
export const humanizerOrderTypes: readonly OrderType[] = [7, 12];

/** A tool run that is paid, running or done: a version in its group and an entry in the history. */
export const liveRunStatuses: readonly OrderStatus[] = [S.PAYMENT_RECEIVED, S.PROCESSING, S.DONE];

/** A tool order that was never paid (created, or its payment still open): no run, so no result, until it is paid. */
export const unpaidRunStatuses: readonly OrderStatus[] = [S.CREATED, S.PAYMENT_PENDING, S.DEPOSITED_PENDING];

/** A tool run that will never produce a result: refunded or cancelled. */
export const failedRunStatuses: readonly OrderStatus[] = [S.PART_REFUNDED, S.ALL_REFUNDED, S.CANCELLED];

/** True when an order may move from `from` to `to`. */
export function canTransition(from: number, to: number): boolean {
  return (orderTransitions[from as OrderStatus] ?? []).includes(to as OrderStatus);
}

/** Statuses in which an order may be deleted from the lists (nothing left to pay or run). */
export const deletableStatuses: readonly OrderStatus[] = [S.CREATED, S.DONE, S.ALL_REFUNDED, S.INVOICED, S.CANCELLED];

/** Spec §9: default page size 10, first page 1, options 10–50. */
export const pageSizes = [10, 20, 30, 40, 50] as const;
export const firstPage = 1;

/** Order types listed on the subscription orders page: plans and bean packs. */
export const moneyOrderTypes: readonly OrderType[] = [0, 1, 2, 3, 4, 14, 15];

/**
 * A payment refused for want of beans answers `{code: 1, message, data: {reason: insufficientBeansReason}}`: the page
 * offers the way to more beans from this reason, never from the (translated) message's words.
 */
export const insufficientBeansReason = 'insufficientBeans';

/** True when an API answer's body is the refusal above. */
export function isInsufficientBeans(body: unknown): boolean {
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  return typeof data === 'object' && data !== null && (data as { reason?: unknown }).reason === insufficientBeansReason;
}
