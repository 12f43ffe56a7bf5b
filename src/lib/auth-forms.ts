import { authRules, checkCode, checkEmail, checkPassword } from '../domain/auth-rules.ts';
import { ApiError } from './api/client.ts';
import { exchangeGoogleTicket, fetchAuthProviders, forgetPassword, googleAuthorizationUrl, resetPassword, sendVerifyMail } from './api/auth.ts';
import { track } from './analytics.ts';
import { pageMessage, type PageMessageKey } from './page-messages.ts';
import { callbackKey, pageLocale, safePath, takeCallback } from './session.ts';
import { localizedPath } from '../i18n/routes.ts';
import { forgetInviteCode, storedInviteCode } from './invite.ts';
import { flashToast, showToast } from '../stores/toast.ts';
import { completeLogin, loginUser, registerUser } from '../stores/user.ts';

/** The screens this module drives. */
export type AuthMode = 'login' | 'signup' | 'resetPassword';

/** A failure shown in the form, in the reader's language. */
class FormProblem extends Error {
  readonly field: string | undefined;
  constructor(message: string, field?: string) {
    super(message);
    this.field = field;
  }
}

function ruleProblem(key: PageMessageKey | undefined, field: string): void {
  if (key) throw new FormProblem(pageMessage(key), field);
}

function messageOf(error: unknown): string {
  if (error instanceof FormProblem || error instanceof ApiError) return error.message;
  return pageMessage('error.network');
}

/**
 * Wires a server-rendered auth form: validation with the shared rules, the
 * code button with its resend countdown, submission, Google sign-in, and the
 * redirect to the `g_cb` return path after login (spec §2).
 */
export function setupAuthForm(root: HTMLElement, mode: AuthMode): void {
  const form = root.querySelector('form')!;
  const alert = root.querySelector<HTMLElement>('[data-error]')!;
  const notice = root.querySelector<HTMLElement>('[data-notice]')!;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const field = (name: string) => form.querySelector<HTMLInputElement>(`[name="${name}"]`);
  const value = (name: string) => field(name)?.value ?? '';
  const locale = pageLocale();

  const show = (problem: unknown) => {
    const message = messageOf(problem);
    alert.textContent = message;
    alert.hidden = false;
    notice.hidden = true;
    const name = problem instanceof FormProblem ? problem.field : problem instanceof ApiError ? (problem.payload as { data?: { field?: string } } | undefined)?.data?.field : undefined;
    for (const input of form.querySelectorAll('input')) input.removeAttribute('aria-invalid');
    if (name) {
      field(name)?.setAttribute('aria-invalid', 'true');
      field(name)?.focus();
    }
  };
  const inform = (message: string) => {
    notice.textContent = message;
    notice.hidden = false;
    alert.hidden = true;
  };
  const busy = async (button: HTMLButtonElement, work: () => Promise<void>) => {
    button.disabled = true;
    root.setAttribute('aria-busy', 'true');
    try {
      await work();
    } catch (error) {
      show(error);
    } finally {
      button.disabled = false;
      root.removeAttribute('aria-busy');
    }
  };

  const afterLogin = () => location.assign(takeCallback(locale));

  // The code button and its countdown (sign-up and reset).
  const codeButton = root.querySelector<HTMLButtonElement>('[data-send-code]');
  if (codeButton) {
    const label = codeButton.textContent ?? '';
    const countdown = (seconds: number) => {
      let left = seconds;
      codeButton.disabled = true;
      const tick = () => {
        if (left <= 0) {
          codeButton.disabled = false;
          codeButton.textContent = label;
          return;
        }
        codeButton.textContent = pageMessage('auth.resendIn', { seconds: left });
        left -= 1;
        setTimeout(tick, 1000);
      };
      tick();
    };
    codeButton.addEventListener('click', () =>
      busy(codeButton, async () => {
        ruleProblem(checkEmail(value('email')), 'email');
        if (mode === 'signup') await sendVerifyMail(value('email'));
        else await forgetPassword(value('email'));
        inform(pageMessage(mode === 'signup' ? 'auth.codeSent' : 'auth.resetSent', { email: value('email').trim(), minutes: authRules.codeTtlMinutes }));
        countdown(authRules.resendSeconds);
        field('verifyCode')?.focus();
      }).finally(() => {
        if (codeButton.textContent !== label) codeButton.disabled = true;
      }),
    );
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void busy(submit, async () => {
      ruleProblem(checkEmail(value('email')), 'email');
      if (mode === 'login') {
        if (!value('password')) throw new FormProblem(pageMessage('auth.error.credentials'), 'password');
        await loginUser(value('email'), value('password'));
        return afterLogin();
      }
      if (mode === 'signup') ruleProblem(checkPassword(value('password')), 'password');
      ruleProblem(checkCode(value('verifyCode')), 'verifyCode');
      if (mode === 'resetPassword') {
        ruleProblem(checkPassword(value('password')), 'password');
        await resetPassword({ email: value('email'), verifyCode: value('verifyCode').trim(), password: value('password') });
        flashToast(pageMessage('auth.resetDone'), 'success');
        return location.assign(localizedPath(locale, 'login'));
      }
      const source = new URL(location.href).searchParams.get('source') ?? 'email';
      try {
        await registerUser({ email: value('email'), password: value('password'), verifyCode: value('verifyCode').trim(), referCode: value('referCode').trim() || undefined });
      } catch (error) {
        track('userRegisterFailed', { source });
        throw error;
      }
      track('userRegisterSuccess', { source });
      forgetInviteCode();
      afterLogin();
    });
  });

  // An invitation kept by the invite landing fills the referral code, and is used up by the sign-up.
  const refer = field('referCode');
  const invited = storedInviteCode();
  if (refer && invited && !refer.value) refer.value = invited;

  // Show/hide password.
  for (const toggle of root.querySelectorAll<HTMLInputElement>('[data-show-password]')) {
    toggle.addEventListener('change', () => {
      for (const input of form.querySelectorAll<HTMLInputElement>('[data-password]')) input.type = toggle.checked ? 'text' : 'password';
    });
  }

  // Google sign-in: shown only when the API has it configured.
  const google = root.querySelector<HTMLButtonElement>('[data-google]');
  if (google) {
    void fetchAuthProviders()
      .then(({ google: enabled }) => {
        root.querySelector<HTMLElement>('[data-google-area]')!.hidden = !enabled;
      })
      .catch(() => undefined);
    google.addEventListener('click', () =>
      busy(google, async () => {
        const cb = safePath(sessionStorage.getItem(callbackKey)) ?? undefined;
        const { google_authorization_url: url } = await googleAuthorizationUrl(locale, cb);
        location.assign(url);
      }),
    );
  }

  // Back from Google: the ticket arrives in the fragment, never sent to any server but ours.
  const hash = new URLSearchParams(location.hash.slice(1));
  const ticket = hash.get('ticket');
  if (ticket) {
    history.replaceState(null, '', location.pathname + location.search);
    const cb = safePath(hash.get('cb'));
    if (cb) sessionStorage.setItem(callbackKey, cb);
    inform(pageMessage('auth.signingIn'));
    void exchangeGoogleTicket(ticket)
      .then((data) => completeLogin(data))
      .then(afterLogin)
      .catch(show);
  }
  if (new URL(location.href).searchParams.get('oauth')) showToast(pageMessage('auth.error.googleFailed'));
}
