import { endpoints } from '../domain/endpoints/paths.ts';
import { rewards } from '../domain/rewards.ts';
import { api } from './api/instance.ts';
import { ApiError } from './api/client.ts';
import { pageMessage } from './page-messages.ts';
import { $user, fetchBalance } from '../stores/user.ts';

import { welcomeFlagKey } from '../stores/welcome.ts';

export { welcomeFlagKey };

const takeByCode = (promotionCode: string) => api<{ type: 'beans' | 'coupon' | 'others'; value: number }>(endpoints.takeByCode, { method: 'POST', body: { promotionCode }, silent: true });
const registrationRights = () => api<{ amount: number; beans: number; validDays: number }>(endpoints.registrationRights, { silent: true });

/** True when the welcome modal should show: a logged-in account younger than 7 days, never shown before. */
export function shouldWelcome(createTime: string | undefined, flag: string | null, now = Date.now()): boolean {
  if (!createTime || flag) return false;
  return now - new Date(createTime).getTime() < rewards.welcomeWindowDays * 86_400_000;
}

/** Wires the coupon modal and shows the welcome modal when due (AccountDialogs.astro). */
export function bindAccountDialogs(root: HTMLElement): void {
  const coupon = root.querySelector<HTMLDialogElement>('#coupon-dialog')!;
  const welcome = root.querySelector<HTMLDialogElement>('#welcome-dialog')!;
  for (const dialog of [coupon, welcome]) {
    dialog.querySelector('[data-close]')?.addEventListener('click', () => dialog.close());
  }
  document.addEventListener('click', (event) => {
    if ((event.target as Element).closest('[data-open-coupon]')) {
      coupon.querySelector<HTMLElement>('[data-error]')!.hidden = true;
      coupon.querySelector<HTMLElement>('[data-notice]')!.hidden = true;
      coupon.showModal();
    }
  });
  const form = coupon.querySelector<HTMLFormElement>('[data-coupon-form]')!;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const input = form.querySelector<HTMLInputElement>('input[name="code"]')!;
    const alert = form.querySelector<HTMLElement>('[data-error]')!;
    const notice = form.querySelector<HTMLElement>('[data-notice]')!;
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    submit.disabled = true;
    alert.hidden = true;
    notice.hidden = true;
    try {
      const result = await takeByCode(input.value);
      notice.textContent =
        result.type === 'beans'
          ? pageMessage('coupon.beansAdded', { count: Number(result.value) })
          : result.type === 'coupon'
            ? pageMessage('coupon.discountAdded', { percent: result.value })
            : pageMessage('coupon.othersAdded');
      notice.hidden = false;
      input.value = '';
      if (result.type === 'beans') await fetchBalance().catch(() => undefined);
    } catch (error) {
      alert.textContent = error instanceof ApiError ? error.message : pageMessage('error.network');
      alert.hidden = false;
    } finally {
      submit.disabled = false;
    }
  });

  const { userInfo } = $user.get();
  if (shouldWelcome(userInfo.createTime, localStorage.getItem(welcomeFlagKey))) {
    void registrationRights()
      .then((rights) => {
        localStorage.setItem(welcomeFlagKey, String(Date.now()));
        root.querySelector('[data-welcome-body]')!.textContent = pageMessage('welcome.body', { beans: rights.beans, amount: rights.amount, days: rights.validDays });
        welcome.showModal();
      })
      .catch(() => undefined);
  }
}
