import { atom, computed } from 'nanostores';
import { endpoints } from '../domain/endpoints/paths.ts';
import { rewards, type CouponType } from '../domain/rewards.ts';
import type { Locale } from '../i18n/locales.ts';
import { localizedPath } from '../i18n/routes.ts';
import { api } from '../lib/api/instance.ts';
import { changePassword, closeAccount, requestVerifyEmail } from '../lib/api/auth.ts';
import { apiBase } from '../lib/api/base.ts';
import { downloadWithToken } from './download.ts';
import { checkPassword } from '../domain/auth-rules.ts';
import { failureMessage } from '../lib/failure.ts';
import { flashToast } from './toast.ts';
import { $isLoggedIn, $membershipLevel, $needsVerification, $user, fetchBalance, logoutUser } from './user.ts';
import { $welcomeFlag, markWelcomed } from './welcome.ts';

/** The letter the account button shows: the first letter of the e-mail, upper-cased (issue 11). */
export const $accountInitial = computed($user, (user) => {
  const first = [...(user.account || user.userInfo.email || '')][0];
  return first ? first.toLocaleUpperCase() : '';
});

/** The e-mail of the logged-in account (empty for a visitor). */
export const $accountEmail = computed($user, (user) => (user.isLoginUser ? user.account || user.userInfo.email || '' : ''));

/**
 * Keeps the `<html>` attributes the header's CSS reads in step with the store:
 * `data-auth="in"` for a login, `data-member-level` for the badge and
 * `data-unverified` for the verification bar. The head script of Base.astro
 * sets them from storage before the first paint; this follows logins, logouts,
 * upgrades and verification afterwards. Answers the unsubscribe.
 */
export function syncAuthAttributes(root: HTMLElement = document.documentElement): () => void {
  const offAuth = $isLoggedIn.subscribe((loggedIn) => {
    if (loggedIn) root.dataset.auth = 'in';
    else delete root.dataset.auth;
  });
  const offLevel = $membershipLevel.subscribe((level) => {
    if (level > 0) root.dataset.memberLevel = String(level);
    else delete root.dataset.memberLevel;
  });
  const offVerify = $needsVerification.subscribe((needed) => {
    if (needed) root.dataset.unverified = '';
    else delete root.dataset.unverified;
  });
  return () => {
    offAuth();
    offLevel();
    offVerify();
  };
}

/** Logs out, leaves a message for the next page, and goes home (spec §4). */
export async function logoutAndLeave(locale: Locale, message: string): Promise<void> {
  await logoutUser();
  flashToast(message, 'success');
  location.assign(localizedPath(locale, 'home'));
}

/** Whether the coupon modal is open (the account menu opens it; CouponModal shows it). */
export const $couponModalOpen = atom(false);

export function openCouponModal(): void {
  $couponModalOpen.set(true);
}

export function closeCouponModal(): void {
  $couponModalOpen.set(false);
}

/** What redeeming a code did. */
export type CouponOutcome =
  | { ok: true; type: CouponType; value: number }
  | { ok: false; reason: 'empty' }
  | { ok: false; reason: 'refused'; message: string };

/**
 * Redeems a promotion code (spec §7 POST /api/coupon/takeByCode). An empty
 * code never reaches the server (issue 11: "enter a code"); beans show in the
 * balance at once.
 */
export async function redeemCoupon(code: string): Promise<CouponOutcome> {
  const promotionCode = code.trim();
  if (!promotionCode) return { ok: false, reason: 'empty' };
  try {
    const result = await api<{ type: CouponType; value: number }>(endpoints.takeByCode, { method: 'POST', body: { promotionCode }, silent: true });
    if (result.type === 'beans') await fetchBalance().catch(() => undefined);
    return { ok: true, type: result.type, value: Number(result.value) };
  } catch (error) {
    return { ok: false, reason: 'refused', message: failureMessage(error) };
  }
}

/** The welcome coupon (spec §3): the discount, the beans, and how long it lasts. */
export interface WelcomeOffer {
  amount: number;
  beans: number;
  validDays: number;
}

/** The welcome offer to show now, if any (the welcome modal is open while this is set). */
export const $welcomeOffer = atom<WelcomeOffer | undefined>(undefined);

/** True when the welcome modal should show: a logged-in account younger than 7 days, never shown before (spec §4). */
export function shouldWelcome(createTime: string | undefined, flag: string | null | undefined, now = Date.now()): boolean {
  if (!createTime || flag) return false;
  return now - new Date(createTime).getTime() < rewards.welcomeWindowDays * 86_400_000;
}

/**
 * Spec §4 and COM-12/13: fetches the registration rights for a young account
 * that has not seen them, stores the welcome flag, and opens the modal.
 */
export async function checkWelcome(now = Date.now()): Promise<void> {
  const { isLoginUser, userInfo } = $user.get();
  if (!isLoginUser || !shouldWelcome(userInfo.createTime, $welcomeFlag.get(), now)) return;
  try {
    const rights = await api<WelcomeOffer>(endpoints.registrationRights, { silent: true });
    markWelcomed(now);
    // An account given nothing (an address that deleted its account before and joined again) sees no welcome.
    if (rights.beans > 0 || rights.amount > 0) $welcomeOffer.set(rights);
  } catch {
    // No offer to show: the page works without it, and the next page asks again.
  }
}

/** Closes the welcome modal. */
export function dismissWelcome(): void {
  $welcomeOffer.set(undefined);
}

/** Spec §4 (ACC-10): mails a verification link; answers the address and, for a known web-mail, its inbox. */
export async function requestVerification(): Promise<{ ok: true; email: string; openUrl: string | null } | { ok: false; message: string }> {
  try {
    const { email, openUrl } = await requestVerifyEmail();
    return { ok: true, email, openUrl };
  } catch (error) {
    return { ok: false, message: failureMessage(error) };
  }
}

/** Changes the password from the profile page; the new one must meet the shared rules first. */
export async function changeOwnPassword(oldPassword: string, newPassword: string): Promise<{ ok: true } | { ok: false; key: NonNullable<ReturnType<typeof checkPassword>> } | { ok: false; message: string }> {
  const weak = checkPassword(newPassword);
  if (weak) return { ok: false, key: weak };
  try {
    await changePassword(oldPassword, newPassword);
    return { ok: true };
  } catch (error) {
    return { ok: false, message: failureMessage(error) };
  }
}

/** Downloads everything the account holds as one JSON file (issue 30); false when it could not be prepared. */
export async function downloadOwnData(): Promise<boolean> {
  try {
    await downloadWithToken(`${apiBase()}${endpoints.exportData}`, 'application/json', 'inkwise-data.json');
    return true;
  } catch (error) {
    console.info('data export failed', error);
    return false;
  }
}

/**
 * Deletes the account for good (issue 30), with the password or, for an account without one, its e-mail address;
 * then signs out here and goes home, where `message` is shown. A refusal answers the server's translated words.
 */
export async function deleteOwnAccount(locale: Locale, proof: { password?: string; email?: string }, message: string): Promise<{ ok: false; message: string } | { ok: true }> {
  try {
    await closeAccount(proof);
  } catch (error) {
    return { ok: false, message: failureMessage(error) };
  }
  await logoutAndLeave(locale, message);
  return { ok: true };
}
