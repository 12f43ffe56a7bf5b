/**
 * The login, sign-up and password-reset forms (spec §2 Login, Signup,
 * ResetPwd; ACC-01/02/03/11/13): the shared rules checked before sending, the
 * code button with its resend countdown, Google sign-in when the API offers
 * it, and the return to the `g_cb` path after a login. Fields are uncontrolled,
 * so what a person typed before hydration is kept; the island hydrates when
 * idle or at the first focus (`client:idle-or-interaction`), and a click on a
 * button before then is replayed.
 */
import { useEffect, useRef, useState, type SubmitEvent, type ReactNode } from 'react';
import type { AreaMessages } from '../../i18n/island-messages.ts';
import type { Locale } from '../../i18n/locales.ts';
import {
  announceReset,
  completeGoogleSignIn,
  googleAvailable,
  googleSignInUrl,
  googleTicketIn,
  invitedCode,
  sendAuthCode,
  submitAuth,
  type AuthField,
  type AuthMode,
  type AuthProblem,
} from '../../stores/auth.ts';
import { MessagesProvider, useT, type Translator } from '../shared/i18n.tsx';
import { GoogleIcon } from './GoogleIcon.tsx';
import { useCountdown } from './useCountdown.ts';

export type AuthFormMessages = AreaMessages<'auth.'>;

export interface AuthFormProps {
  locale: Locale;
  mode: AuthMode;
  messages: AuthFormMessages;
}

export function AuthForm(props: AuthFormProps) {
  return (
    <MessagesProvider messages={props.messages}>
      <Form {...props} />
    </MessagesProvider>
  );
}

type Shown = { kind: 'error'; text: string; field?: AuthField } | { kind: 'notice'; text: string } | undefined;

const problemText = (t: Translator<AuthFormMessages>, problem: AuthProblem) => ('key' in problem ? t(problem.key) : problem.message);

const input = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base focus:border-brand-600';
const label = 'block text-sm font-medium text-slate-800';
const primary = 'w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60';

