import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, describe, expect, it, vi } from 'vitest';

useTestStorageEngine();
vi.mock('../../../src/lib/api/instance.ts', () => ({ api: vi.fn(), bindApi: vi.fn() }));
const { api } = await import('../../../src/lib/api/instance.ts');
const account = await import('../../../src/stores/account.ts');
const { $user, emptyUser, clearUser } = await import('../../../src/stores/user.ts');
const { $welcomeFlag } = await import('../../../src/stores/welcome.ts');

afterEach(() => {
  clearUser();
  $welcomeFlag.set('');
  account.dismissWelcome();
  cleanTestStorage();
  vi.mocked(api).mockReset();
});

describe('welcome coupon modal', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('[COM-13] shows once to accounts created within the last 7 days', () => {
    expect(account.shouldWelcome('2026-11-20T12:00:00Z', null, now)).toBe(true);
    expect(account.shouldWelcome('2026-11-15T11:59:00Z', null, now)).toBe(false);
    expect(account.shouldWelcome('2026-11-20T12:00:00Z', String(now - 1000), now)).toBe(false);
    expect(account.shouldWelcome(undefined, null, now)).toBe(false);
  });

  it('[COM-12] [COM-13] fetches the registration rights once, stores the welcome flag, and opens the offer', async () => {
    $user.set({ ...emptyUser, isLoginUser: true, accessToken: 'a.b.c', userInfo: { createTime: new Date(now - 86_400_000).toISOString() } });
    vi.mocked(api).mockResolvedValueOnce({ amount: 20, beans: 100, validDays: 7 });
    await account.checkWelcome(now);
    expect(account.$welcomeOffer.get()).toEqual({ amount: 20, beans: 100, validDays: 7 });
    expect($welcomeFlag.get()).toBe(String(now));
    account.dismissWelcome();
    await account.checkWelcome(now);
    expect(api).toHaveBeenCalledTimes(1);
    expect(account.$welcomeOffer.get()).toBeUndefined();
  });
});

describe('coupons', () => {
  it('[COM-11] asks for a code before calling the API', async () => {
    expect(await account.redeemCoupon('   ')).toEqual({ ok: false, reason: 'empty' });
    expect(api).not.toHaveBeenCalled();
  });

  it('[COM-11] redeems a trimmed code and reads beans as a number', async () => {
    vi.mocked(api).mockResolvedValueOnce({ type: 'beans', value: '250' });
    expect(await account.redeemCoupon('  SPRING ')).toEqual({ ok: true, type: 'beans', value: 250 });
    expect(vi.mocked(api).mock.calls[0]![1]).toMatchObject({ method: 'POST', body: { promotionCode: 'SPRING' } });
  });

  it('opens and closes the modal through the store', () => {
    account.openCouponModal();
    expect(account.$couponModalOpen.get()).toBe(true);
    account.closeCouponModal();
    expect(account.$couponModalOpen.get()).toBe(false);
  });
});

describe('the account button', () => {
  it('shows the first letter of the e-mail, upper-cased', () => {
    $user.set({ ...emptyUser, isLoginUser: true, account: 'élodie@example.edu' });
    expect(account.$accountInitial.get()).toBe('É');
    expect(account.$accountEmail.get()).toBe('élodie@example.edu');
    clearUser();
    expect(account.$accountInitial.get()).toBe('');
  });
});
