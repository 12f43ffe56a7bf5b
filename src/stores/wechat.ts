/**
 * The WeChat Pay QR screen of TryPremiumWeChat (decision 0012): the checkout
 * shown, a wait for its payment (asked every 2 s, stopped when the screen
 * closes or the code expires), and the way on once paid.
 */
import { atom } from 'nanostores';
import type { Locale } from '../i18n/locales.ts';
import { localizedPath } from '../i18n/routes.ts';
import { track } from '../lib/analytics.ts';
import { checkPaymentStatus, createPayment } from '../lib/api/commerce.ts';
import { paidStatuses, weChatCheckoutOf, type WeChatCheckout } from './commerce.ts';

export { weChatCheckoutOf, type WeChatCheckout };

/** How often the QR screen asks whether the order is paid. */
export const paymentPollMs = 2000;
/** A code stops being payable after two hours (WeChat Pay's time_expire): polling stops then too. */
export const codeLifetimeMs = 2 * 60 * 60 * 1000;

/** The checkout the QR screen shows; undefined while it is closed. */
export const $wechatCheckout = atom<WeChatCheckout | undefined>(undefined);

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

let polling: AbortController | undefined;

/** Where every checkout ends: the subscription page, which says what happened. */
export function afterCheckout(locale: Locale, orderNo: string): string {
  return `${localizedPath(locale, 'userSubscription')}?orderNo=${encodeURIComponent(orderNo)}`;
}

/**
 * Shows a checkout's QR code and waits for its payment; once paid: the
 * analytics event and the subscription page, which says it was paid.
 */
export async function showWeChatCheckout(checkout: WeChatCheckout, locale: Locale): Promise<void> {
  polling?.abort();
  const mine = new AbortController();
  polling = mine;
  $wechatCheckout.set(checkout);
  const expiry = setTimeout(() => mine.abort(), codeLifetimeMs);
  const paid = await waitForPayment(checkout.orderNo, mine.signal);
  clearTimeout(expiry);
  if (!paid) return;
  track('beanChargeSuccess', { props: { orderNo: checkout.orderNo, outcome: 'succeeded' } });
  location.assign(afterCheckout(locale, checkout.orderNo));
}

/** Closes the QR screen; the waiting stops with it. */
export function closeWeChatCheckout(): void {
  polling?.abort();
  polling = undefined;
  $wechatCheckout.set(undefined);
}

/**
 * Opens the checkout of an unpaid order again (the subscription page's "Pay"
 * leads to the WeChat page with ?orderNo=): its QR code here, or the provider's
 * page. Answers 'paid' when there is nothing left to pay.
 */
export async function resumeWeChatCheckout(orderNo: string, locale: Locale): Promise<'shown' | 'paid' | 'elsewhere'> {
  const { status } = await checkPaymentStatus(orderNo);
  if (paidStatuses.includes(status)) return 'paid';
  const payment = await createPayment(orderNo);
  const checkout = weChatCheckoutOf(payment);
  if (checkout) {
    void showWeChatCheckout(checkout, locale);
    return 'shown';
  }
  // The sandbox (or another provider) has a page of its own; never loop back to this one.
  if (payment.payUrl && new URL(payment.payUrl, location.href).pathname !== location.pathname) location.assign(payment.payUrl);
  return 'elsewhere';
}
