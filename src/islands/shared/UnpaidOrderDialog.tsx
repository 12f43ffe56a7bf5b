/**
 * What the orders list and the subscription panel do the same way with an unpaid money order (COM-09/10/16): go
 * where its payment goes on, and cancel it after a confirmation naming the product and the price.
 */
import type { AreaMessages } from '../../i18n/island-messages.ts';
import type { Locale } from '../../i18n/locales.ts';
import { localizedPath } from '../../i18n/routes.ts';
import type { OrderListItem } from '../../lib/api/commerce.ts';
import { cancelUnpaidOrder, type PaymentNext } from '../../stores/commerce.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { formatMoney } from './format.ts';
import { useT } from './i18n.tsx';
import { useProductName } from './useProductName.ts';

/** Goes where a payment goes on; a WeChat Pay code shows on the WeChat pricing page, which resumes the order. */
export function goToPayment(locale: Locale, next: PaymentNext | undefined): void {
  if (!next) return;
  location.assign(next.kind === 'page' ? next.url : `${localizedPath(locale, 'tryPremiumWeChat')}?orderNo=${encodeURIComponent(next.checkout.orderNo)}`);
}

/** An order's price in the reader's language. */
export const orderPrice = (lang: string, order: OrderListItem) => formatMoney(lang, order.amountCents, order.currency ?? 'USD');

/** Asks before cancelling `order` (open while it is set); after a cancel, `afterCancel` reloads the list it came from. */
export function CancelOrderDialog({ order, lang, onClose, afterCancel }: { order: OrderListItem | undefined; lang: string; onClose: () => void; afterCancel: () => Promise<void> }) {
  const t = useT<AreaMessages<'orders.' | 'subscription.cancelOrder' | 'product.' | 'history.tool.'>>();
  const productName = useProductName(lang);
  return (
    <ConfirmDialog
      open={order !== undefined}
      title={t('orders.cancelConfirmTitle')}
      confirmLabel={t('subscription.cancelOrder')}
      cancelLabel={t('orders.keep')}
      onClose={onClose}
      onConfirm={async () => {
        const result = await cancelUnpaidOrder(order!.orderNo);
        if (!result.ok) return result.message;
        await afterCancel();
        return undefined;
      }}
    >
      {order && t('orders.cancelConfirmBody', { product: productName(order.productId), price: orderPrice(lang, order) })}
    </ConfirmDialog>
  );
}
