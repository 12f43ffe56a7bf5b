import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

useTestStorageEngine();
const store = await import('../../../src/stores/user.ts');
const { $balance, $hasBeenMember, $isLoggedIn, $needsVerification, $user, clearUser, emptyUser, setLoginModalVisible, tokenSecondsLeft } = store;

beforeAll(() => clearUser());
afterEach(() => {
  clearUser();
  cleanTestStorage();
});

const loggedIn = (extra: Partial<typeof emptyUser> = {}) =>
  $user.set({ ...emptyUser, accessToken: 'a.b.c', isLoginUser: true, balance: 42, userInfo: { order_status: 0, userType: '1' }, ...extra });

describe('user store', () => {
  it('[ACC-05] persists exactly the spec fields under the local-storage key `user`', () => {
    loggedIn({ account: 'ana@example.edu' });
    const stored = JSON.parse(getTestStorage().user!);
    expect(Object.keys(stored).sort()).toEqual(
      ['permissions', 'accessToken', 'refreshToken', 'tokenType', 'loginDate', 'account', 'useChannelCode', 'userInfo', 'memberInfo', 'modeType', 'isCache', 'userId', 'isLoginUser', 'loginModalVisible', 'balance'].sort(),
    );
    expect(stored.account).toBe('ana@example.edu');
  });

  it('[ACC-08] keeps the login modal’s visible flag', () => {
    setLoginModalVisible(true);
    expect($user.get().loginModalVisible).toBe(true);
    setLoginModalVisible(false);
    expect($user.get().loginModalVisible).toBe(false);
  });

  it('[ACC-15] says hasBeenMember only when logged in and bit 4 of order_status is set', () => {
    loggedIn({ userInfo: { order_status: 0b10000 } });
    expect($hasBeenMember.get()).toBe(true);
    loggedIn({ userInfo: { order_status: 0b01111 } });
    expect($hasBeenMember.get()).toBe(false);
    $user.set({ ...emptyUser, userInfo: { order_status: 0b10000 } });
    expect($hasBeenMember.get()).toBe(false);
  });

  it('[ACC-16] exposes the wallet balance only when logged in', () => {
    loggedIn();
    expect($balance.get()).toBe(42);
    $user.set({ ...$user.get(), isLoginUser: false });
    expect($balance.get()).toBeUndefined();
  });

  it('[ACC-04] clears every field on logout', () => {
    loggedIn({ userId: 'u1', refreshToken: { token: 'r', expiresAt: 1 } });
    clearUser();
    expect($user.get()).toEqual(emptyUser);
    expect($isLoggedIn.get()).toBe(false);
  });

  it('[ACC-06] [ACC-10] flags an unverified user (userType 0) for the verification prompt', () => {
    loggedIn({ userInfo: { userType: '0' } });
    expect($needsVerification.get()).toBe(true);
    loggedIn({ userInfo: { userType: '1' } });
    expect($needsVerification.get()).toBe(false);
  });

  it('reads the seconds left on an access token from its exp claim', () => {
    const payload = btoa(JSON.stringify({ exp: 1_000 })).replace(/=+$/, '');
    expect(tokenSecondsLeft(`x.${payload}.y`, 900_000)).toBe(100);
    expect(tokenSecondsLeft('garbage')).toBe(0);
  });
});
