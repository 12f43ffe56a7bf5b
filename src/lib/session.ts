import { safeReturnPath } from '../domain/return-path.ts';
import { isLocale, type Locale } from '../i18n/locales.ts';
import { localizedPath, resolvePath, type RouteName } from '../i18n/routes.ts';
import { hasStoredLogin } from './stored-login.ts';
import { flashToast } from './flash.ts';
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

/** Session-storage mark of a session that ended in this tab (a 401 for someone who was logged in). */
export const sessionEndedKey = 'inkwise.sessionEnded';

/** Marks that this tab's session ended, so the next protected action goes to Log in, not Sign up. */
export function markSessionEnded(storage: Storage = sessionStorage): void {
  try {
    storage.setItem(sessionEndedKey, '1');
  } catch {
    // Storage refused (private mode): the visitor path stays.
  }
}

/** Forgets the mark (a login happened). */
export function clearSessionEnded(storage: Storage = sessionStorage): void {
  try {
    storage.removeItem(sessionEndedKey);
  } catch {
    // Nothing stored.
  }
}

/**
 * Spec §4: a protected action by a visitor goes to sign-up with a return path and a warning. Someone whose session
 * just ended goes to Log in instead, with the same return path (issue 30: they landed on the Sign up form).
 */
export function redirectToSignup(returnTo: string = location.pathname + location.search, storage: Storage = sessionStorage): void {
  let ended = false;
  try {
    ended = storage.getItem(sessionEndedKey) === '1';
    storage.removeItem(sessionEndedKey);
  } catch {
    // No storage: a visitor.
  }
  flashToast(pageMessage(ended ? 'auth.error.sessionExpired' : 'messages.loginToAccess'), 'warning');
  location.assign(`${localizedPath(pageLocale(), ended ? 'login' : 'signup')}?cb=${encodeURIComponent(returnTo)}`);
}

/** Screens a logged-in person has no use for: they are sent on (issue 11). */
const loggedOutScreens: readonly RouteName[] = ['login', 'signup', 'welcome'];

/**
 * On login, sign-up and welcome: a person who is logged in already goes on to
 * the return path they came for (`cb`, or `g_cb`), else home, instead of
 * seeing a form they do not need. Answers true when it navigates.
 */
export function sentOnIfLoggedIn(loc: Location = location): boolean {
  if (!hasStoredLogin()) return false;
  const here = resolvePath(loc.pathname);
  if (here.kind !== 'page' || !loggedOutScreens.includes(here.route)) return false;
  rememberCallback(new URL(loc.href));
  loc.replace(takeCallback(here.locale));
  return true;
}