function Form({ locale, mode }: AuthFormProps) {
  const t = useT<AuthFormMessages>();
  const form = useRef<HTMLFormElement>(null);
  const [shown, setShown] = useState<Shown>();
  const [busy, setBusy] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  // Unknown until the API answers: the Google block then keeps its place, unseen, so the page below it does not move
  // when it appears (the usual case, where Google sign-in is configured).
  const [google, setGoogle] = useState<boolean>();
  const countdown = useCountdown();

  const field = (name: AuthField) => form.current?.elements.namedItem(name) as HTMLInputElement | null;
  const values = () => {
    const data = new FormData(form.current!);
    const get = (name: string) => String(data.get(name) ?? '');
    return { email: get('email'), password: get('password'), verifyCode: get('verifyCode'), referCode: get('referCode') };
  };
  const showProblem = (problem: AuthProblem) => {
    setShown({ kind: 'error', text: problemText(t, problem), field: problem.field });
    if (problem.field) field(problem.field)?.focus();
  };

  useEffect(() => {
    // An invitation kept by the invite landing fills the referral code (spec §4 invite redemption).
    const refer = field('referCode');
    if (refer && !refer.value) refer.value = invitedCode();
    if (mode !== 'resetPassword') void googleAvailable().then(setGoogle);
    if (new URLSearchParams(location.search).get('oauth')) setShown({ kind: 'error', text: t('auth.error.googleFailed') });
    // Back from Google: the ticket is in the fragment.
    const back = googleTicketIn(location.hash);
    if (back) {
      history.replaceState(null, '', location.pathname + location.search);
      setShown({ kind: 'notice', text: t('auth.signingIn') });
      void completeGoogleSignIn(back.ticket, back.cb, locale).then((outcome) => (outcome.ok ? location.assign(outcome.next) : showProblem(outcome)));
    }
    // Once, on hydration.
  }, []);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const sendCode = () =>
    run(async () => {
      if (mode === 'login') return;
      const outcome = await sendAuthCode(mode, values().email);
      if (!outcome.ok) return showProblem(outcome);
      setShown({ kind: 'notice', text: t(mode === 'signup' ? 'auth.codeSent' : 'auth.resetSent', { email: outcome.email, count: outcome.minutes }) });
      countdown.start(outcome.resendSeconds);
      field('verifyCode')?.focus();
    });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      const outcome = await submitAuth(mode, values(), { locale, source: new URLSearchParams(location.search).get('source') ?? 'email' });
      if (!outcome.ok) return showProblem(outcome);
      if (mode === 'resetPassword') announceReset(t('auth.resetDone'));
      location.assign(outcome.next);
    });
  };

  const startGoogle = () =>
    run(async () => {
      const outcome = await googleSignInUrl(locale);
      if (outcome.ok) location.assign(outcome.url);
      else showProblem(outcome);
    });

  const invalid = (name: AuthField) => (shown?.kind === 'error' && shown.field === name) || undefined;
  const passwordType = showPassword ? 'text' : 'password';
  const codeLabel = countdown.left > 0 ? t('auth.resendIn', { seconds: countdown.left }) : t('auth.sendCode');

  return (
    <div aria-busy={busy || undefined}>
      {shown?.kind === 'error' && (
        <p className="mt-6 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
          {shown.text}
        </p>
      )}
      {shown?.kind === 'notice' && (
        <p className="mt-6 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900" role="status">
          {shown.text}
        </p>
      )}
      <form ref={form} className="mt-6 space-y-4" method="post" noValidate onSubmit={submit}>
        <Field id="auth-email" label={t('auth.email')}>
          <input className={input} id="auth-email" name="email" type="email" autoComplete="email" required aria-invalid={invalid('email')} />
        </Field>
        {mode !== 'resetPassword' && (
          <Field id="auth-password" label={t('auth.password')} hint={mode === 'signup' ? t('auth.passwordHint') : undefined}>
            <input
              className={input}
              id="auth-password"
              name="password"
              type={passwordType}
              autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
              required
              aria-invalid={invalid('password')}
              aria-describedby={mode === 'signup' ? 'auth-password-hint' : undefined}
            />
          </Field>
        )}
        {mode !== 'login' && (
          <div>
            <label className={label} htmlFor="auth-code">
              {t('auth.code')}
            </label>
            <div className="mt-1 flex gap-2">
              <input className={`${input} mt-0`} id="auth-code" name="verifyCode" inputMode="numeric" autoComplete="one-time-code" required aria-invalid={invalid('verifyCode')} />
              <button type="button" className="shrink-0 rounded-lg border border-slate-300 px-3 text-sm font-medium hover:bg-slate-50 disabled:opacity-60" disabled={busy || countdown.left > 0} onClick={() => void sendCode()}>
                {codeLabel}
              </button>
            </div>
          </div>
        )}
        {mode === 'resetPassword' && (
          <Field id="auth-new-password" label={t('auth.newPassword')} hint={t('auth.passwordHint')}>
            <input className={input} id="auth-new-password" name="password" type={passwordType} autoComplete="new-password" required aria-invalid={invalid('password')} aria-describedby="auth-password-hint" />
          </Field>
        )}
        {mode === 'signup' && (
          <Field id="auth-refer" label={t('auth.referCode')}>
            <input className={input} id="auth-refer" name="referCode" autoComplete="off" aria-invalid={invalid('referCode')} />
          </Field>
        )}
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="h-4 w-4" checked={showPassword} onChange={(event) => setShowPassword(event.currentTarget.checked)} />
          {t('auth.showPassword')}
        </label>
        <button type="submit" className={primary} disabled={busy}>
          {mode === 'login' ? t('auth.loginButton') : mode === 'signup' ? t('auth.signupButton') : t('auth.resetButton')}
        </button>
      </form>
      {/* Below the form, its space kept while unknown: whether Google sign-in is offered is known only once the API
          answers, and a button appearing above the fields moved them under the reader's pointer (docs/decisions/0026). */}
      {mode !== 'resetPassword' && (
        <div className={google === undefined ? 'invisible mt-6' : 'mt-6'} hidden={google === false}>
          <p className="mb-4 text-center text-sm text-slate-600">{t('auth.or')}</p>
          <button type="button" className="flex w-full items-center justify-center gap-2 rounded-lg border border-slate-300 px-4 py-2.5 font-medium hover:bg-slate-50" onClick={() => void startGoogle()} disabled={busy}>
            <GoogleIcon />
            {t('auth.google')}
          </button>
        </div>
      )}
    </div>
  );
}

function Field({ id, label: text, hint, children }: { id: string; label: string; hint?: string; children: ReactNode }) {
  return (
    <div>
      <label className={label} htmlFor={id}>
        {text}
      </label>
      {children}
      {hint && (
        <p id="auth-password-hint" className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
