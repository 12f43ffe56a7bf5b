/**
 * The coupon modal (account menu "Redeem a coupon", COM-11) and the welcome
 * coupon modal (spec §4: once, to accounts younger than 7 days, COM-12/13).
 * Hydrates only when a login is stored; both are closed in the server render.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import type { AreaMessages } from '../../i18n/island-messages.ts';
import type { Locale } from '../../i18n/locales.ts';
import { localizedPath } from '../../i18n/routes.ts';
import { $couponModalOpen, $welcomeOffer, checkWelcome, closeCouponModal, dismissWelcome, redeemCoupon } from '../../stores/account.ts';
import { Button, LinkButton } from '../shared/Button.tsx';
import { Dialog } from '../shared/Dialog.tsx';
import { MessagesProvider, useJoinSentences, useT } from '../shared/i18n.tsx';

export type CouponModalMessages = AreaMessages<'coupon.' | 'welcome.'>;

export interface CouponModalProps {
  locale: Locale;
  siteName: string;
  messages: CouponModalMessages;
  /**
   * Whether this page may show the welcome offer (default yes). Not on the login and sign-up pages: they
   * move on as soon as the login is stored, so an offer opened there is marked as seen and never read.
   */
  welcome?: boolean;
}

export function CouponModal({ locale, siteName, messages, welcome = true }: CouponModalProps) {
  return (
    <MessagesProvider messages={messages}>
      <CouponDialog />
      {welcome && <WelcomeDialog locale={locale} siteName={siteName} />}
    </MessagesProvider>
  );
}

type Feedback = { kind: 'error' | 'notice'; text: string } | undefined;

function CouponDialog() {
  const t = useT<CouponModalMessages>();
  const open = useStore($couponModalOpen);
  const [feedback, setFeedback] = useState<Feedback>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    setFeedback(undefined);
    input.current?.focus();
  }, [open]);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    setFeedback(undefined);
    const outcome = await redeemCoupon(String(new FormData(form).get('code') ?? ''));
    setBusy(false);
    if (!outcome.ok) {
      setFeedback({ kind: 'error', text: outcome.reason === 'empty' ? t('coupon.error.empty') : outcome.message });
      input.current?.focus();
      return;
    }
    form.reset();
    const text =
      outcome.type === 'beans' ? t('coupon.beansAdded', { count: outcome.value }) : outcome.type === 'coupon' ? t('coupon.discountAdded', { percent: outcome.value }) : t('coupon.othersAdded');
    setFeedback({ kind: 'notice', text });
  };

  return (
    <Dialog open={open} onClose={closeCouponModal} title={t('coupon.title')}>
      <form className="mt-4 space-y-4" noValidate onSubmit={(event) => void submit(event)}>
        <div>
          <label className="block text-sm font-medium" htmlFor="coupon-code">
            {t('coupon.label')}
          </label>
          <input
            ref={input}
            id="coupon-code"
            name="code"
            autoComplete="off"
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 uppercase"
            aria-invalid={feedback?.kind === 'error' || undefined}
            aria-describedby={feedback ? 'coupon-feedback' : undefined}
          />
        </div>
        {feedback && (
          <p id="coupon-feedback" className={`rounded-lg px-3 py-2 text-sm ${feedback.kind === 'error' ? 'bg-red-50 text-red-800' : 'bg-green-50 text-green-900'}`} role={feedback.kind === 'error' ? 'alert' : 'status'}>
            {feedback.text}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button onClick={closeCouponModal}>{t('coupon.close')}</Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {t('coupon.redeem')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function WelcomeDialog({ locale, siteName }: { locale: Locale; siteName: string }) {
  const t = useT<CouponModalMessages>();
  const join = useJoinSentences();
  const offer = useStore($welcomeOffer);
  useEffect(() => {
    void checkWelcome();
  }, []);
  return (
    <Dialog
      open={offer !== undefined}
      onClose={dismissWelcome}
      title={t('welcome.title', { name: siteName })}
      actions={
        <>
          <Button onClick={dismissWelcome}>{t('welcome.dismiss')}</Button>
          <LinkButton href={localizedPath(locale, 'tryPremium')}>{t('welcome.cta')}</LinkButton>
        </>
      }
    >
      {offer && (
        // One sentence per number, so each takes its own plural form ("1 free bean", "7 days").
        <p className="mt-3 text-slate-700">{join(t('welcome.beans', { count: offer.beans }), t('welcome.discount', { amount: offer.amount, count: offer.validDays }))}</p>
      )}
    </Dialog>
  );
}
