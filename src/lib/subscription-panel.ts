import { membershipName } from '../domain/membership.ts';
import { OrderStatus } from '../domain/orders.ts';
import { productById } from '../domain/products.ts';
import type { CurrencyCode } from '../domain/plans.ts';
import { cancelOrder, cancelRenewal, createOrder, createPayment, fetchCurrentPlan, fetchWalletProducts, listSubscriptionOrders, listToolOrders, type CurrentPlan, type OrderListItem } from './api/commerce.ts';
import { track } from './analytics.ts';
import { pageMessage, type PageMessageKey } from './page-messages.ts';
import { showToast } from '../stores/toast.ts';
import { fetchBalance, fetchUserInfo } from '../stores/user.ts';

/** Fills the subscription page from the API (SubscriptionPanel.astro). */
export function bindSubscriptionPanel(root: HTMLElement): void {
  const lang = root.dataset.lang ?? 'en';
  const date = (iso: string) => new Intl.DateTimeFormat(lang, { dateStyle: 'long' }).format(new Date(iso));
  const money = (cents: number, currency: string) => new Intl.NumberFormat(lang, { style: 'currency', currency }).format(cents / 100);
  const currency: CurrencyCode = 'USD';

  const renderPlan = (plan: CurrentPlan | null) => {
    const name = root.querySelector<HTMLElement>('[data-plan]')!;
    const period = root.querySelector<HTMLElement>('[data-period]')!;
    const cancel = root.querySelector<HTMLButtonElement>('[data-cancel-renewal]')!;
    if (!plan) {
      name.textContent = pageMessage('membership.FREE');
      period.textContent = pageMessage('subscription.none');
      cancel.hidden = true;
      return;
    }
    name.textContent = pageMessage(`membership.${membershipName(plan.level)}` as PageMessageKey);
    const key = plan.status === 3 ? 'subscription.expired' : plan.renews ? 'subscription.renews' : 'subscription.ends';
    period.textContent = pageMessage(key, { date: date(plan.currentPeriodEnd) });
    cancel.hidden = !plan.renews;
  };

  const pay = async (orderNo: string) => {
    const payment = await createPayment(orderNo);
    if (payment.payUrl) location.assign(payment.payUrl);
  };

  const renderPending = (orders: OrderListItem[]) => {
    const list = root.querySelector<HTMLElement>('[data-pending]')!;
    root.querySelector<HTMLElement>('[data-no-pending]')!.hidden = orders.length > 0;
    list.replaceChildren(
      ...orders.map((order) => {
        const item = document.createElement('li');
        item.className = 'flex flex-wrap items-center justify-between gap-2 py-3';
        const text = document.createElement('span');
        const kind = productById(order.productId)?.kind === 'beans' ? 'subscription.productBeans' : 'subscription.productPlan';
        text.textContent = pageMessage('subscription.orderLine', { product: pageMessage(kind), price: money(order.amountCents, order.currency ?? 'USD'), date: date(order.createTime) });
        const actions = document.createElement('span');
        actions.className = 'flex gap-2';
        for (const [label, action] of [
          ['subscription.pay', () => pay(order.orderNo)],
          ['subscription.cancelOrder', async () => { await cancelOrder(order.orderNo); await refresh(); }],
        ] as const) {
          const b = document.createElement('button');
          b.type = 'button';
          b.className = 'rounded-lg border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50';
          b.textContent = pageMessage(label);
          b.addEventListener('click', () => void action().catch(() => undefined));
          actions.append(b);
        }
        item.append(text, actions);
        return item;
      }),
    );
  };

  const refresh = async () => {
    const [plan, subs, packs] = await Promise.all([fetchCurrentPlan(), listSubscriptionOrders(OrderStatus.PAYMENT_PENDING), listToolOrders('4', OrderStatus.PAYMENT_PENDING)]);
    renderPlan(plan);
    renderPending([...subs.list, ...packs.list]);
    void fetchWalletProducts().then((products) => {
      const box = root.querySelector<HTMLElement>('[data-packs]')!;
      box.replaceChildren(
        ...products.map((p) => {
          const b = document.createElement('button');
          b.type = 'button';
          b.className = 'rounded-lg border border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50';
          b.textContent = pageMessage('subscription.buyPack', { count: new Intl.NumberFormat(lang).format(p.beans), price: money(p.prices[currency] ?? 0, currency) });
          b.addEventListener('click', async () => {
            b.disabled = true;
            try {
              const order = await createOrder(p.productId, currency);
              track('beanChargeCreate', { props: { orderNo: order.orderNo, productId: p.productId } });
              await pay(order.orderNo);
            } catch {
              b.disabled = false;
            }
          });
          return b;
        }),
      );
    });
  };

  root.querySelector('[data-cancel-renewal]')!.addEventListener('click', async () => {
    renderPlan(await cancelRenewal());
    showToast(pageMessage('subscription.cancelled'), 'success');
  });

  void refresh();
  // Back from checkout: the plan or beans may have changed.
  if (new URL(location.href).searchParams.get('orderNo')) void fetchUserInfo().then(fetchBalance).catch(() => undefined);
}
