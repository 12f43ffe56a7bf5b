import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/lib/api/auth.ts', () => ({ requestVerifyEmail: vi.fn(async () => ({ email: 'sam@gmail.com', openUrl: 'https://mail.google.com/' })) }));
const { VerifyPrompt } = await import('../../../src/islands/VerifyPrompt/VerifyPrompt.tsx');
const { islandMessages } = await import('../../../src/i18n/island-messages.ts');
const { $user, clearUser } = await import('../../../src/stores/user.ts');
const { loggedInUser } = await import('../helpers.ts');

afterEach(() => {
  clearUser();
  delete document.documentElement.dataset.unverified;
});

describe('VerifyPrompt', () => {
  it('[ACC-10] asks an unverified user to verify, mails the link, then offers the mailbox', async () => {
    $user.set(loggedInUser({ userInfo: { userType: '0', email: 'sam@gmail.com' } }));
    render(<VerifyPrompt messages={islandMessages('en', ['auth.verifyPrompt', 'auth.verifySend', 'auth.verifySent', 'auth.openMail'])} />);
    expect(document.documentElement.dataset.unverified).toBe('');
    expect(screen.getByText('Please verify your e-mail address to continue.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send verification link' }));
    });
    expect(await screen.findByText('We sent a verification link to sam@gmail.com.')).toBeTruthy();
    const open = screen.getByRole('link', { name: 'Open your mailbox' });
    expect(open.getAttribute('href')).toBe('https://mail.google.com/');
    expect(open.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('stays hidden (no data-unverified) for a verified user', () => {
    $user.set(loggedInUser());
    render(<VerifyPrompt messages={islandMessages('en', ['auth.verifyPrompt', 'auth.verifySend', 'auth.verifySent', 'auth.openMail'])} />);
    expect(document.documentElement.dataset.unverified).toBeUndefined();
  });
});
