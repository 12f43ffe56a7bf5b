/**
 * The account's money side as stores and actions, testable without a DOM:
 * the subscription page (plan, unpaid orders, bean packs, bean history), the
 * orders list, buying a plan or a pack, and what a checkout ended in.
 */
import { atom } from 'nanostores';
import type { LedgerItem } from '../domain/endpoints/commerce.ts';
import { endpoints } from '../domain/endpoints/paths.ts';
import { OrderStatus, moneyOrderTypes } from '../domain/orders.ts';
import type { Billing, CurrencyCode, Tier } from '../domain/plans.ts';
import { planProductFor } from '../domain/products.ts';
import { track } from '../lib/analytics.ts';
import {
  cancelOrder,
  cancelRenewal,
  createOrder,
  createPayment,
  deleteOrder,
  restoreOrder,
  fetchCurrentPlan,
  fetchValidCoupons,
  fetchWalletProducts,
  listSubscriptionOrders,
  listToolOrders,
  type CurrentPlan,
  type OrderListItem,
  type PaymentStart,
  type UserCoupon,
} from '../lib/api/commerce.ts';
import { api } from '../lib/api/instance.ts';
import { failureMessage, failurePayload } from '../lib/failure.ts';
import { pagedList } from './paged.ts';
import { showToast } from './toast.ts';
import { fetchBalance, fetchUserInfo } from './user.ts';

/** The result of an action the page shows: done, or a message in the reader's language. */
export type Outcome<T = undefined> = { ok: true; value: T } | { ok: false; message: string };

async function attempt<T>(work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, message: failureMessage(error) };
  }
}

/** A bean pack on sale. */
export interface WalletProduct {
  productId: number;
  beans: number;
  prices: Record<string, number>;
}

/** What the subscription page shows. */
export interface SubscriptionState {
  loading: boolean;
  error: string | undefined;
  plan: CurrentPlan | null;
  /** Unpaid plan and bean-pack orders (status 10), newest first. */
  pending: OrderListItem[];
  packs: WalletProduct[];
}

export const $subscription = atom<SubscriptionState>({ loading: true, error: undefined, plan: null, pending: [], packs: [] });

/** Loads the plan, the unpaid orders and the bean packs. */
export async function loadSubscription(): Promise<void> {
  $subscription.set({ ...$subscription.get(), loading: true, error: undefined });
  try {
    const [plan, subs, packs, products] = await Promise.all([
      fetchCurrentPlan(),
      listSubscriptionOrders(OrderStatus.PAYMENT_PENDING),
      listToolOrders('4', OrderStatus.PAYMENT_PENDING),
      fetchWalletProducts(),
    ]);
    const pending = [...subs.list, ...packs.list].sort((a, b) => b.createTime.localeCompare(a.createTime));
    $subscription.set({ loading: false, error: undefined, plan, pending, packs: products });
  } catch (error) {
    $subscription.set({ ...$subscription.get(), loading: false, error: failureMessage(error) });
  }
}

/** Stops the plan's renewal; it runs to the end of its period (COM-04). */
export async function cancelPlanRenewal(): Promise<Outcome> {
  const outcome = await attempt(() => cancelRenewal());
  if (outcome.ok) $subscription.set({ ...$subscription.get(), plan: outcome.value });
  return outcome.ok ? { ok: true, value: undefined } : outcome;
}

/** Cancels an unpaid order (COM-10); its coupon, if it held one, is free again. */
export async function cancelUnpaidOrder(orderNo: string): Promise<Outcome> {
  return attempt(() => cancelOrder(orderNo).then(() => undefined));
}

/**
 * Removes a finished, cancelled or never-paid order from the lists (COM-10) and shows the lists again, with a toast
 * saying so that offers "Undo" for a few seconds (issue 30; the server brings the order back within
 * orders.undoWindowMs). The same shape as the history's deleteRun.
 */
export async function deleteListedOrder(orderNo: string, words: { deleted: string; undo: string }): Promise<Outcome> {
  const outcome = await attempt(() => deleteOrder(orderNo).then(() => undefined));
  await moneyOrders.reload();
  if (outcome.ok) showToast(words.deleted, 'info', { label: words.undo, run: () => void restoreListedOrder(orderNo) });
  return outcome;
}

/** Brings an order just removed back to the lists (its "Undo"); a failure is said in a toast. */
export async function restoreListedOrder(orderNo: string): Promise<void> {
  const outcome = await attempt(() => restoreOrder(orderNo).then(() => undefined));
  if (!outcome.ok) showToast(outcome.message, 'error');
  await moneyOrders.reload();
}

/** Where a payment goes on: a page (the provider's, or ours for WeChat Pay), or a QR code to show here. */
export type PaymentNext = { kind: 'page'; url: string } | { kind: 'wechat'; checkout: WeChatCheckout };

/** A WeChat Pay Native checkout to show: the order, the QR code's content and the amount charged. */
export interface WeChatCheckout {
  orderNo: string;
  codeUrl: string;
  amountCents: number;
  currency: string;
}

