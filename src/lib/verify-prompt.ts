import { requestVerifyEmail } from './api/auth.ts';
import { ApiError } from './api/client.ts';
import { pageMessage } from './page-messages.ts';
import { showToast } from '../stores/toast.ts';
import { $needsVerification } from '../stores/user.ts';

/** Spec §4: prompts an unverified user, mails the link, then offers the mailbox (VerifyPrompt.astro). */
export function bindVerifyPrompt(root: HTMLElement): void {
  $needsVerification.subscribe((needed) => {
    root.hidden = !needed;
  });
  const send = root.querySelector<HTMLButtonElement>('[data-send]')!;
  send.addEventListener('click', async () => {
    send.disabled = true;
    try {
      const { openUrl, email } = await requestVerifyEmail();
      root.querySelector('[data-text]')!.textContent = pageMessage('auth.verifySent', { email });
      send.hidden = true;
      // The mailbox link exists only once its address is known (no empty anchor in the page).
      const slot = root.querySelector<HTMLElement>('[data-open-slot]')!;
      if (openUrl) {
        const open = document.createElement('a');
        open.className = 'font-semibold underline';
        open.href = openUrl;
        open.target = '_blank';
        open.rel = 'noopener noreferrer';
        open.textContent = slot.dataset.label ?? '';
        slot.replaceChildren(open);
      }
    } catch (error) {
      showToast(error instanceof ApiError ? error.message : pageMessage('error.network'));
      send.disabled = false;
    }
  });
}
