/**
 * UserSubscription (spec §2): what the last checkout ended in, the plan with
 * its renewal and a confirmed cancel, bean packs, the wallet's bean history
 * (the ledger), and unpaid orders to pay or cancel. Hydrates only when a login
 * is stored (the page sends a visitor to sign-up).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatLocalDate } from '../../domain/dates.ts';
import { membershipName } from '../../domain/membership.ts';
import { SubscriptionStatus } from '../../domain/orders.ts';
import type { CurrencyCode } from '../../domain/plans.ts';
import type { AreaMessages } from '../../i18n/island-messages.ts';
import type { Locale } from '../../i18n/locales.ts';
import { localizedPath } from '../../i18n/routes.ts';
import type { OrderListItem } from '../../lib/api/commerce.ts';
import {
  $checkoutOutcome,
  $subscription,
  buyBeanPack,
  cancelPlanRenewal,
  loadCheckoutOutcome,
  loadSubscription,
  payOrder,
} from '../../stores/commerce.ts';
import { showToast } from '../../stores/toast.ts';
import { BeanHistory } from './BeanHistory.tsx';
import { CheckoutOutcomeNotice } from './CheckoutOutcomeNotice.tsx';
import { Button, LinkButton } from '../shared/Button.tsx';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import { CancelOrderDialog, goToPayment, orderPrice } from '../shared/UnpaidOrderDialog.tsx';
import { formatMoney, formatNumber, ltrIsolate } from '../shared/format.ts';
import { MessagesProvider, useT } from '../shared/i18n.tsx';
import { useProductName } from '../shared/useProductName.ts';

export type SubscriptionPanelMessages = AreaMessages<'subscription.' | 'membership.' | 'checkout.' | 'orders.' | 'product.' | 'wallet.' | 'history.tool.'>;

export interface SubscriptionPanelProps {
  locale: Locale;
  lang: string;
  messages: SubscriptionPanelMessages;
}

export function SubscriptionPanel(props: SubscriptionPanelProps) {
  return (
    <MessagesProvider messages={props.messages}>
      <Panel {...props} />
    </MessagesProvider>
  );
}

const currency: CurrencyCode = 'USD';

function Panel({ locale, lang }: SubscriptionPanelProps) {
  const t = useT<SubscriptionPanelMessages>();
  const state = useStore($subscription);
  const outcome = useStore($checkoutOutcome);
  const productName = useProductName(lang);
  const [confirmRenewal, setConfirmRenewal] = useState(false);
  const [cancelling, setCancelling] = useState<OrderListItem>();
  const [buying, setBuying] = useState<number>();

  useEffect(() => {
    void loadSubscription();
    // Back from a checkout: say what happened (and bring the plan and balance up to date when paid).
    const orderNo = new URLSearchParams(location.search).get('orderNo');
    if (orderNo) void loadCheckoutOutcome(orderNo);
  }, []);

  const plan = state.plan;
  const planName = plan ? t(`membership.${membershipName(plan.level)}` as keyof SubscriptionPanelMessages & string) : t('membership.FREE');
  const periodKey = !plan ? undefined : plan.status === SubscriptionStatus.EXPIRED ? 'subscription.expired' : plan.renews ? 'subscription.renews' : 'subscription.ends';
  const money = (order: OrderListItem) => orderPrice(lang, order);

  const pay = async (orderNo: string) => {
    const result = await payOrder(orderNo);
    if (result.ok) goToPayment(locale, result.value);
  };
  const buy = async (productId: number) => {
    setBuying(productId);
    const result = await buyBeanPack(productId, currency);
    if (result.ok) goToPayment(locale, result.value);
    else {
      setBuying(undefined);
      showToast(result.message);
    }
  };

  return (
    <div className="space-y-8" aria-busy={state.loading || undefined}>
      {outcome && <CheckoutOutcomeNotice outcome={outcome} product={productName(outcome.productId)} />}
      {state.error && (
        <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
          {state.error}
        </p>
      )}
      <section className="rounded-xl border border-slate-200 p-6" aria-labelledby="sub-current">
        <h2 id="sub-current" className="text-xl font-bold">
          {t('subscription.current')}
        </h2>
        <p className="mt-2 min-h-7 text-lg font-semibold" data-plan="">
          {state.loading ? '' : planName}
        </p>
        <p className="min-h-6 text-slate-700" data-period="">
          {state.loading ? '' : periodKey ? t(periodKey, { date: ltrIsolate(lang, formatLocalDate(plan!.currentPeriodEnd)) }) : t('subscription.none')}
        </p>
        <div className="mt-4 flex flex-wrap gap-2">
          <LinkButton href={localizedPath(locale, 'tryPremium')} className="px-4 py-1.5 text-sm">
            {t('subscription.seePlans')}
          </LinkButton>
          {plan?.renews && (
            <Button variant="action" onClick={() => setConfirmRenewal(true)}>
              {t('subscription.cancel')}
            </Button>
          )}
        </div>
      </section>

      <section className="rounded-xl border border-slate-200 p-6" aria-labelledby="sub-beans">
        <h2 id="sub-beans" className="text-xl font-bold">
          {t('subscription.beans')}
        </h2>
        <div className="mt-4 flex min-h-11 flex-wrap gap-2">
          {state.packs.map((pack) => (
            <Button key={pack.productId} variant="secondary" disabled={buying !== undefined} onClick={() => void buy(pack.productId)}>
              {t('subscription.buyPack', { count: formatNumber(lang, pack.beans), price: formatMoney(lang, pack.prices[currency] ?? 0, currency) })}
            </Button>
          ))}
        </div>
      </section>

      <section className="rounded-xl border border-slate-200 p-6" aria-labelledby="sub-pending">
        <h2 id="sub-pending" className="text-xl font-bold">
          {t('subscription.pending')}
        </h2>
        <ul className="mt-4 divide-y divide-slate-100" data-pending="">
          {state.pending.map((order) => (
            <li key={order.orderNo} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <span>{t('subscription.orderLine', { product: productName(order.productId), price: money(order), date: ltrIsolate(lang, formatLocalDate(order.createTime)) })}</span>
              <span className="flex gap-2">
                <Button variant="action" onClick={() => void pay(order.orderNo)}>
                  {t('subscription.pay')}
                </Button>
                <Button variant="action" onClick={() => setCancelling(order)}>
                  {t('subscription.cancelOrder')}
                </Button>
              </span>
            </li>
          ))}
        </ul>
        {!state.loading && state.pending.length === 0 && <p className="mt-2 text-slate-600">{t('subscription.noPending')}</p>}
        <a className="mt-4 inline-block text-brand-700 underline" href={localizedPath(locale, 'userOrders')}>
          {t('orders.all')}
        </a>
      </section>

      <BeanHistory lang={lang} />

      <ConfirmDialog
        open={confirmRenewal}
        title={t('subscription.cancelConfirmTitle')}
        confirmLabel={t('subscription.cancel')}
        cancelLabel={t('subscription.keepPlan')}
        onClose={() => setConfirmRenewal(false)}
        onConfirm={async () => {
          const result = await cancelPlanRenewal();
          if (!result.ok) return result.message;
          showToast(t('subscription.cancelled'), 'success');
          return undefined;
        }}
      >
        {plan && t('subscription.cancelConfirmBody', { plan: planName, date: ltrIsolate(lang, formatLocalDate(plan.currentPeriodEnd)) })}
      </ConfirmDialog>
      <CancelOrderDialog order={cancelling} lang={lang} onClose={() => setCancelling(undefined)} afterCancel={loadSubscription} />
    </div>
  );
}
