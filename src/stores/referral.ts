/** Refer and earn (spec §2 UserInvite, COM-14): the invite link, the rewards, who joined. */
import { atom } from 'nanostores';
import { endpoints } from '../domain/endpoints/paths.ts';
import { api } from '../lib/api/instance.ts';
import { failureMessage } from '../lib/failure.ts';

/** What /api/referral answers. */
export interface ReferralSummary {
  inviteCode: string;
  inviteLink: string;
  signupReward: number;
  paymentReward: number;
  invitedBonus: number;
  invitedCount: number;
  earnedBeans: number;
}

/** One person who joined through the link. */
export interface Invitee {
  email: string;
  joinedAt: string;
  firstPaidAt: string | null;
  reward: number;
}

export interface ReferralState {
  loading: boolean;
  error: string | undefined;
  summary: ReferralSummary | undefined;
  invited: Invitee[];
}

export const $referral = atom<ReferralState>({ loading: true, error: undefined, summary: undefined, invited: [] });

/** Loads the summary and the people invited. */
export async function loadReferral(): Promise<void> {
  try {
    const [summary, invited] = await Promise.all([api<ReferralSummary>(endpoints.referral), api<{ list: Invitee[] }>(endpoints.referralInvited)]);
    $referral.set({ loading: false, error: undefined, summary, invited: invited.list });
  } catch (error) {
    $referral.set({ ...$referral.get(), loading: false, error: failureMessage(error) });
  }
}

/** Copies the link; false when the browser refuses the clipboard (the island then selects the link). */
export async function copyInviteLink(link: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(link);
    return true;
  } catch {
    return false;
  }
}
