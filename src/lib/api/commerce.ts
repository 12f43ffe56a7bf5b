import { endpoints } from '../../domain/endpoints/paths.ts';
import { api } from './instance.ts';

// One typed function per commerce endpoint used by the pages.
/** The checkout page's view of a payment: the product, its list price, the coupon and what is charged. */
export interface CheckoutSession { id: string; orderNo: string; productId: number; amountCents: number; listAmountCents: number; currency: string; status: string; coupon: { code: string; percent: number } | null }
export interface CurrentPlan { productId: number; level: number; status: number; currentPeriodEnd: string; renews: boolean }
export interface OrderListItem { orderNo: string; productId: number; orderType: number; status: number; amountCents: number; currency: string | null; createTime: string }

export const createOrder = (productId: number, currency?: string, couponIds?: string[]) =>
  api<{ orderNo: string; status: number }>(endpoints.createOrder, { method: 'POST', body: { productId, currency, couponIds } });
export interface UserCoupon { id: string; code: string; type: string; value: number; expiresAt: string | null; orderNo: string | null }
export const fetchValidCoupons = () => api<{ userCoupons: UserCoupon[] }>(endpoints.validCoupons, { silent: true });
/** What createPayment answers: for a money checkout, where to go (payUrl) or, for WeChat Pay, the QR code's content (codeUrl) and the amount charged. */
export interface PaymentStart { orderNo: string; status: number; paid: boolean; payUrl?: string; codeUrl?: string; amountCents?: number; currency?: string; balance?: number }
export const createPayment = (orderNo: string) => api<PaymentStart>(endpoints.createPayment, { method: 'POST', body: { orderNo } });
export const checkPaymentStatus = (orderNo: string) => api<{ orderNo: string; status: number }>(endpoints.checkPaymentStatus, { method: 'POST', body: { orderNo }, silent: true });
export const fetchCheckoutSession = (id: string) => api<CheckoutSession>(endpoints.checkoutSession, { query: { id } });
export const completeSandbox = (id: string, outcome: 'succeeded' | 'failed' | 'abandoned') =>
  api<{ orderNo: string; status: number }>(endpoints.sandboxComplete, { method: 'POST', body: { id, outcome } });
export const fetchCurrentPlan = () => api<CurrentPlan | null>(endpoints.currentSubscription);
export const cancelRenewal = () => api<CurrentPlan | null>(endpoints.cancelSubscription, { method: 'POST', body: {} });
export const fetchWalletProducts = () => api<{ productId: number; beans: number; prices: Record<string, number> }[]>(endpoints.walletProducts);
export const listSubscriptionOrders = (orderStatus?: number) =>
  api<{ list: OrderListItem[]; total: number }>(endpoints.subscriptionList, { method: 'POST', body: { page: 1, pageSize: 50, orderStatus } });
export const listToolOrders = (orderTypeArray: string, orderStatus?: number, page = 1, pageSize = 50) =>
  api<{ list: OrderListItem[]; total: number }>(endpoints.toolList, { method: 'POST', body: { page, pageSize, orderTypeArray, orderStatus } });
export const cancelOrder = (orderNo: string) => api<{ orderNo: string; status: number }>(endpoints.cancelOrder, { method: 'POST', body: { order: orderNo } });
export const deleteOrder = (orderNo: string) => api<null>(endpoints.deleteOrder, { method: 'POST', body: { orderNo } });
export const restoreOrder = (orderNo: string) => api<null>(endpoints.restoreOrder, { method: 'POST', body: { orderNo }, silent: true });
