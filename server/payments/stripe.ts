import Stripe from 'stripe';
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

/** Stripe Checkout: one payment per order (a plan period or a bean pack), our payment id as client_reference_id. */
export function stripeProvider(stripe: Stripe, settings: StripeSettings): PaymentProvider {
  return {
    name: 'stripe',
    async startCheckout({ paymentId, orderNo, amountCents, currency, productId, locale }) {
      const home = isLocale(locale) ? locale : 'en';
      const back = `${settings.siteUrl}${localizedPath(home, 'userSubscription')}?orderNo=${encodeURIComponent(orderNo)}`;
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: paymentId,
          metadata: { orderNo, productId: String(productId) },
          line_items: [{ quantity: 1, price_data: { currency: currency.toLowerCase(), unit_amount: amountCents, product_data: { name: `Inkwise ${orderNo}` } } }],
          success_url: back,
          cancel_url: back,
          locale: 'auto',
        },
        // Stripe's own idempotency: a retried request opens no second session.
        { idempotencyKey: `checkout-${paymentId}` },
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return session.url;
    },
  };
}

/**
 * Verifies a webhook's signature with the official SDK and maps the events we
 * act on to a payment id and an outcome. A bad signature throws.
 */
export function parseStripeWebhook(stripe: Stripe, settings: StripeSettings, rawBody: Buffer, signature: string | undefined): { paymentId: string; outcome: CheckoutOutcome } | undefined {
  const event = stripe.webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret);
  const session = event.data.object as { client_reference_id?: string | null; payment_status?: string };
  const paymentId = session.client_reference_id ?? undefined;
  if (!paymentId) return undefined;
  switch (event.type) {
    case 'checkout.session.completed':
      return session.payment_status === 'paid' ? { paymentId, outcome: 'succeeded' } : undefined;
    case 'checkout.session.async_payment_succeeded':
      return { paymentId, outcome: 'succeeded' };
    case 'checkout.session.async_payment_failed':
      return { paymentId, outcome: 'failed' };
    case 'checkout.session.expired':
      return { paymentId, outcome: 'abandoned' };
    default:
      return undefined;
  }
}
