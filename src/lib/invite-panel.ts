import { endpoints } from '../domain/endpoints/paths.ts';
import { api } from './api/instance.ts';
import { pageMessage } from './page-messages.ts';
import { showToast } from '../stores/toast.ts';
import '../stores/user.ts';

interface Summary { inviteCode: string; inviteLink: string; signupReward: number; paymentReward: number; invitedBonus: number; invitedCount: number; earnedBeans: number }
interface Invitee { email: string; joinedAt: string; firstPaidAt: string | null; reward: number }

/** Fills the refer-and-earn page (InvitePanel.astro). */
export async function bindInvitePanel(root: HTMLElement): Promise<void> {
  const lang = root.dataset.lang ?? 'en';
  const number = new Intl.NumberFormat(lang);
  const [summary, invited] = await Promise.all([api<Summary>(endpoints.referral), api<{ list: Invitee[] }>(endpoints.referralInvited)]);
  const link = root.querySelector<HTMLInputElement>('[data-link]')!;
  link.value = summary.inviteLink;
  root.querySelector('[data-how]')!.textContent = pageMessage('referral.how', { bonus: summary.invitedBonus, signup: summary.signupReward, payment: summary.paymentReward });
  root.querySelector('[data-invited]')!.textContent = number.format(summary.invitedCount);
  root.querySelector('[data-earned]')!.textContent = number.format(summary.earnedBeans);
  root.querySelector('[data-copy]')!.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(summary.inviteLink);
    } catch {
      // Without clipboard permission, select the link so a long press or Ctrl+C copies it.
      link.select();
      return;
    }
    showToast(pageMessage('referral.copied'), 'success');
  });
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium' });
  root.querySelector<HTMLElement>('[data-none]')!.hidden = invited.list.length > 0;
  root.querySelector('[data-list]')!.replaceChildren(
    ...invited.list.map((person) => {
      const item = document.createElement('li');
      item.className = 'flex flex-wrap justify-between gap-2 py-2';
      const who = document.createElement('span');
      who.textContent = `${person.email} · ${pageMessage('referral.joined', { date: date.format(new Date(person.joinedAt)) })}`;
      const paid = document.createElement('span');
      paid.className = 'text-sm font-semibold text-green-800';
      paid.textContent = person.firstPaidAt ? pageMessage('referral.paid') : '';
      item.append(who, paid);
      return item;
    }),
  );
}
