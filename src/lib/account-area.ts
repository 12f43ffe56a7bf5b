import { membershipName } from '../domain/membership.ts';
import { localizedPath } from '../i18n/routes.ts';
import { pageMessage, type PageMessageKey } from './page-messages.ts';
import { pageLocale } from './session.ts';
import { flashToast } from '../stores/toast.ts';
import { $balance, $isLoggedIn, $isPaidMember, $user, logoutUser } from '../stores/user.ts';

/** Fills the header's account area from the user store and handles logout (AccountArea.astro). */
export function bindAccountArea(root: HTMLElement): void {
  const render = () => {
    if ($isLoggedIn.get()) document.documentElement.dataset.auth = 'in';
    else delete document.documentElement.dataset.auth;
    const user = $user.get();
    for (const node of root.querySelectorAll<HTMLElement>('[data-email]')) node.textContent = user.account || user.userInfo.email || '';
    for (const node of root.querySelectorAll<HTMLElement>('[data-balance]')) node.textContent = pageMessage('account.balance', { count: new Intl.NumberFormat(document.documentElement.lang).format($balance.get() ?? 0) });
    const paid = $isPaidMember.get();
    for (const node of root.querySelectorAll<HTMLElement>('[data-try-premium]')) node.hidden = paid;
    for (const node of root.querySelectorAll<HTMLElement>('[data-badge]')) {
      node.hidden = !paid;
      node.textContent = pageMessage(`membership.${membershipName(user.userInfo.membershipLevel ?? 0)}` as PageMessageKey);
    }
  };
  $user.subscribe(render);
  root.addEventListener('click', async (event) => {
    if (!(event.target as Element).closest('[data-logout]')) return;
    await logoutUser();
    flashToast(pageMessage('auth.loggedOut'), 'success');
    location.assign(localizedPath(pageLocale(), 'home'));
  });
}
