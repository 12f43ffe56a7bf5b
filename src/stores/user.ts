import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import type { LoginData, UserInfoData } from '../domain/endpoints/auth.ts';
import { hasBeenMemberBit, isPaidLevel } from '../domain/membership.ts';
import { MembershipLevel } from '../domain/plans.ts';
import { bindApi } from '../lib/api/instance.ts';
import { ApiError } from '../lib/api/client.ts';
import * as authApi from '../lib/api/auth.ts';
import { pageMessage } from '../lib/page-messages.ts';
import { showToast } from './toast.ts';
import { storedLoginEvent } from '../lib/stored-login.ts';
import { clearSessionEnded, markSessionEnded } from '../lib/session.ts';

/** User info of spec §3. */
export type UserInfo = Partial<UserInfoData['userInfo']>;

/** The user store of spec §3, persisted under local-storage key `user`, the same in every tab. */
export interface UserState {
  permissions: string[];
  accessToken: string;
  refreshToken: { token: string; expiresAt: number } | null;
  tokenType: string;
  loginDate: number;
  account: string;
  useChannelCode: string;
  userInfo: UserInfo;
  memberInfo: Partial<UserInfoData['memberInfo']>;
  modeType: Record<string, unknown>;
  isCache: boolean;
  userId: string;
  isLoginUser: boolean;
  loginModalVisible: boolean;
  balance?: number;
}

/** The state of a visitor: everything empty. */
export const emptyUser: UserState = {
  permissions: [],
  accessToken: '',
  refreshToken: null,
  tokenType: '',
  loginDate: 0,
  account: '',
  useChannelCode: '',
  userInfo: {},
  memberInfo: {},
  modeType: {},
  isCache: false,
  userId: '',
  isLoginUser: false,
  loginModalVisible: false,
  balance: undefined,
};

function decode(raw: string): UserState {
  try {
    const parsed = JSON.parse(raw) as Partial<UserState>;
    return parsed && typeof parsed === 'object' ? { ...emptyUser, ...parsed } : emptyUser;
  } catch {
    return emptyUser;
  }
}

export const $user = persistentAtom<UserState>('user', emptyUser, { encode: JSON.stringify, decode, listen: true });

// Islands that hydrate only for a stored login (client:stored-login) learn of a login in this tab.
let wasLoggedIn = $user.get().isLoginUser;
$user.listen((user) => {
  if (user.isLoginUser && !wasLoggedIn && typeof dispatchEvent === 'function') dispatchEvent(new Event(storedLoginEvent));
  wasLoggedIn = user.isLoginUser;
});

/** True once the user info has been fetched with a valid token. */
export const $isLoggedIn = computed($user, (u) => u.isLoginUser && Boolean(u.accessToken));
/** Spec §5: logged in and bit 4 of userInfo.order_status set. */
export const $hasBeenMember = computed($user, (u) => u.isLoginUser && Boolean(u.accessToken) && hasBeenMemberBit(u.userInfo.order_status));
/** Spec §5: the wallet balance, only when logged in. */
export const $balance = computed($user, (u) => (u.isLoginUser && u.accessToken ? u.balance : undefined));
export const $membershipLevel = computed($user, (u) => (u.isLoginUser ? (u.userInfo.membershipLevel ?? MembershipLevel.FREE) : MembershipLevel.UNKNOWN));
export const $isPaidMember = computed($membershipLevel, (level) => isPaidLevel(level));
/** Spec §3: userType '0' means the e-mail is not verified. */
export const $needsVerification = computed($user, (u) => u.isLoginUser && u.userInfo.userType === '0');

function patch(values: Partial<UserState>): void {
  $user.set({ ...$user.get(), ...values });
}

/** Forgets the user completely (spec §4 logout, §8 401). */
export function clearUser(): void {
  $user.set({ ...emptyUser });
}

/** Shows or hides the login modal (spec §4). */
export function setLoginModalVisible(visible: boolean): void {
  patch({ loginModalVisible: visible });
}

