import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/lib/api/auth.ts', () => ({ changePassword: vi.fn(async () => null), requestVerifyEmail: vi.fn(), logoutSession: vi.fn() }));
const authApi = await import('../../../src/lib/api/auth.ts');
const { UserProfile } = await import('../../../src/islands/UserProfile/UserProfile.tsx');
const { islandMessages } = await import('../../../src/i18n/island-messages.ts');
const { $user, clearUser } = await import('../../../src/stores/user.ts');
const { loggedInUser } = await import('../helpers.ts');

const messages = islandMessages('en', ['profile.', 'membership.', 'auth.error.', 'auth.verified', 'auth.passwordHint']);
afterEach(() => clearUser());

describe('UserProfile', () => {
  it('shows the e-mail, its status, the membership and the day the account began', async () => {
    $user.set(loggedInUser({ userInfo: { email: 'sam@example.edu', userType: '0', membershipLevel: 2, createTime: '2026-01-02T10:00:00Z' } }));
    render(<UserProfile locale="en" messages={messages} />);
    expect(await screen.findByText('sam@example.edu')).toBeTruthy();
    expect(screen.getByText('Not verified')).toBeTruthy();
    expect(screen.getByText('Premium annual')).toBeTruthy();
    expect(screen.getByText(/^2026-01-0[12]$/)).toBeTruthy();
  });

  it('checks the new password with the shared rules, then changes it', async () => {
    $user.set(loggedInUser());
    render(<UserProfile locale="en" messages={messages} />);
    fireEvent.change(await screen.findByLabelText('Current password'), { target: { value: 'Study hard 2026' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'nodigits' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('Use at least one letter and one number in your password.');
    expect(authApi.changePassword).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Changed it 2027' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    });
    expect(authApi.changePassword).toHaveBeenCalledWith('Study hard 2026', 'Changed it 2027');
    expect(screen.getByRole('status').textContent).toBe('Your password has been changed.');
  });

  it('asks a Google-only account for no current password', async () => {
    $user.set(loggedInUser({ permissions: [] }));
    render(<UserProfile locale="en" messages={messages} />);
    await screen.findByText('sam@example.edu');
    expect(screen.queryByLabelText('Current password')).toBeNull();
  });
});
