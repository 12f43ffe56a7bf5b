import Stripe from 'stripe';
import { productById } from '../../src/domain/products.ts';
import { localizedPath } from '../../src/i18n/routes.ts';
import { isLocale } from '../../src/i18n/locales.ts';
import type { CheckoutOutcome, PaymentProvider } from '../services/payments.ts';

/** Stripe settings; `apiBase` points the official SDK at a test server speaking Stripe's API. */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  apiBase: string | undefined;
  siteUrl: string;
}

/** The official SDK, configured. */
export function stripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base ? { host: base.hostname, port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)), protocol: base.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
}

/**
 * Stripe Checkout, our payment id as client_reference_id: a bean pack is one
 * payment; a plan is a Stripe Billing subscription (recurring price by billing
 * period) that Stripe renews. A coupon discounts the first period only.
 */
export function stripeProvider(stripe: Stripe, settings: StripeSettings): PaymentProvider {
  return {
    name: 'stripe',
    async startCheckout({ paymentId, orderNo, amountCents, listAmountCents, currency, productId, locale, origin }) {
      const home = isLocale(locale) ? locale : 'en';
      const back = `${origin ?? settings.siteUrl}${localizedPath(home, 'userSubscription')}?orderNo=${encodeURIComponent(orderNo)}`;
      const product = productById(productId);
      const plan = product?.kind === 'plan' ? product : undefined;
      const lower = currency.toLowerCase();
      let discounts: Stripe.Checkout.SessionCreateParams.Discount[] | undefined;
      if (plan && amountCents < listAmountCents) {
        const coupon = await stripe.coupons.create(
          { amount_off: listAmountCents - amountCents, currency: lower, duration: 'once', max_redemptions: 1, name: 'Inkwise coupon' },
          { idempotencyKey: `coupon-${paymentId}` },
        );
        discounts = [{ coupon: coupon.id }];
      }
      const session = await stripe.checkout.sessions.create(
        {
          mode: plan ? 'subscription' : 'payment',
          client_reference_id: paymentId,
          metadata: { orderNo, productId: String(productId) },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: lower,
                unit_amount: plan ? listAmountCents : amountCents,
                product_data: { name: `Inkwise ${orderNo}` },
                ...(plan ? { recurring: { interval: plan.billing === 'annual' ? ('year' as const) : ('month' as const) } } : {}),
              },
            },
          ],
          ...(plan ? { subscription_data: { metadata: { paymentId, orderNo } } } : {}),
          ...(discounts ? { discounts } : {}),
          success_url: back,
          cancel_url: back,
          locale: 'auto',
        },
        // Stripe's own idempotency: a retried request opens no second session.
        { idempotencyKey: `checkout-${paymentId}` },
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { payUrl: session.url, externalId: session.id };
    },
    async closeCheckout(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return 'closed';
      } catch (error) {
        // Only an open session can be expired: one that completed meanwhile was paid; one already expired is closed.
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        if (session.status === 'complete') return 'completed';
        if (session.status === 'expired') return 'closed';
        throw error;
      }
    },
    async cancelRenewal(subscriptionId) {
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    },
  };
}

/** A verified Stripe event we act on. */
export type StripeNotice =
  | { kind: 'checkout'; paymentId: string; outcome: CheckoutOutcome; stripeSubscriptionId?: string }
  | { kind: 'renewal'; invoiceId: string; stripeSubscriptionId: string; periodEnd?: Date }
  | { kind: 'subscriptionEnded'; stripeSubscriptionId: string };

const idOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : value && typeof value === 'object' && 'id' in value && typeof value.id === 'string' ? value.id : undefined);

/** The subscription an invoice bills: `parent.subscription_details` (current API) or `subscription` (before 2025-03). */
function invoiceSubscription(invoice: Record<string, unknown>): string | undefined {
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } | null } | null | undefined;
  return idOf(parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
}

/**
 * Verifies a webhook's signature with the official SDK and maps the events we
 * act on: checkout outcomes, renewals (invoice.paid for a subscription cycle)
 * and ended subscriptions. A bad signature throws.
 */
export function parseStripeWebhook(stripe: Stripe, settings: StripeSettings, rawBody: Buffer, signature: string | undefined): StripeNotice | undefined {
  const event = stripe.webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret);
  const object = event.data.object as unknown as Record<string, unknown>;
  switch (event.type) {
    case 'invoice.paid': {
      const stripeSubscriptionId = invoiceSubscription(object);
      const invoiceId = idOf(object);
      // The first invoice is the checkout itself (checkout.session.completed); only cycles renew.
      if (object.billing_reason !== 'subscription_cycle' || !stripeSubscriptionId || !invoiceId) return undefined;
      const lines = (object.lines as { data?: { period?: { end?: number } }[] } | undefined)?.data ?? [];
      const end = Math.max(0, ...lines.map((line) => line.period?.end ?? 0));
      return { kind: 'renewal', invoiceId, stripeSubscriptionId, ...(end > 0 ? { periodEnd: new Date(end * 1000) } : {}) };
    }
    case 'customer.subscription.deleted': {
      const stripeSubscriptionId = idOf(object);
      return stripeSubscriptionId ? { kind: 'subscriptionEnded', stripeSubscriptionId } : undefined;
    }
    default:
      break;
  }
  const paymentId = typeof object.client_reference_id === 'string' ? object.client_reference_id : undefined;
  if (!paymentId) return undefined;
  const stripeSubscriptionId = idOf(object.subscription);
  const checkout = (outcome: CheckoutOutcome): StripeNotice => ({ kind: 'checkout', paymentId, outcome, ...(stripeSubscriptionId ? { stripeSubscriptionId } : {}) });
  switch (event.type) {
    case 'checkout.session.completed':
      // A subscription whose first period a coupon paid in full needs no payment.
      return object.payment_status === 'paid' || object.payment_status === 'no_payment_required' ? checkout('succeeded') : undefined;
    case 'checkout.session.async_payment_succeeded':
      return checkout('succeeded');
    case 'checkout.session.async_payment_failed':
      return checkout('failed');
    case 'checkout.session.expired':
      return checkout('abandoned');
    default:
      return undefined;
  }
}
