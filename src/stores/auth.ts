/**
 * The auth forms' actions (login, sign-up, password reset, Google sign-in),
 * testable without a DOM: each checks the shared rules first, calls the API,
 * and answers what happened; the AuthForm island only shows it.
 */
import { authRules, checkCode, checkEmail, checkPassword } from '../domain/auth-rules.ts';
import type { Locale } from '../i18n/locales.ts';
import { localizedPath } from '../i18n/routes.ts';
import { track } from '../lib/analytics.ts';
import { ApiError } from '../lib/api/client.ts';
import { exchangeGoogleTicket, fetchAuthProviders, forgetPassword, googleAuthorizationUrl, resetPassword, sendVerifyMail } from '../lib/api/auth.ts';
import { failureMessage } from '../lib/failure.ts';
import { forgetInviteCode, storedInviteCode } from '../lib/invite.ts';
import { callbackKey, safePath, takeCallback } from '../lib/session.ts';
import { flashToast } from './toast.ts';
import { completeLogin, loginUser, registerUser } from './user.ts';

/** The screens of the auth form. */
export type AuthMode = 'login' | 'signup' | 'resetPassword';

/** A form field a problem points at. */
export type AuthField = 'email' | 'password' | 'verifyCode' | 'referCode';

/** Message keys the form can be answered with (the island translates them). */
export type AuthRuleKey = NonNullable<ReturnType<typeof checkEmail> | ReturnType<typeof checkPassword> | ReturnType<typeof checkCode>> | 'auth.error.credentials';

/** A problem to show: a rule's message key, or the API's message (already translated); with the field to mark. */
export type AuthProblem = { ok: false; field?: AuthField; key: AuthRuleKey } | { ok: false; field?: AuthField; message: string };

/** The form's values, read from the form when it is sent. */
export interface AuthValues {
  email: string;
  password: string;
  verifyCode: string;
  referCode: string;
}

const rule = (key: AuthRuleKey | undefined, field: AuthField): AuthProblem | undefined => (key ? { ok: false, field, key } : undefined);

function apiProblem(error: unknown): AuthProblem {
  const field = error instanceof ApiError ? (error.payload as { data?: { field?: string } } | undefined)?.data?.field : undefined;
  const known: readonly string[] = ['email', 'password', 'verifyCode', 'referCode'];
  return { ok: false, field: field && known.includes(field) ? (field as AuthField) : undefined, message: failureMessage(error) };
}

/** The code button (sign-up and reset): mails a code, answers how long until another may be asked. */
export async function sendAuthCode(mode: 'signup' | 'resetPassword', email: string): Promise<{ ok: true; email: string; minutes: number; resendSeconds: number } | AuthProblem> {
  const invalid = rule(checkEmail(email), 'email');
  if (invalid) return invalid;
  try {
    if (mode === 'signup') await sendVerifyMail(email);
    else await forgetPassword(email);
    return { ok: true, email: email.trim(), minutes: authRules.codeTtlMinutes, resendSeconds: authRules.resendSeconds };
  } catch (error) {
    return apiProblem(error);
  }
}

/**
 * Sends the form: logs in, creates the account, or resets the password, and
 * answers where to go next (the `g_cb` return path after a login, spec §2).
 */
export async function submitAuth(
  mode: AuthMode,
  values: AuthValues,
  { locale, source = 'email' }: { locale: Locale; source?: string },
): Promise<{ ok: true; next: string } | AuthProblem> {
  const invalidEmail = rule(checkEmail(values.email), 'email');
  if (invalidEmail) return invalidEmail;
  try {
    if (mode === 'login') {
      if (!values.password) return { ok: false, field: 'password', key: 'auth.error.credentials' };
      await loginUser(values.email, values.password);
      return { ok: true, next: takeCallback(locale) };
    }
    if (mode === 'signup') {
      const weak = rule(checkPassword(values.password), 'password');
      if (weak) return weak;
    }
    const badCode = rule(checkCode(values.verifyCode), 'verifyCode');
    if (badCode) return badCode;
    if (mode === 'resetPassword') {
      const weak = rule(checkPassword(values.password), 'password');
      if (weak) return weak;
      await resetPassword({ email: values.email, verifyCode: values.verifyCode.trim(), password: values.password });
      return { ok: true, next: localizedPath(locale, 'login') };
    }
    try {
      await registerUser({ email: values.email, password: values.password, verifyCode: values.verifyCode.trim(), referCode: values.referCode.trim() || undefined });
    } catch (error) {
      track('userRegisterFailed', { source });
      throw error;
    }
    track('userRegisterSuccess', { source });
    forgetInviteCode();
    return { ok: true, next: takeCallback(locale) };
  } catch (error) {
    return apiProblem(error);
  }
}

/** Leaves a message for the login page after a reset. */
export function announceReset(message: string): void {
  flashToast(message, 'success');
}

/** The referral code an invite landing kept, to fill the sign-up form. */
export function invitedCode(): string {
  try {
    return storedInviteCode() ?? '';
  } catch {
    return '';
  }
}

/** Whether the API offers Google sign-in (the button shows only then). */
export async function googleAvailable(): Promise<boolean> {
  try {
    return (await fetchAuthProviders()).google;
  } catch {
    return false;
  }
}

/** Google sign-in (spec §7 GET /oauth/google_authorization_url): answers the consent page to go to. */
export async function googleSignInUrl(locale: Locale): Promise<{ ok: true; url: string } | AuthProblem> {
  try {
    const cb = safePath(sessionStorage.getItem(callbackKey)) ?? undefined;
    const { google_authorization_url: url } = await googleAuthorizationUrl(locale, cb);
    return { ok: true, url };
  } catch (error) {
    return apiProblem(error);
  }
}

/**
 * Back from Google: the one-time ticket arrives in the URL fragment (never
 * sent to any server but ours), with the return path. Answers undefined when
 * the page was not opened from Google.
 */
export function googleTicketIn(hash: string): { ticket: string; cb: string | undefined } | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const ticket = params.get('ticket');
  return ticket ? { ticket, cb: safePath(params.get('cb')) } : undefined;
}

/** Trades the ticket for a session and answers where to go (the kept return path, else home). */
export async function completeGoogleSignIn(ticket: string, cb: string | undefined, locale: Locale): Promise<{ ok: true; next: string } | AuthProblem> {
  if (cb) sessionStorage.setItem(callbackKey, cb);
  try {
    await completeLogin(await exchangeGoogleTicket(ticket));
    return { ok: true, next: takeCallback(locale) };
  } catch (error) {
    return apiProblem(error);
  }
}
