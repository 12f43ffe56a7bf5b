import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/lib/api/auth.ts', () => ({ logoutSession: vi.fn(async () => null), fetchUserInfoData: vi.fn(), fetchWallet: vi.fn() }));
const { AccountMenu } = await import('../../../src/islands/AccountMenu/AccountMenu.tsx');
const { islandMessages } = await import('../../../src/i18n/island-messages.ts');
const { $user, clearUser } = await import('../../../src/stores/user.ts');
const { $couponModalOpen } = await import('../../../src/stores/account.ts');
const { loggedInUser, stubNavigation } = await import('../helpers.ts');

const messages = islandMessages('en', ['account.', 'membership.', 'header.startFree', 'header.login', 'auth.loggedOut']);

afterEach(() => {
  clearUser();
  $couponModalOpen.set(false);
  delete document.documentElement.dataset.auth;
  delete document.documentElement.dataset.memberLevel;
});

describe('AccountMenu', () => {
  it('[SITE-12] offers a visitor Start for free and Log in', () => {
    render(<AccountMenu locale="en" variant="desktop" lang="en" messages={messages} />);
    expect(screen.getByRole('link', { name: 'Start for free' }).getAttribute('href')).toBe('/en/signup');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/en/login');
    expect(document.documentElement.dataset.auth).toBeUndefined();
  });

  it('[SITE-11] shows a logged-in user their initial, e-mail, balance and menu, and marks the page logged in', async () => {
    $user.set(loggedInUser());
    render(<AccountMenu locale="en" variant="desktop" lang="en" messages={messages} />);
    const button = await screen.findByRole('button', { name: 'Account menu sam@example.edu' });
    expect(within(button).getByText('S')).toBeTruthy();
    expect(document.documentElement.dataset.auth).toBe('in');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = document.getElementById('account-menu')!;
    expect(menu.hidden).toBe(false);
    expect(within(menu).getByText('1,250 beans')).toBeTruthy();
    for (const [name, href] of [['Profile', '/en/user/profile'], ['Subscription', '/en/user/subscription'], ['Refer and earn', '/en/user/invite']]) {
      expect(within(menu).getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens the coupon modal from the menu and gives focus back to the account button', async () => {
    $user.set(loggedInUser());
    render(<AccountMenu locale="en" variant="desktop" lang="en" messages={messages} />);
    const button = await screen.findByRole('button', { name: /Account menu/ });
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('button', { name: 'Redeem a coupon' }));
    expect($couponModalOpen.get()).toBe(true);
    expect(document.activeElement).toBe(button);
  });

  it('[SITE-11] shows a paid member their badge instead of Try Premium', async () => {
    $user.set(loggedInUser({ userInfo: { membershipLevel: 3, email: 'sam@example.edu' } }));
    render(<AccountMenu locale="en" variant="desktop" lang="en" messages={messages} />);
    await screen.findByRole('button', { name: /Account menu/ });
    expect(document.documentElement.dataset.memberLevel).toBe('3');
    const badge = screen.getByRole('link', { name: 'Pro' });
    expect(badge.getAttribute('href')).toBe('/en/user/subscription');
    expect(badge.className).toContain('member-paid');
  });

  it('[ACC-04] logs out from the mobile menu: clears the user and goes home with a message', async () => {
    const assign = stubNavigation();
    $user.set(loggedInUser());
    render(<AccountMenu locale="fr" variant="mobile" lang="fr" messages={islandMessages('fr', ['account.', 'membership.', 'header.startFree', 'header.login', 'auth.loggedOut'])} />);
    await screen.findByText('sam@example.edu');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    });
    expect($user.get().isLoginUser).toBe(false);
    expect(assign).toHaveBeenCalledWith('/fr');
    expect(sessionStorage.getItem('flash')).toContain('"kind":"success"');
  });
});