/** Keeps the tokens of a login or a refresh. */
export function applyTokens(data: LoginData): void {
  patch({
    accessToken: data.accessToken,
    tokenType: data.tokenType,
    refreshToken: data.refreshToken,
    loginDate: Date.now(),
    userId: data.userId,
  });
}

/** Fetches the user info; this is what marks the user logged in (spec §4). */
export async function fetchUserInfo(): Promise<void> {
  const data = await authApi.fetchUserInfoData();
  patch({
    userInfo: data.userInfo,
    memberInfo: data.memberInfo,
    permissions: data.permissions,
    userId: data.userId,
    account: data.account,
    isLoginUser: true,
  });
}

/** Fetches the bean balance (spec §3 wallet.balance). */
export async function fetchBalance(): Promise<void> {
  if (!$user.get().accessToken) return;
  const { wallet } = await authApi.fetchWallet();
  patch({ balance: wallet.balance });
}

/** Completes any login: keep the tokens, then fetch the user info and balance. */
export async function completeLogin(data: LoginData): Promise<void> {
  clearSessionEnded();
  applyTokens(data);
  await fetchUserInfo();
  await fetchBalance().catch(() => undefined);
}

/** Logs in with e-mail and password (spec §7 POST /login). */
export async function loginUser(email: string, password: string): Promise<void> {
  await completeLogin(await authApi.loginWithPassword(email, password));
}

/** Creates the account from a code and logs in (spec §7 POST /registerV2). */
export async function registerUser(input: { email: string; password: string; verifyCode: string; referCode?: string }): Promise<void> {
  await completeLogin(await authApi.registerAccount(input));
}

/** Logs out: tells the server, then clears all user state whatever it answered (spec §4). */
export async function logoutUser(): Promise<void> {
  const token = $user.get().refreshToken?.token;
  await authApi.logoutSession(token).catch(() => undefined);
  clearUser();
}

/** Seconds left on an access token, from its own expiry claim. */
export function tokenSecondsLeft(token: string, now = Date.now()): number {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return (payload.exp ?? 0) - now / 1000;
  } catch {
    return 0;
  }
}

let refreshing: Promise<void> | undefined;

/**
 * Refreshes the access token shortly before it expires. One refresh at a time
 * in this tab, and across tabs through a Web Lock: a second tab would present
 * a used refresh token, which the server treats as theft.
 */
export function ensureFreshToken(): Promise<void> {
  const { accessToken, refreshToken } = $user.get();
  if (!accessToken || !refreshToken || tokenSecondsLeft(accessToken) > 60) return Promise.resolve();
  refreshing ??= (async () => {
    const run = async () => {
      const current = $user.get();
      // Another tab may have refreshed while we waited for the lock.
      if (!current.refreshToken || tokenSecondsLeft(current.accessToken) > 60) return;
      try {
        applyTokens(await authApi.refreshTokens(current.refreshToken.token));
      } catch (error) {
        if (!(error instanceof ApiError) || error.code !== 2) clearUser();
      }
    };
    if (typeof navigator !== 'undefined' && navigator.locks) await navigator.locks.request('inkwise-token-refresh', run);
    else await run();
  })().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

bindApi({
  accessToken: () => $user.get().accessToken || undefined,
  onUnauthorized: () => {
    const wasLoggedIn = $user.get().isLoginUser;
    clearUser();
    if (wasLoggedIn) {
      showToast(pageMessage('auth.error.sessionExpired'), 'warning');
      markSessionEnded();
    }
  },
  toast: (message) => showToast(message, 'error'),
  // Read when needed, not when this module loads: it can load before the page's texts have arrived.
  texts: {
    get network() {
      return pageMessage('error.network');
    },
    http: (status) => pageMessage('error.http', { status }),
  },
  beforeRequest: ensureFreshToken,
  log: (message) => console.info(message),
});
