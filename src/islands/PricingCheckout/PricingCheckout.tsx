/**
 * The pricing checkout (spec §4 order creation-and-pay, COM-01/07/08/17). The
 * pricing table itself is static HTML (PricingTable.astro, passed as children):
 * its plan links lead a visitor to sign-up. For a logged-in user this island
 * hydrates (`client:stored-login`), names the coupon that applies, and turns
 * those links into a checkout: the order with the best coupon, then the
 * provider's page or, for WeChat Pay, the QR screen on this page.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import type { Billing, CurrencyCode, Tier } from '../../domain/plans.ts';
import type { AreaMessages } from '../../i18n/island-messages.ts';
import type { Locale } from '../../i18n/locales.ts';
import { $bestCoupon, buyPlan, cancelUnpaidOrder, loadBestCoupon, payOrder, type PaymentNext, type PlanChoice } from '../../stores/commerce.ts';
import { showWeChatCheckout } from '../../stores/wechat.ts';
import { Button } from '../shared/Button.tsx';
import { MessagesProvider, useT } from '../shared/i18n.tsx';
import { useHydrated } from '../shared/useHydrated.ts';

export type PricingCheckoutMessages = AreaMessages<'pricing.couponApplied' | 'pricing.continueCheckout' | 'pricing.replaceCheckout'>;

export interface PricingCheckoutProps {
  locale: Locale;
  messages: PricingCheckoutMessages;
  children?: ReactNode;
}

export function PricingCheckout({ locale, messages, children }: PricingCheckoutProps) {
  return (
    <MessagesProvider messages={messages}>
      <Checkout locale={locale}>{children}</Checkout>
    </MessagesProvider>
  );
}

type Problem = { message: string; open?: { orderNo: string; productId: number }; choice: PlanChoice };

function Checkout({ locale, children }: { locale: Locale; children?: ReactNode }) {
  const t = useT<PricingCheckoutMessages>();
  const hydrated = useHydrated();
  const coupon = useStore($bestCoupon);
  const form = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>();

  useEffect(() => {
    void loadBestCoupon();
  }, []);

  const go = (next: PaymentNext | undefined) => {
    if (!next) return;
    if (next.kind === 'page') return location.assign(next.url);
    // WeChat Pay answers a QR code to show on this page.
    void showWeChatCheckout(next.checkout, locale);
  };

  const buy = async (choice: PlanChoice) => {
    setBusy(true);
    setProblem(undefined);
    const result = await buyPlan(choice);
    setBusy(false);
    if (result.ok) return go(result.next);
    setProblem({ message: result.message, open: result.open, choice });
  };

  const onClick = (event: MouseEvent<HTMLFormElement>) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-buy-tier]');
    if (!link) return;
    event.preventDefault();
    if (busy) return;
    const data = new FormData(form.current!);
    void buy({
      tier: link.dataset.buyTier as Tier,
      billing: (data.get('billing') ?? 'annual') as Billing,
      currency: (data.get('currency') ?? 'USD') as CurrencyCode,
      channel: link.dataset.channel === 'wechat' ? 'wechat' : 'card',
    });
  };

  return (
    <form ref={form} className="block" onClick={onClick} onSubmit={(event) => event.preventDefault()} data-checkout-ready={hydrated ? '' : undefined} aria-busy={busy || undefined}>
      {coupon && (
        <p className="mb-4 rounded-lg bg-green-50 px-4 py-2 text-center font-medium text-green-900" role="status">
          {t('pricing.couponApplied', { code: coupon.code, percent: coupon.value })}
        </p>
      )}
      {problem && (
        <div className="mb-4 rounded-lg bg-amber-50 px-4 py-3 text-amber-950" role="alert">
          <p>{problem.message}</p>
          {problem.open && (
            <div className="mt-3 flex flex-wrap gap-2">
              <Button
                variant="secondary"
                onClick={async () => {
                  const result = await payOrder(problem.open!.orderNo);
                  if (result.ok) go(result.value);
                  else setProblem({ ...problem, message: result.message });
                }}
              >
                {t('pricing.continueCheckout')}
              </Button>
              <Button
                variant="primary"
                onClick={async () => {
                  const cancelled = await cancelUnpaidOrder(problem.open!.orderNo);
                  if (!cancelled.ok) return setProblem({ ...problem, message: cancelled.message });
                  await buy(problem.choice);
                }}
              >
                {t('pricing.replaceCheckout')}
              </Button>
            </div>
          )}
        </div>
      )}
      {children}
    </form>
  );
}
