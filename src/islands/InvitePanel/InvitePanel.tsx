/** UserInvite (spec §2, COM-14): the invite link with copy, the rewards, who joined and what it earned. */
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { formatLocalDate } from '../../domain/dates.ts';
import type { AreaMessages } from '../../i18n/island-messages.ts';
import { $referral, copyInviteLink, loadReferral } from '../../stores/referral.ts';
import { showToast } from '../../stores/toast.ts';
import { Button } from '../shared/Button.tsx';
import { formatNumber, ltrIsolate } from '../shared/format.ts';
import { MessagesProvider, useJoinSentences, useT } from '../shared/i18n.tsx';

export type InvitePanelMessages = AreaMessages<'referral.'>;

export function InvitePanel({ lang, messages }: { lang: string; messages: InvitePanelMessages }) {
  return (
    <MessagesProvider messages={messages}>
      <Panel lang={lang} />
    </MessagesProvider>
  );
}

function Panel({ lang }: { lang: string }) {
  const t = useT<InvitePanelMessages>();
  const join = useJoinSentences();
  const state = useStore($referral);
  const link = useRef<HTMLInputElement>(null);
  useEffect(() => {
    void loadReferral();
  }, []);
  const summary = state.summary;
  const copy = async () => {
    if (!summary) return;
    if (await copyInviteLink(summary.inviteLink)) showToast(t('referral.copied'), 'success');
    // Without clipboard permission, select the link so a long press or Ctrl+C copies it.
    else link.current?.select();
  };
  return (
    <div className="space-y-8" aria-busy={state.loading || undefined}>
      {state.error && (
        <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
          {state.error}
        </p>
      )}
      <section className="rounded-xl border border-slate-200 p-6">
        <label htmlFor="invite-link" className="block text-sm font-semibold">
          {t('referral.link')}
        </label>
        <div className="mt-2 flex gap-2">
          <input ref={link} id="invite-link" readOnly className="block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2" value={summary?.inviteLink ?? ''} dir="ltr" />
          <Button variant="primary" className="shrink-0 px-4 py-2" disabled={!summary} onClick={() => void copy()}>
            {t('referral.copy')}
          </Button>
        </div>
        <p className="mt-3 min-h-6 text-slate-700">{summary ? join(t('referral.howBonus', { count: summary.invitedBonus }), t('referral.howSignup', { count: summary.signupReward }), t('referral.howPayment', { count: summary.paymentReward })) : ''}</p>
      </section>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-xl border border-slate-200 p-6">
          <dt className="text-sm text-slate-600">{t('referral.invited')}</dt>
          <dd className="mt-1 text-3xl font-bold">{summary ? formatNumber(lang, summary.invitedCount) : '–'}</dd>
        </div>
        <div className="rounded-xl border border-slate-200 p-6">
          <dt className="text-sm text-slate-600">{t('referral.earned')}</dt>
          <dd className="mt-1 text-3xl font-bold">{summary ? formatNumber(lang, summary.earnedBeans) : '–'}</dd>
        </div>
      </dl>
      <section className="rounded-xl border border-slate-200 p-6" aria-labelledby="invite-list">
        <h2 id="invite-list" className="text-xl font-bold">
          {t('referral.list')}
        </h2>
        <ul className="mt-4 divide-y divide-slate-100">
          {state.invited.map((person) => (
            <li key={`${person.email}${person.joinedAt}`} className="flex flex-wrap justify-between gap-2 py-2">
              <span>{`${person.email} · ${t('referral.joined', { date: ltrIsolate(lang, formatLocalDate(person.joinedAt)) })}`}</span>
              <span className="text-sm font-semibold text-green-800">{person.firstPaidAt ? t('referral.paid') : ''}</span>
            </li>
          ))}
        </ul>
        {!state.loading && state.invited.length === 0 && <p className="mt-2 text-slate-600">{t('referral.none')}</p>}
      </section>
    </div>
  );
}
