/**
 * The WeChat Pay QR screen of TryPremiumWeChat (decision 0012): the code of a
 * Native payment, the amount, how to scan it, and a wait for the payment
 * (asked every 2 s). A modal dialog: centred, focus kept inside, Escape closes,
 * and closing stops the waiting. Opened by the pricing checkout, or on load
 * for `?orderNo=` (the subscription page's "Pay" of an unpaid WeChat order).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { AreaMessages } from '../../i18n/island-messages.ts';
import type { Locale } from '../../i18n/locales.ts';
import { $wechatCheckout, afterCheckout, closeWeChatCheckout, qrSvg, resumeWeChatCheckout } from '../../stores/wechat.ts';
import { Button } from '../shared/Button.tsx';
import { Dialog } from '../shared/Dialog.tsx';
import { formatMoney } from '../shared/format.ts';
import { MessagesProvider, useT } from '../shared/i18n.tsx';

export type WeChatPayMessages = AreaMessages<'checkout.'>;

export interface WeChatPayProps {
  locale: Locale;
  lang: string;
  messages: WeChatPayMessages;
}

export function WeChatPay(props: WeChatPayProps) {
  return (
    <MessagesProvider messages={props.messages}>
      <Screen {...props} />
    </MessagesProvider>
  );
}

function Screen({ locale, lang }: WeChatPayProps) {
  const t = useT<WeChatPayMessages>();
  const checkout = useStore($wechatCheckout);
  const [svg, setSvg] = useState('');

  useEffect(() => {
    const orderNo = new URLSearchParams(location.search).get('orderNo');
    if (!orderNo) return;
    void resumeWeChatCheckout(orderNo, locale)
      .then((state) => {
        if (state === 'paid') location.assign(afterCheckout(locale, orderNo));
      })
      // The API client has shown the error.
      .catch(() => undefined);
  }, [locale]);

  useEffect(() => {
    setSvg('');
    if (checkout) void qrSvg(checkout.codeUrl).then(setSvg);
  }, [checkout]);

  return (
    <Dialog open={checkout !== undefined} onClose={closeWeChatCheckout} title={t('checkout.wechatTitle')} className="w-[min(26rem,92vw)]">
      {checkout && (
        <>
          <p className="mt-1 text-sm text-slate-600">{t('checkout.order', { orderNo: checkout.orderNo })}</p>
          {/* uqr's SVG of the code: generated here from the provider's code_url, never HTML from elsewhere. */}
          <div className="mx-auto mt-4 size-56 rounded-lg border border-slate-200 bg-white p-2 [&>svg]:size-full" role="img" aria-label={t('checkout.wechatQr')} data-code={checkout.codeUrl} dangerouslySetInnerHTML={{ __html: svg }} />
          <p className="mt-4 flex items-baseline justify-between rounded-lg border border-slate-200 px-4 py-3">
            <span className="text-slate-600">{t('checkout.amount')}</span>
            <strong className="text-2xl">{formatMoney(lang, checkout.amountCents, checkout.currency)}</strong>
          </p>
          <ol className="mt-4 list-decimal space-y-1 ps-5 text-sm text-slate-700">
            <li>{t('checkout.wechatScan')}</li>
            <li>{t('checkout.wechatPhone')}</li>
          </ol>
          <p className="mt-4 flex items-center gap-2 text-sm font-medium text-brand-700" role="status" aria-live="polite">
            <span className="size-2 animate-pulse rounded-full bg-brand-600" aria-hidden="true" />
            {t('checkout.wechatWaiting')}
          </p>
          <p className="mt-1 text-xs text-slate-600">{t('checkout.wechatExpires')}</p>
          <div className="mt-6 flex justify-end">
            <Button variant="secondary" onClick={closeWeChatCheckout}>
              {t('checkout.wechatClose')}
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
