import { safeReturnPath } from '../domain/return-path.ts';
import { isLocale, type Locale } from '../i18n/locales.ts';
import { localizedPath } from '../i18n/routes.ts';
import { flashToast } from '../stores/toast.ts';
import { pageMessage } from './page-messages.ts';

/** Session-storage key of the return path (spec §2 callback). */
export const callbackKey = 'g_cb';

/** A path on this site only (the shared rule of `src/domain/return-path.ts`). */
export const safePath = (value: string | null | undefined): string | undefined => safeReturnPath(value);

/** Spec §2: a `cb` query parameter is kept in session storage under g_cb. */
export function rememberCallback(url: URL = new URL(location.href), storage: Storage = sessionStorage): void {
  const cb = safePath(url.searchParams.get('cb'));
  if (cb) storage.setItem(callbackKey, cb);
}

/** Where to go after login: the stored g_cb path with its query (then forgotten), else home. */
export function takeCallback(locale: Locale, storage: Storage = sessionStorage): string {
  const cb = safePath(storage.getItem(callbackKey));
  storage.removeItem(callbackKey);
  return cb ?? localizedPath(locale, 'home');
}

/** The locale of the current page. */
export function pageLocale(): Locale {
  const code = document.documentElement.dataset.locale;
  return isLocale(code) ? code : 'en';
}

/** Spec §4: a protected action by a visitor goes to sign-up with a return path and a warning. */
export function redirectToSignup(returnTo: string = location.pathname + location.search): void {
  flashToast(pageMessage('messages.loginToAccess'), 'warning');
  location.assign(`${localizedPath(pageLocale(), 'signup')}?cb=${encodeURIComponent(returnTo)}`);
}
