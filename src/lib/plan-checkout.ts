import type { Billing, CurrencyCode, Tier } from '../domain/plans.ts';
import { planProductFor } from '../domain/products.ts';
import { createOrder, createPayment, fetchValidCoupons, type UserCoupon } from './api/commerce.ts';
import { interpolate } from '../i18n/translate.ts';
import { track } from './analytics.ts';
import '../stores/user.ts';

/** Starts a plan purchase from the pricing table: order, then the provider's checkout (spec §4 order creation-and-pay). */
export function bindPlanCheckout(root: HTMLElement): void {
  // The best discount coupon the user holds is applied at checkout, and said so above the plans.
  let coupon: UserCoupon | undefined;
  void fetchValidCoupons()
    .then(({ userCoupons }) => {
      coupon = userCoupons.filter((c) => c.type === 'coupon').sort((a, b) => b.value - a.value)[0];
      const note = root.querySelector<HTMLElement>('[data-coupon-note]');
      if (!coupon || !note) return;
      note.textContent = interpolate(note.dataset.template ?? '', { code: coupon.code, percent: coupon.value });
      note.hidden = false;
    })
    .catch(() => undefined);
  root.addEventListener('click', async (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('[data-buy-tier]');
    if (!link) return;
    event.preventDefault();
    const tier = link.dataset.buyTier as Tier;
    const channel = link.dataset.channel === 'wechat' ? 'wechat' : 'card';
    const billing = (root.querySelector<HTMLInputElement>('input[name="billing"]:checked')?.value ?? 'annual') as Billing;
    const currency = (root.querySelector<HTMLInputElement>('input[name="currency"]:checked')?.value ?? 'USD') as CurrencyCode;
    link.setAttribute('aria-disabled', 'true');
    try {
      const product = planProductFor(tier, billing, channel);
      const order = await createOrder(product.id, currency, coupon ? [coupon.id] : undefined);
      track('beanChargeCreate', { props: { orderNo: order.orderNo, productId: product.id } });
      const payment = await createPayment(order.orderNo);
      // WeChat Pay answers a QR code to show on this page; the other providers a page to go to.
      if (payment.codeUrl) {
        const { showWeChatCheckout, weChatCheckoutOf } = await import('./wechat-payment.ts');
        const checkout = weChatCheckoutOf(payment);
        if (checkout && showWeChatCheckout(checkout)) return;
      }
      if (payment.payUrl) location.assign(payment.payUrl);
    } catch {
      // The API client has shown the error.
      track('beanChargeFailed', { props: { tier, billing } });
    } finally {
      link.removeAttribute('aria-disabled');
    }
  });
  // Until now the links lead a visitor to sign-up; from here on they open the checkout.
  root.dataset.checkoutReady = 'true';
}
