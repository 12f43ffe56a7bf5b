import { track, trackPageView } from '../lib/analytics.ts';
import { rememberCallback } from '../lib/session.ts';
import { hasStoredLogin } from '../lib/stored-login.ts';
import { showFlashedToast } from '../stores/toast.ts';

/**
 * What every page does once loaded (spec §2): keep `cb`, send the
 * registration event when the URL says so, track the page view, show a
 * message left by the previous page, and bring a logged-in user's info and
 * balance up to date (a 401 there clears a stale session).
 */
export function startPage(): void {
  const url = new URL(location.href);
  rememberCallback(url);
  const source = url.searchParams.get('source');
  if (source && url.searchParams.get('type') === 'register') track('userRegisterSuccess', { source: source.slice(0, 64) });
  showFlashedToast();
  const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1));
  idle(() => {
    trackPageView();
    if (hasStoredLogin()) {
      void import('../stores/user.ts').then(async ({ fetchUserInfo, fetchBalance }) => {
        const { redeemStoredInvite } = await import('../lib/invite.ts');
        const { redeemInvite } = await import('../lib/api/auth.ts');
        await redeemStoredInvite(redeemInvite);
        await fetchUserInfo()
          .then(() => fetchBalance())
          .catch(() => undefined);
      });
    }
  });
}
