import { pluralLangEntry, translateFrom, type MessageParams } from '../i18n/interpolate.ts';

/** Keys every page embeds for its scripts (Base.astro), in the page's language. */
export const pageMessageKeys = [
  'error.network',
  'error.http',
  'messages.loginToAccess',
  'auth.error.sessionExpired',
  'auth.verifySent',
  'auth.loggedOut',
  'account.balance',
  'membership.FREE',
  'membership.PREMIUM_MONTH',
  'membership.PREMIUM_ANNUAL',
  'membership.PREMIUM_PRO_MONTH',
  'membership.PREMIUM_PRO_ANNUAL',
] as const;

export type PageMessageKey = (typeof pageMessageKeys)[number] | `auth.${string}` | `profile.${string}` | `checkout.${string}` | `subscription.${string}` | `coupon.${string}` | `welcome.${string}` | `referral.${string}` | `orders.${string}` | `history.${string}` | `humanizer.${string}` | `upload.${string}` | `commerce.${string}` | `messages.${string}` | `detector.${string}` | `report.${string}`;

let cache: Record<string, string> | undefined;

function messages(): Record<string, string> {
  if (cache) return cache;
  const found: Record<string, string> = {};
  if (typeof document === 'undefined') return found;
  for (const node of document.querySelectorAll<HTMLScriptElement>('script[type="application/json"][data-messages]')) {
    try {
      Object.assign(found, JSON.parse(node.textContent ?? '{}'));
    } catch {
      // A broken block only loses its own texts.
    }
  }
  // The block closes <body>, and an island of the header (an account, hydrated at once for a stored login) can ask
  // while the page is still arriving: keep only what a parsed page gives, or the page would show keys for good.
  if (document.readyState !== 'loading') cache = found;
  return found;
}

/** A translated text embedded in the page by the server-rendered HTML. */
export function pageMessage(key: PageMessageKey, params?: MessageParams): string {
  const all = messages();
  return translateFrom(all, all[pluralLangEntry] ?? 'en', key, params);
}
