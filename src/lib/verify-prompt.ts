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
      const open = root.querySelector<HTMLAnchorElement>('[data-open]')!;
      if (openUrl) {
        open.href = openUrl;
        open.hidden = false;
      }
    } catch (error) {
      showToast(error instanceof ApiError ? error.message : pageMessage('error.network'));
      send.disabled = false;
    }
  });
}
