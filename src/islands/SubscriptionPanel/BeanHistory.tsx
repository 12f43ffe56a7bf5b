import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatLocalDateTime } from '../../domain/dates.ts';
import type { LedgerReason } from '../../domain/endpoints/commerce.ts';
import { ledger } from '../../stores/commerce.ts';
import { formatNumber, ltrIsolate } from '../shared/format.ts';
import { useT } from '../shared/i18n.tsx';
import { PageNav } from '../shared/Pager.tsx';
import { useProductName } from '../shared/useProductName.ts';
import type { SubscriptionPanelMessages } from './SubscriptionPanel.tsx';

const reasonKey: Readonly<Record<LedgerReason, keyof SubscriptionPanelMessages & string>> = {
  order_payment: 'wallet.reason.orderPayment',
  order_refund: 'wallet.reason.orderRefund',
  bean_purchase: 'wallet.reason.beanPurchase',
  plan_grant: 'wallet.reason.planGrant',
  coupon: 'wallet.reason.coupon',
  referral: 'wallet.reason.referral',
  welcome: 'wallet.reason.welcome',
  admin: 'wallet.reason.admin',
  account_closed: 'wallet.reason.accountClosed',
};

/** The wallet's bean history (issue 11): every move of the ledger, what it was for, and the balance after it. */
export function BeanHistory({ lang }: { lang: string }) {
  const t = useT<SubscriptionPanelMessages>();
  const state = useStore(ledger.$state);
  const productName = useProductName(lang);
  useEffect(() => {
    void ledger.load(1);
  }, []);
  const signed = (n: number) => (n > 0 ? `+${formatNumber(lang, n)}` : `−${formatNumber(lang, Math.abs(n))}`);
  return (
    <section className="rounded-xl border border-slate-200 p-6" aria-labelledby="sub-ledger">
      <h2 id="sub-ledger" className="text-xl font-bold">
        {t('wallet.history')}
      </h2>
      {state.error && (
        <p className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
          {state.error}
        </p>
      )}
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-start text-sm">
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-2 pe-4 text-start font-medium">{t('wallet.date')}</th>
              <th scope="col" className="py-2 pe-4 text-start font-medium">{t('wallet.what')}</th>
              <th scope="col" className="py-2 pe-4 text-end font-medium">{t('wallet.change')}</th>
              <th scope="col" className="py-2 text-end font-medium">{t('wallet.balanceAfter')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {state.items.map((entry) => {
              // An adjustment shows the operator's note with it (the ref of an admin row); other refs are ids.
              const product = entry.productId === null ? (entry.reason === 'admin' && entry.ref ? entry.ref : '') : productName(entry.productId);
              return (
                <tr key={entry.id}>
                  <td className="py-2 pe-4 whitespace-nowrap tabular-nums">{ltrIsolate(lang, formatLocalDateTime(entry.createTime))}</td>
                  <td className="py-2 pe-4">{product ? `${t(reasonKey[entry.reason] ?? 'wallet.reason.admin')} · ${product}` : t(reasonKey[entry.reason] ?? 'wallet.reason.admin')}</td>
                  <td className={`py-2 pe-4 text-end font-semibold tabular-nums ${entry.amount > 0 ? 'text-green-800' : 'text-slate-900'}`}>{signed(entry.amount)}</td>
                  <td className="py-2 text-end tabular-nums">{formatNumber(lang, entry.balanceAfter)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {!state.loading && state.items.length === 0 && <p className="mt-2 text-slate-600">{t('wallet.empty')}</p>}
      {state.pages > 1 && (
        <div className="mt-4">
          <PageNav page={state.page} pages={state.pages} onPage={(page) => void ledger.load(page)} labels={{ previous: t('orders.previous'), next: t('orders.next'), position: t('orders.page', { page: state.page, pages: state.pages }) }} />
        </div>
      )}
    </section>
  );
}
