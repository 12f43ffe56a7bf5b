import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/lib/api/instance.ts', () => ({ api: vi.fn(), bindApi: vi.fn() }));
const { api } = await import('../../../src/lib/api/instance.ts');
const { CouponModal } = await import('../../../src/islands/CouponModal/CouponModal.tsx');
const { islandMessages } = await import('../../../src/i18n/island-messages.ts');
const { $user, clearUser } = await import('../../../src/stores/user.ts');
const { $couponModalOpen, $welcomeOffer, openCouponModal } = await import('../../../src/stores/account.ts');
const { $welcomeFlag } = await import('../../../src/stores/welcome.ts');
const { ApiError } = await import('../../../src/lib/api/client.ts');
const { loggedInUser } = await import('../helpers.ts');

const messages = islandMessages('en', ['coupon.', 'welcome.']);

afterEach(() => {
  clearUser();
  $couponModalOpen.set(false);
  $welcomeOffer.set(undefined);
  $welcomeFlag.set('');
  vi.mocked(api).mockReset();
});

describe('CouponModal', () => {
  it('[COM-11] asks for a code when it is empty, without calling the API', async () => {
    $welcomeFlag.set('1');
    render(<CouponModal locale="en" siteName="Inkwise" messages={messages} />);
    act(() => openCouponModal());
    const dialog = screen.getByRole('dialog', { name: 'Redeem a coupon' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a coupon code.');
    expect(screen.getByLabelText('Coupon code').getAttribute('aria-invalid')).toBe('true');
    expect(api).not.toHaveBeenCalled();
    expect((dialog as HTMLDialogElement).open).toBe(true);
  });

  it('[COM-11] shows the server’s refusal, and the beans a good code added', async () => {
    $welcomeFlag.set('1');
    render(<CouponModal locale="en" siteName="Inkwise" messages={messages} />);
    act(() => openCouponModal());
    vi.mocked(api).mockRejectedValueOnce(new ApiError('This code does not exist. Check it and try again.', 1));
    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: 'nope' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    });
    expect((await screen.findByRole('alert')).textContent).toBe('This code does not exist. Check it and try again.');
    vi.mocked(api).mockResolvedValueOnce({ type: 'beans', value: 250 });
    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: 'SPRING' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    });
    expect((await screen.findByRole('status')).textContent).toBe('250 beans were added to your wallet.');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect($couponModalOpen.get()).toBe(false);
  });

  it('[COM-12] [COM-13] shows the welcome offer once to a new account', async () => {
    $user.set(loggedInUser({ userInfo: { createTime: new Date(Date.now() - 3600_000).toISOString() } }));
    vi.mocked(api).mockResolvedValueOnce({ amount: 20, beans: 100, validDays: 7 });
    render(<CouponModal locale="en" siteName="Inkwise" messages={messages} />);
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Inkwise!' });
    expect(dialog.textContent).toContain('Your account comes with 100 free beans to try every tool. You also get 20% off your first plan for 7 days.');
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/en/try-premium');
    expect(Number($welcomeFlag.get())).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Maybe later' }));
    expect(screen.queryByText(/100 free beans/)).toBeNull();
  });

  it('[COM-12] [SITE-19] names the beans and the days each in its own plural form: "1 free bean", "1 day"', async () => {
    $user.set(loggedInUser({ userInfo: { createTime: new Date(Date.now() - 3600_000).toISOString() } }));
    vi.mocked(api).mockResolvedValueOnce({ amount: 20, beans: 1, validDays: 1 });
    render(<CouponModal locale="en" siteName="Inkwise" messages={messages} />);
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Inkwise!' });
    expect(dialog.textContent).toContain('Your account comes with 1 free bean to try every tool. You also get 20% off your first plan for 1 day.');
  });

  it('[COM-12] [SITE-19] puts the Japanese welcome sentences together without a space', async () => {
    $user.set(loggedInUser({ userInfo: { createTime: new Date(Date.now() - 3600_000).toISOString() } }));
    vi.mocked(api).mockResolvedValueOnce({ amount: 20, beans: 100, validDays: 7 });
    render(<CouponModal locale="ja" siteName="Inkwise" messages={islandMessages('ja', ['coupon.', 'welcome.'])} />);
    const dialog = await screen.findByRole('dialog', { name: 'Inkwiseへようこそ！' });
    expect(dialog.textContent).toContain('お試しいただけます。さらに7日間は、最初のプランが20%オフになります。');
  });

  it('[COM-12] does not open (nor spend) the welcome offer on a page that moves on after logging in', async () => {
    $user.set(loggedInUser({ userInfo: { createTime: new Date(Date.now() - 3600_000).toISOString() } }));
    vi.mocked(api).mockResolvedValue({ amount: 20, beans: 100, validDays: 7 });
    render(<CouponModal locale="en" siteName="Inkwise" messages={messages} welcome={false} />);
    await act(async () => {});
    expect(screen.queryByRole('dialog', { name: 'Welcome to Inkwise!' })).toBeNull();
    expect(api).not.toHaveBeenCalled();
    expect($welcomeFlag.get()).toBe('');
  });
});
