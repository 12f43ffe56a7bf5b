/**
 * UserProfile (spec §2): the e-mail and its status, membership, member since, a password change, and the account's
 * own data (issue 30): the download of everything it holds, and its deletion, confirmed with the password.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { formatLocalDate } from '../../domain/dates.ts';
import { membershipName } from '../../domain/membership.ts';
import type { AreaMessages } from '../../i18n/island-messages.ts';
import type { Locale } from '../../i18n/locales.ts';
import { localizedPath } from '../../i18n/routes.ts';
import { changeOwnPassword, deleteOwnAccount, downloadOwnData } from '../../stores/account.ts';
import { $user } from '../../stores/user.ts';
import { Button } from '../shared/Button.tsx';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import { MessagesProvider, useT } from '../shared/i18n.tsx';
import { useHydrated } from '../shared/useHydrated.ts';

export type UserProfileMessages = AreaMessages<'profile.' | 'membership.' | 'auth.error.' | 'auth.verified' | 'auth.passwordHint'>;

export function UserProfile({ locale, messages }: { locale: Locale; messages: UserProfileMessages }) {
  return (
    <MessagesProvider messages={messages}>
      <Profile locale={locale} />
    </MessagesProvider>
  );
}

type Shown = { kind: 'error' | 'notice'; text: string } | undefined;

function Profile({ locale }: { locale: Locale }) {
  const t = useT<UserProfileMessages>();
  const hydrated = useHydrated();
  const user = useStore($user);
  const [verified, setVerified] = useState(false);
  const [shown, setShown] = useState<Shown>();
  const [busy, setBusy] = useState(false);
  const next = useRef<HTMLInputElement>(null);
  useEffect(() => setVerified(new URLSearchParams(location.search).get('verified') === '1'), []);

  const info = user.userInfo;
  const field = (value: string) => (hydrated ? value : '');
  // A Google-only account has no current password to give.
  const hasPassword = !hydrated || user.permissions.includes('password');

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setBusy(true);
    setShown(undefined);
    const result = await changeOwnPassword(String(data.get('oldPassword') ?? ''), String(data.get('newPassword') ?? ''));
    setBusy(false);
    if (result.ok) {
      form.reset();
      setShown({ kind: 'notice', text: t('profile.passwordChanged') });
    } else {
      setShown({ kind: 'error', text: 'key' in result ? t(result.key) : result.message });
      next.current?.focus();
    }
  };

  const input = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base focus:border-brand-600';
  return (
    <div className="space-y-8">
      {verified && (
        <p className="rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900" role="status">
          {t('auth.verified')}
        </p>
      )}
      <dl className="grid gap-4 rounded-xl border border-slate-200 p-6 sm:grid-cols-2" data-profile="">
        <div>
          <dt className="text-sm text-slate-600">{t('profile.email')}</dt>
          <dd className="min-h-6 font-medium break-all">{field(info.email ?? user.account)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{t('profile.status')}</dt>
          <dd className="min-h-6 font-medium">{field(info.userType === '0' ? t('profile.unverified') : t('profile.verified'))}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{t('profile.membership')}</dt>
          <dd className="min-h-6 font-medium">
            <span>{field(t(`membership.${membershipName(info.membershipLevel ?? 0)}` as keyof UserProfileMessages & string))}</span>{' '}
            <a className="ms-2 text-sm text-brand-700 underline" href={localizedPath(locale, 'tryPremium')}>
              {t('profile.upgrade')}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{t('profile.memberSince')}</dt>
          <dd className="min-h-6 font-medium">{field(info.createTime ? formatLocalDate(info.createTime) : '')}</dd>
        </div>
      </dl>
      <form className="max-w-md space-y-4 rounded-xl border border-slate-200 p-6" noValidate onSubmit={(event) => void submit(event)}>
        <h2 className="text-xl font-bold">{t('profile.changePassword')}</h2>
        {shown && (
          <p className={`rounded-lg px-3 py-2 text-sm ${shown.kind === 'error' ? 'bg-red-50 text-red-800' : 'bg-green-50 text-green-900'}`} role={shown.kind === 'error' ? 'alert' : 'status'}>
            {shown.text}
          </p>
        )}
        {hasPassword && (
          <div>
            <label className="block text-sm font-medium" htmlFor="profile-current">
              {t('profile.currentPassword')}
            </label>
            <input className={input} id="profile-current" name="oldPassword" type="password" autoComplete="current-password" />
          </div>
        )}
        <div>
          <label className="block text-sm font-medium" htmlFor="profile-new">
            {t('profile.newPassword')}
          </label>
          <input ref={next} className={input} id="profile-new" name="newPassword" type="password" autoComplete="new-password" aria-describedby="profile-new-hint" />
          <p id="profile-new-hint" className="mt-1 text-xs text-slate-600">
            {t('auth.passwordHint')}
          </p>
        </div>
        <Button type="submit" variant="primary" disabled={busy}>
          {t('profile.save')}
        </Button>
      </form>
      <OwnData locale={locale} hasPassword={hasPassword} />
    </div>
  );
}

/** The account's data: download it all, or delete the account (asked first, with the password or the address). */
function OwnData({ locale, hasPassword }: { locale: Locale; hasPassword: boolean }) {
  const t = useT<UserProfileMessages>();
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const [asking, setAsking] = useState(false);
  const proof = useRef<HTMLInputElement>(null);
  const proofId = 'profile-delete-proof';

  const download = async () => {
    setExporting(true);
    setExportFailed(false);
    setExportFailed(!(await downloadOwnData()));
    setExporting(false);
  };
  const confirmDelete = async (): Promise<string | undefined> => {
    const value = proof.current?.value ?? '';
    const result = await deleteOwnAccount(locale, hasPassword ? { password: value } : { email: value }, t('profile.deleted'));
    if (result.ok) return undefined;
    proof.current?.focus();
    return result.message;
  };

  return (
    <section className="max-w-2xl space-y-6 rounded-xl border border-slate-200 p-6" aria-labelledby="profile-data" data-own-data="">
      <h2 id="profile-data" className="text-xl font-bold">
        {t('profile.dataTitle')}
      </h2>
      <div className="space-y-2">
        <p className="text-sm text-slate-700">{t('profile.exportHint')}</p>
        {exportFailed && (
          <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
            {t('profile.exportFailed')}
          </p>
        )}
        <Button variant="secondary" disabled={exporting} onClick={() => void download()}>
          {t('profile.export')}
        </Button>
      </div>
      <div className="space-y-2 border-t border-slate-200 pt-6">
        <h3 className="font-semibold">{t('profile.deleteTitle')}</h3>
        <p className="text-sm text-slate-700">{t('profile.deleteHint')}</p>
        <Button variant="secondary" className="border-red-300 text-red-800 hover:bg-red-50" onClick={() => setAsking(true)}>
          {t('profile.delete')}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title={t('profile.deleteConfirmTitle')}
        confirmLabel={t('profile.deleteConfirm')}
        cancelLabel={t('profile.deleteKeep')}
        onConfirm={confirmDelete}
        onClose={() => setAsking(false)}
      >
        <p>{t('profile.deleteConfirmBody')}</p>
        <label className="mt-4 block text-sm font-medium" htmlFor={proofId}>
          {hasPassword ? t('profile.deletePassword') : t('profile.deleteEmail')}
        </label>
        <input
          ref={proof}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base focus:border-brand-600"
          id={proofId}
          type={hasPassword ? 'password' : 'email'}
          autoComplete={hasPassword ? 'current-password' : 'email'}
          aria-describedby={`${proofId}-hint`}
        />
        <p id={`${proofId}-hint`} className="mt-1 text-xs text-slate-600">
          {t('profile.deleteProofHint')}
        </p>
      </ConfirmDialog>
    </section>
  );
}
