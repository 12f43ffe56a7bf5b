import { paidStatuses, type CheckoutOutcome } from '../../stores/commerce.ts';
import { useT } from '../shared/i18n.tsx';
import type { SubscriptionPanelMessages } from './SubscriptionPanel.tsx';

/**
 * What the checkout the page returned from ended in (issue 11: "a success
 * message after paying", "say what happened" after a decline or a cancel),
 * naming the product. It stays on the page, unlike a toast.
 */
export function CheckoutOutcomeNotice({ outcome, product }: { outcome: CheckoutOutcome; product: string }) {
  const t = useT<SubscriptionPanelMessages>();
  const paid = paidStatuses.includes(outcome.status);
  const headline = paid
    ? t('checkout.paid')
    : outcome.lastPayment === 'failed'
      ? t('checkout.declined')
      : outcome.lastPayment === 'abandoned'
        ? t('checkout.cancelled')
        : t('checkout.pending');
  return (
    <p className={`rounded-xl px-4 py-3 ${paid ? 'bg-green-50 text-green-900' : 'bg-amber-50 text-amber-950'}`} role="status" data-checkout-outcome={paid ? 'paid' : (outcome.lastPayment ?? 'pending')}>
      <strong>{headline}</strong> {t('checkout.forProduct', { product, orderNo: outcome.orderNo })}
    </p>
  );
}
