import { vi } from 'vitest';
import { emptyUser, type UserState } from '../../src/stores/user.ts';

/** A logged-in user for the stores, as the site keeps it after a login. */
export function loggedInUser(extra: Partial<UserState> = {}): UserState {
  return {
    ...emptyUser,
    accessToken: 'a.b.c',
    isLoginUser: true,
    account: 'sam@example.edu',
    balance: 1250,
    userInfo: { email: 'sam@example.edu', membershipLevel: 0, userType: '1', createTime: '2026-01-02T10:00:00Z', order_status: 0 },
    permissions: ['password'],
    ...extra,
  };
}

/** Replaces location.assign (happy-dom would try to navigate) and answers the spy. */
export function stubNavigation() {
  return vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
}
