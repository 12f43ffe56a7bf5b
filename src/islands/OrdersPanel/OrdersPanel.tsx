/**
 * UserSubscriptionOrderList (spec §2, COM-09/10/16): plan and bean-pack orders,
 * each named by its product, filtered to the unpaid ones (status 10) on demand,
 * paged 10–50, with pay, a confirmed cancel, and delete.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatLocalDateTime } from '../../domain/dates.ts';
import { OrderStatus, deletableStatuses, firstPage } from '../../domain/orders.ts';
import type { AreaMessages } from '../../i18n/island-messages.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { OrderListItem } from '../../lib/api/commerce.ts';
import { $ordersFilter, deleteListedOrder, filterOrders, moneyOrders, payOrder } from '../../stores/commerce.ts';
import { showToast } from '../../stores/toast.ts';
import { Button } from '../shared/Button.tsx';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import { CancelOrderDialog, goToPayment, orderPrice } from '../shared/UnpaidOrderDialog.tsx';
import { ltrIsolate } from '../shared/format.ts';
import { MessagesProvider, useT } from '../shared/i18n.tsx';
import { PageNav, PageSize } from '../shared/Pager.tsx';
import { useProductName } from '../shared/useProductName.ts';

export type OrdersPanelMessages = AreaMessages<'orders.' | 'subscription.pay' | 'subscription.cancelOrder' | 'subscription.deleteOrder' | 'product.' | 'history.tool.'>;

export interface OrdersPanelProps {
  locale: Locale;
  lang: string;
  messages: OrdersPanelMessages;
}

export function OrdersPanel(props: OrdersPanelProps) {
  return (
    <MessagesProvider messages={props.messages}>
      <Panel {...props} />
    </MessagesProvider>
  );
}

const deletable: readonly number[] = deletableStatuses;

function Panel({ locale, lang }: OrdersPanelProps) {
  const t = useT<OrdersPanelMessages>();
  const state = useStore(moneyOrders.$state);
  const filter = useStore($ordersFilter);
  const productName = useProductName(lang);
  const [cancelling, setCancelling] = useState<OrderListItem>();
  const [deleting, setDeleting] = useState<string>();

  useEffect(() => {
    const query = new URLSearchParams(location.search);
    if (query.get('status') === '10') $ordersFilter.set('10');
    void moneyOrders.load(Number(query.get('page')) || firstPage);
  }, []);

  const money = (order: OrderListItem) => orderPrice(lang, order);
  const pay = async (orderNo: string) => {
    const result = await payOrder(orderNo);
    if (!result.ok) return showToast(result.message);
    goToPayment(locale, result.value);
  };

  return (
    <div className="space-y-4" aria-busy={state.loading || undefined}>
      <div className="flex flex-wrap items-end gap-4">
        <label className="text-sm font-medium">
          {t('orders.filter')}
          <select className="mt-1 block rounded-lg border border-slate-300 px-3 py-2" value={filter} onChange={(event) => void filterOrders(event.currentTarget.value as '' | '10')}>
            <option value="">{t('orders.all')}</option>
            <option value="10">{t('orders.unpaid')}</option>
          </select>
        </label>
        <PageSize size={state.size} label={t('orders.pageSize')} onSize={(size) => void moneyOrders.setSize(size)} />
      </div>
      {state.error && (
        <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
          {state.error}
        </p>
      )}
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label={t('orders.listLabel')}>
        {state.items.map((order) => (
          <li key={order.orderNo} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div>
              <p className="font-medium">{`${productName(order.productId)} · ${money(order)}`}</p>
              <p className="text-sm text-slate-600">{[t(`orders.status.${order.status}` as keyof OrdersPanelMessages & string), ltrIsolate(lang, formatLocalDateTime(order.createTime)), order.orderNo].join(' · ')}</p>
            </div>
            <div className="flex gap-2">
              {order.status === OrderStatus.PAYMENT_PENDING && (
                <Button variant="action" onClick={() => void pay(order.orderNo)}>
                  {t('subscription.pay')}
                </Button>
              )}
              {(order.status === OrderStatus.CREATED || order.status === OrderStatus.PAYMENT_PENDING) && (
                <Button variant="action" onClick={() => setCancelling(order)}>
                  {t('subscription.cancelOrder')}
                </Button>
              )}
              {deletable.includes(order.status) && (
                <Button variant="action" onClick={() => setDeleting(order.orderNo)}>
                  {t('subscription.deleteOrder')}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {!state.loading && state.items.length === 0 && <p className="text-slate-600">{t('orders.empty')}</p>}
      <PageNav page={state.page} pages={state.pages} onPage={(page) => void moneyOrders.load(page)} labels={{ previous: t('orders.previous'), next: t('orders.next'), position: t('orders.page', { page: state.page, pages: state.pages }) }} />
      <CancelOrderDialog order={cancelling} lang={lang} onClose={() => setCancelling(undefined)} afterCancel={moneyOrders.reload} />
      {/* Deleting asks first (issue 30: one click removed a paid order from the list). */}
      <ConfirmDialog
        open={deleting !== undefined}
        title={t('orders.deleteConfirmTitle')}
        confirmLabel={t('subscription.deleteOrder')}
        cancelLabel={t('orders.keepListed')}
        onClose={() => setDeleting(undefined)}
        onConfirm={async () => {
          const result = await deleteListedOrder(deleting!, { deleted: t('orders.deleted'), undo: t('orders.undo') });
          return result.ok ? undefined : result.message;
        }}
      >
        {t('orders.deleteConfirmBody')}
      </ConfirmDialog>
    </div>
  );
}
