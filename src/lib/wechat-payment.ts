import { OrderStatus } from '../domain/orders.ts';
import { checkPaymentStatus, createPayment, type PaymentStart } from './api/commerce.ts';
import '../stores/user.ts';

/** A WeChat Pay Native checkout to show: the order, the QR code's content and the amount charged. */
export interface WeChatCheckout {
  orderNo: string;
  codeUrl: string;
  amountCents: number;
  currency: string;
}

/** The QR screen (WeChatPay.astro's custom element). */
export interface WeChatPayElement extends HTMLElement {
  open(checkout: WeChatCheckout): Promise<void>;
}

/** How often the QR screen asks whether the order is paid. */
export const paymentPollMs = 2000;
/** A code stops being payable after two hours (WeChat Pay's time_expire): polling stops then too. */
export const codeLifetimeMs = 2 * 60 * 60 * 1000;

/** Statuses of an order that has been paid. */
const paidStatuses: readonly number[] = [OrderStatus.PAYMENT_RECEIVED, OrderStatus.PROCESSING, OrderStatus.DONE, OrderStatus.INVOICED];

/** The WeChat checkout in a createPayment answer, if it is one. */
export function weChatCheckoutOf(payment: PaymentStart): WeChatCheckout | undefined {
  if (!payment.codeUrl || payment.amountCents === undefined || !payment.currency) return undefined;
  return { orderNo: payment.orderNo, codeUrl: payment.codeUrl, amountCents: payment.amountCents, currency: payment.currency };
}

/** Shows the QR screen when this page has one; false when it has none (the caller then follows payUrl). */
export function showWeChatCheckout(checkout: WeChatCheckout, root: ParentNode = document): boolean {
  const screen = root.querySelector<WeChatPayElement>('wechat-pay');
  if (!screen || typeof screen.open !== 'function') return false;
  void screen.open(checkout);
  return true;
}

/** The QR code of `text` as an SVG string (uqr is loaded only when a code is shown). */
export async function qrSvg(text: string): Promise<string> {
  const { renderSVG } = await import('uqr');
  return renderSVG(text, { ecc: 'M', border: 2 });
}

/**
 * Asks /api/checkPaymentStatus every 2 s until the order is paid (true) or
 * `signal` aborts (false). A failed check is not an answer: the next tick asks again.
 */
export function waitForPayment(orderNo: string, signal: AbortSignal, intervalMs = paymentPollMs, check = checkPaymentStatus): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', stop, { once: true });
    const tick = async () => {
      const status = await check(orderNo).then((s) => s.status, () => undefined);
      if (signal.aborted) return;
      if (status !== undefined && paidStatuses.includes(status)) {
        signal.removeEventListener('abort', stop);
        return resolve(true);
      }
      timer = setTimeout(tick, intervalMs);
    };
    timer = setTimeout(tick, intervalMs);
  });
}

/**
 * Opens the checkout of an unpaid order again (the subscription page's "Pay"
 * leads here with ?orderNo=): its QR code on this page, or the provider's page.
 * Answers 'paid' when there is nothing left to pay.
 */
export async function resumeWeChatCheckout(orderNo: string): Promise<'shown' | 'paid' | 'elsewhere'> {
  const { status } = await checkPaymentStatus(orderNo);
  if (paidStatuses.includes(status)) return 'paid';
  const payment = await createPayment(orderNo);
  const checkout = weChatCheckoutOf(payment);
  if (checkout && showWeChatCheckout(checkout)) return 'shown';
  // The sandbox (or another provider) has a page of its own; never loop back to this one.
  if (payment.payUrl && new URL(payment.payUrl, location.href).pathname !== location.pathname) location.assign(payment.payUrl);
  return 'elsewhere';
}
