import type Stripe from 'stripe';
import type { Config } from '../config.ts';
import { sandboxProvider, type PaymentProviders } from '../services/payments.ts';
import { stripeClient, stripeProvider, type StripeSettings } from './stripe.ts';
import { weChatPayClient, weChatPayProvider, type WeChatPayClient, type WeChatPaySettings } from './wechat.ts';

/** The configured payment providers, and what their notification routes need. */
export interface PaymentSetup {
  providers: PaymentProviders;
  stripe: { stripe: Stripe; settings: StripeSettings } | undefined;
  wechat: { client: WeChatPayClient; settings: WeChatPaySettings } | undefined;
}

/**
 * Chooses a provider per channel (docs/decisions/0012): Stripe for card plans
 * and bean packs, WeChat Pay for the WeChat plans, each when configured. The
 * sandbox takes both channels only while no real provider is configured: beside
 * a real one, a free test checkout would hand out plans, so an unconfigured
 * channel answers "payment method not available" instead.
 */
export function paymentSetup(config: Pick<Config, 'stripe' | 'wechat' | 'siteUrl'>): PaymentSetup {
  const stripeSettings = config.stripe ? { ...config.stripe, siteUrl: config.siteUrl } : undefined;
  const stripe = stripeSettings ? { stripe: stripeClient(stripeSettings), settings: stripeSettings } : undefined;
  const wechatSettings = config.wechat ? { ...config.wechat, siteUrl: config.siteUrl } : undefined;
  const wechat = wechatSettings ? { client: weChatPayClient(wechatSettings), settings: wechatSettings } : undefined;
  const sandbox = stripe || wechat ? undefined : sandboxProvider(config.siteUrl);
  return {
    providers: {
      card: stripe ? stripeProvider(stripe.stripe, stripe.settings) : sandbox,
      wechat: wechat ? weChatPayProvider(wechat.client, wechat.settings) : sandbox,
    },
    stripe,
    wechat,
  };
}

/** Which provider takes payments, said on every start: the sandbox charges nothing and grants any plan. */
export function paymentsNotice(config: Pick<Config, 'stripe' | 'wechat' | 'production'>): string {
  if (!config.stripe && !config.wechat) {
    return `  Payments: the SANDBOX provider takes every payment (a test-mode checkout that charges nothing and grants what is bought)${config.production ? ', allowed in production by SANDBOX_PAYMENTS=true' : ''}. Set the Stripe variables to take real payments.`;
  }
  const card = config.stripe ? 'Stripe takes card plans and bean packs' : 'card payments are not available (no Stripe keys)';
  const wechat = config.wechat ? 'WeChat Pay takes the WeChat plans' : 'WeChat Pay is not configured';
  return `  Payments: ${card}; ${wechat}.`;
}