/** The WeChat checkout in a createPayment answer, if it is one. */
export function weChatCheckoutOf(payment: PaymentStart): WeChatCheckout | undefined {
  if (!payment.codeUrl || payment.amountCents === undefined || !payment.currency) return undefined;
  return { orderNo: payment.orderNo, codeUrl: payment.codeUrl, amountCents: payment.amountCents, currency: payment.currency };
}

function nextOf(payment: PaymentStart): PaymentNext | undefined {
  const wechat = weChatCheckoutOf(payment);
  if (wechat) return { kind: 'wechat', checkout: wechat };
  return payment.payUrl ? { kind: 'page', url: payment.payUrl } : undefined;
}

/** Opens (or reopens) the checkout of an unpaid order. */
export async function payOrder(orderNo: string): Promise<Outcome<PaymentNext | undefined>> {
  return attempt(async () => nextOf(await createPayment(orderNo)));
}

/** Buys a bean pack in a currency: the order, then its checkout (COM-06, COM-17). */
export async function buyBeanPack(productId: number, currency: CurrencyCode): Promise<Outcome<PaymentNext | undefined>> {
  return attempt(async () => {
    const order = await createOrder(productId, currency);
    track('beanChargeCreate', { props: { orderNo: order.orderNo, productId } });
    return nextOf(await createPayment(order.orderNo));
  });
}

/** The best discount coupon the user holds: applied at checkout and named above the plans (decision 0013). */
export const $bestCoupon = atom<UserCoupon | undefined>(undefined);

/** Loads the user's coupons and keeps the best discount. */
export async function loadBestCoupon(): Promise<void> {
  try {
    const { userCoupons } = await fetchValidCoupons();
    $bestCoupon.set(userCoupons.filter((c) => c.type === 'coupon').sort((a, b) => b.value - a.value)[0]);
  } catch {
    $bestCoupon.set(undefined);
  }
}

/** A plan to buy from the pricing table. */
export interface PlanChoice {
  tier: Tier;
  billing: Billing;
  currency: CurrencyCode;
  channel: 'card' | 'wechat';
}

/** What buying a plan led to. */
export type PlanPurchase =
  | { ok: true; next: PaymentNext | undefined }
  | { ok: false; message: string; open?: { orderNo: string; productId: number } };

/**
 * Starts a plan purchase (spec §4 order creation-and-pay): the order with the
 * best coupon, then its checkout. A checkout of another plan still open at a
 * provider is named (`open`) for the buyer to continue or cancel in place.
 */
export async function buyPlan(choice: PlanChoice): Promise<PlanPurchase> {
  const product = planProductFor(choice.tier, choice.billing, choice.channel);
  const coupon = $bestCoupon.get();
  try {
    const order = await createOrder(product.id, choice.currency, coupon ? [coupon.id] : undefined);
    track('beanChargeCreate', { props: { orderNo: order.orderNo, productId: product.id } });
    return { ok: true, next: nextOf(await createPayment(order.orderNo)) };
  } catch (error) {
    track('beanChargeFailed', { props: { tier: choice.tier, billing: choice.billing } });
    const open = failurePayload<{ orderNo: string; productId: number }>(error);
    return { ok: false, message: failureMessage(error), open: open?.orderNo ? open : undefined };
  }
}

/** How a checkout ended, for the page it returns to (POST /api/order/outcome). */
export interface CheckoutOutcome {
  orderNo: string;
  status: number;
  productId: number;
  lastPayment: 'open' | 'succeeded' | 'failed' | 'abandoned' | null;
}

/** The outcome of the checkout the page was opened for (`?orderNo=`), once known. */
export const $checkoutOutcome = atom<CheckoutOutcome | undefined>(undefined);

/** Asks how the order's checkout ended, and brings the plan and balance up to date when it was paid. */
export async function loadCheckoutOutcome(orderNo: string): Promise<void> {
  try {
    const outcome = await api<CheckoutOutcome>(endpoints.orderOutcome, { method: 'POST', body: { orderNo }, silent: true });
    $checkoutOutcome.set(outcome);
    if (paidStatuses.includes(outcome.status)) await fetchUserInfo().then(fetchBalance).catch(() => undefined);
  } catch {
    $checkoutOutcome.set(undefined);
  }
}

/** Statuses of an order that has been paid. */
export const paidStatuses: readonly number[] = [OrderStatus.PAYMENT_RECEIVED, OrderStatus.PROCESSING, OrderStatus.DONE, OrderStatus.INVOICED];

/** The bean history of the wallet (the ledger), paged. */
export const ledger = pagedList<LedgerItem>((page, size) => api<{ list: LedgerItem[]; total: number }>(endpoints.walletLedger, { query: { page, size } }));

/** The orders page's filter: every money order, or the unpaid ones (status 10, COM-10). */
export const $ordersFilter = atom<'' | '10'>('');

/** Plan and bean-pack orders, paged, filtered by `$ordersFilter` (COM-09/10/16). */
export const moneyOrders = pagedList<OrderListItem>((page, size) => {
  const status = $ordersFilter.get() ? Number($ordersFilter.get()) : undefined;
  return listToolOrders(moneyOrderTypes.join(','), status, page, size);
});

/** Changes the orders filter and starts again at page 1. */
export function filterOrders(value: '' | '10'): Promise<void> {
  $ordersFilter.set(value);
  return moneyOrders.load(1);
}
