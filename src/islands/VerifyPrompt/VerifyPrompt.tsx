/**
 * Spec §4 (ACC-10): a user whose e-mail is not verified (userType '0') is asked
 * to verify, then offered a link to their mailbox. Hydrates only when a login
 * is stored; the head script marks `html[data-unverified]` from storage so the
 * bar is there at first paint (no shift), and the store keeps it true after.
 */
import { useEffect, useState } from 'react';
import type { AreaMessages } from '../../i18n/island-messages.ts';
import { requestVerification, syncAuthAttributes } from '../../stores/account.ts';
import { showToast } from '../../stores/toast.ts';
import { MessagesProvider, useT } from '../shared/i18n.tsx';

export type VerifyPromptMessages = AreaMessages<'auth.verifyPrompt' | 'auth.verifySend' | 'auth.verifySent' | 'auth.openMail'>;

export function VerifyPrompt({ messages }: { messages: VerifyPromptMessages }) {
  return (
    <MessagesProvider messages={messages}>
      <Prompt />
    </MessagesProvider>
  );
}

function Prompt() {
  const t = useT<VerifyPromptMessages>();
  const [sent, setSent] = useState<{ email: string; openUrl: string | null }>();
  const [busy, setBusy] = useState(false);
  useEffect(() => syncAuthAttributes(), []);

  const send = async () => {
    setBusy(true);
    const outcome = await requestVerification();
    setBusy(false);
    if (outcome.ok) setSent(outcome);
    else showToast(outcome.message);
  };

  return (
    <div className="verify-prompt border-b border-amber-300 bg-amber-50">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-2 text-sm text-amber-950">
        <p>{sent ? t('auth.verifySent', { email: sent.email }) : t('auth.verifyPrompt')}</p>
        {!sent && (
          <button type="button" className="rounded-md bg-amber-900 px-3 py-1 font-semibold text-white hover:bg-amber-950 disabled:opacity-60" disabled={busy} onClick={() => void send()}>
            {t('auth.verifySend')}
          </button>
        )}
        {sent?.openUrl && (
          <a className="font-semibold underline" href={sent.openUrl} target="_blank" rel="noopener noreferrer">
            {t('auth.openMail')}
          </a>
        )}
      </div>
    </div>
  );
}
