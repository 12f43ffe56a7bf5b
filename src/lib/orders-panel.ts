import { OrderStatus, deletableStatuses, firstPage, moneyOrderTypes } from '../domain/orders.ts';
import { productById } from '../domain/products.ts';
import { cancelOrder, createPayment, deleteOrder, listToolOrders, type OrderListItem } from './api/commerce.ts';
import { pageMessage, type PageMessageKey } from './page-messages.ts';
import { bindPager } from './pager.ts';
import '../stores/user.ts';

/** The orders page: filter, page size, paging and the actions each status allows (OrdersPanel.astro). */
export function bindOrdersPanel(root: HTMLElement): void {
  const lang = root.dataset.lang ?? 'en';
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  const money = (cents: number, currency: string) => new Intl.NumberFormat(lang, { style: 'currency', currency }).format(cents / 100);
  const statusSelect = root.querySelector<HTMLSelectElement>('[data-status]')!;
  const initial = new URL(location.href).searchParams;
  if (initial.get('status') === '10') statusSelect.value = '10';

  const action = (label: PageMessageKey, run: () => Promise<unknown>) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'rounded-lg border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50';
    b.textContent = pageMessage(label);
    b.addEventListener('click', () => void run().then(load).catch(() => undefined));
    return b;
  };

  const row = (order: OrderListItem) => {
    const item = document.createElement('li');
    item.className = 'flex flex-wrap items-center justify-between gap-3 p-4';
    item.dataset.order = order.orderNo;
    const text = document.createElement('div');
    const kind = productById(order.productId)?.kind === 'beans' ? 'subscription.productBeans' : 'subscription.productPlan';
    const title = document.createElement('p');
    title.className = 'font-medium';
    title.textContent = `${pageMessage(kind)} · ${money(order.amountCents, order.currency ?? 'USD')}`;
    const meta = document.createElement('p');
    meta.className = 'text-sm text-slate-600';
    meta.textContent = `${pageMessage(`orders.status.${order.status}` as PageMessageKey)} · ${date.format(new Date(order.createTime))} · ${order.orderNo}`;
    text.append(title, meta);
    const actions = document.createElement('div');
    actions.className = 'flex gap-2';
    if (order.status === OrderStatus.PAYMENT_PENDING) {
      actions.append(action('subscription.pay', async () => {
        const payment = await createPayment(order.orderNo);
        if (payment.payUrl) location.assign(payment.payUrl);
      }));
    }
    if (order.status === OrderStatus.CREATED || order.status === OrderStatus.PAYMENT_PENDING) actions.append(action('subscription.cancelOrder', () => cancelOrder(order.orderNo)));
    if ((deletableStatuses as readonly number[]).includes(order.status)) actions.append(action('subscription.deleteOrder', () => deleteOrder(order.orderNo)));
    item.append(text, actions);
    return item;
  };

  const pager = bindPager(
    root,
    async (page, size) => {
      const status = statusSelect.value ? Number(statusSelect.value) : undefined;
      const result = await listToolOrders(moneyOrderTypes.join(','), status, page, size);
      root.querySelector('[data-list]')!.replaceChildren(...result.list.map(row));
      root.querySelector<HTMLElement>('[data-empty]')!.hidden = result.list.length > 0;
      return result.total;
    },
    Number(initial.get('page')) || firstPage,
  );
  const load = () => pager.reload();
  statusSelect.addEventListener('change', () => pager.restart());
}
