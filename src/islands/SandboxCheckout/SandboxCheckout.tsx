/**
 * The sandbox provider's test checkout (decision 0009), clearly marked test
 * mode: it names what is bought, the list price, the coupon taking money off
 * and the amount charged (issue 11), and lets the tester pay, decline or cancel.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { AreaMessages } from '../../i18n/island-messages.ts';
import type { Locale } from '../../i18n/locales.ts';
import { $sandbox, finishSandbox, loadSandboxSession } from '../../stores/sandbox.ts';
import { Button } from '../shared/Button.tsx';
import { formatMoney } from '../shared/format.ts';
import { MessagesProvider, useT } from '../shared/i18n.tsx';
import { useProductName } from '../shared/useProductName.ts';

export type SandboxCheckoutMessages = AreaMessages<'checkout.' | 'product.' | 'history.tool.'>;

export interface SandboxCheckoutProps {
  locale: Locale;
  lang: string;
  messages: SandboxCheckoutMessages;
}

export function SandboxCheckout(props: SandboxCheckoutProps) {
  return (
    <MessagesProvider messages={props.messages}>
      <Checkout {...props} />
    </MessagesProvider>
  );
}

function Checkout({ locale, lang }: SandboxCheckoutProps) {
  const t = useT<SandboxCheckoutMessages>();
  const state = useStore($sandbox);
  const productName = useProductName(lang);
  useEffect(() => {
    void loadSandboxSession(new URLSearchParams(location.search).get('session') ?? '');
  }, []);
  const session = state.session;
  const money = (cents: number) => (session ? formatMoney(lang, cents, session.currency) : '…');
  const open = session?.status === 'open' && !state.busy;
  const row = 'flex items-baseline justify-between gap-4 py-2';
  return (
    <div>
      <p className="mt-2 min-h-6 text-slate-700">{session ? t('checkout.order', { orderNo: session.orderNo }) : ''}</p>
      <dl className="mt-4 divide-y divide-slate-100 rounded-lg border border-slate-200 px-4">
        <div className={row}>
          <dt className="text-slate-600">{t('checkout.product')}</dt>
          <dd className="font-semibold">{session ? productName(session.productId) : '…'}</dd>
        </div>
        {session && session.coupon && (
          <>
            <div className={row}>
              <dt className="text-slate-600">{t('checkout.listPrice')}</dt>
              <dd>{money(session.listAmountCents)}</dd>
            </div>
            <div className={row}>
              <dt className="text-slate-600">{t('checkout.discount', { code: session.coupon.code, percent: session.coupon.percent })}</dt>
              <dd className="text-green-800">−{money(session.listAmountCents - session.amountCents)}</dd>
            </div>
          </>
        )}
        <div className={row}>
          <dt className="text-slate-600">{t('checkout.amount')}</dt>
          <dd>
            <strong className="text-2xl">{money(session?.amountCents ?? 0)}</strong>
          </dd>
        </div>
      </dl>
      {state.error && (
        <p className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
          {state.error}
        </p>
      )}
      <div className="mt-6 flex flex-col gap-2">
        <Button variant="primary" disabled={!open} onClick={() => void finishSandbox('succeeded', locale)}>
          {t('checkout.pay')}
        </Button>
        <Button variant="secondary" disabled={!open} onClick={() => void finishSandbox('failed', locale)}>
          {t('checkout.decline')}
        </Button>
        <Button disabled={!open} onClick={() => void finishSandbox('abandoned', locale)}>
          {t('checkout.cancel')}
        </Button>
      </div>
    </div>
  );
}
