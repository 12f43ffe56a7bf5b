import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/lib/api/auth.ts', () => ({
  sendVerifyMail: vi.fn(async () => ({ resendAfter: 60 })),
  forgetPassword: vi.fn(async () => ({ sent: true })),
  resetPassword: vi.fn(async () => null),
  loginWithPassword: vi.fn(),
  registerAccount: vi.fn(),
  fetchUserInfoData: vi.fn(),
  fetchWallet: vi.fn(async () => ({ wallet: { balance: 100 } })),
  fetchAuthProviders: vi.fn(async () => ({ google: false })),
  googleAuthorizationUrl: vi.fn(),
  exchangeGoogleTicket: vi.fn(),
  logoutSession: vi.fn(),
  refreshTokens: vi.fn(),
}));
vi.mock('../../../src/lib/analytics.ts', () => ({ track: vi.fn() }));
const authApi = await import('../../../src/lib/api/auth.ts');
const { AuthForm } = await import('../../../src/islands/AuthForm/AuthForm.tsx');
const { islandMessages } = await import('../../../src/i18n/island-messages.ts');
const { clearUser, $user } = await import('../../../src/stores/user.ts');
const { ApiError } = await import('../../../src/lib/api/client.ts');
const { stubNavigation } = await import('../helpers.ts');

const messages = (locale: 'en' | 'fr' = 'en') => islandMessages(locale, ['auth.']);
const login = { accessToken: 'a.b.c', tokenType: 'Bearer', refreshToken: { token: 'r', expiresAt: 1 }, userId: 'u1' };
const info = { userInfo: { email: 'sam@example.edu', membershipLevel: 0, userType: '1' }, memberInfo: {}, permissions: ['password'], userId: 'u1', account: 'sam@example.edu' };

let assign: ReturnType<typeof stubNavigation>;
beforeEach(() => {
  assign = stubNavigation();
});
afterEach(() => {
  clearUser();
  vi.useRealTimers();
  assign.mockRestore();
});

const send = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};

describe('AuthForm', () => {
  it('[ACC-01] checks the address and password before sending, marks the field and says why, in French', async () => {
    render(<AuthForm locale="fr" mode="signup" messages={messages('fr')} />);
    fireEvent.change(screen.getByLabelText('Adresse e-mail'), { target: { value: 'pas-une-adresse' } });
    await send('Envoyer le code');
    expect(screen.getByRole('alert').textContent).toBe(messages('fr')['auth.error.emailInvalid']);
    expect(screen.getByLabelText('Adresse e-mail').getAttribute('aria-invalid')).toBe('true');
    expect(authApi.sendVerifyMail).not.toHaveBeenCalled();
  });

  it('[ACC-01] mails a code, says where, and counts down before another', async () => {
    vi.useFakeTimers();
    render(<AuthForm locale="en" mode="signup" messages={messages()} />);
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: ' sam@example.edu ' } });
    await send('Send code');
    expect(screen.getByRole('status').textContent).toBe('We sent a 6-digit code to sam@example.edu. It expires in 10 minutes.');
    const resend = screen.getByRole('button', { name: 'Resend in 60 s' });
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    for (let second = 0; second < 60; second++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
    }
    expect((screen.getByRole('button', { name: 'Send code' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('[ACC-03] [ACC-11] logs in and goes to the kept return path', async () => {
    vi.mocked(authApi.loginWithPassword).mockResolvedValueOnce(login);
    vi.mocked(authApi.fetchUserInfoData).mockResolvedValueOnce(info as never);
    sessionStorage.setItem('g_cb', '/en/history?page=2');
    render(<AuthForm locale="en" mode="login" messages={messages()} />);
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'sam@example.edu' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Study hard 2026' } });
    await send('Log in');
    expect($user.get().isLoginUser).toBe(true);
    expect(assign).toHaveBeenCalledWith('/en/history?page=2');
    expect(sessionStorage.getItem('g_cb')).toBeNull();
  });

  it('[ACC-03] shows the server’s message for wrong credentials and stays', async () => {
    vi.mocked(authApi.loginWithPassword).mockRejectedValueOnce(new ApiError('E-mail or password is incorrect.', 1));
    render(<AuthForm locale="en" mode="login" messages={messages()} />);
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'sam@example.edu' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong one 1' } });
    await send('Log in');
    expect(screen.getByRole('alert').textContent).toBe('E-mail or password is incorrect.');
    expect(assign).not.toHaveBeenCalled();
  });

  it('[ACC-13] resets the password and goes to login with a message for it', async () => {
    render(<AuthForm locale="en" mode="resetPassword" messages={messages()} />);
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'sam@example.edu' } });
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'short' } });
    await send('Reset password');
    expect(screen.getByRole('alert').textContent).toBe('Use 8 to 128 characters for your password.');
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'A brand new one 7' } });
    await send('Reset password');
    expect(authApi.resetPassword).toHaveBeenCalledWith({ email: 'sam@example.edu', verifyCode: '123456', password: 'A brand new one 7' });
    expect(assign).toHaveBeenCalledWith('/en/login');
    expect(sessionStorage.getItem('flash')).toContain('Your password has been changed.');
  });

  it('[COM-14] fills the referral code an invite landing kept', async () => {
    localStorage.setItem('inviteCode', 'FRIEND42');
    render(<AuthForm locale="en" mode="signup" messages={messages()} />);
    expect((screen.getByLabelText('Referral code (optional)') as HTMLInputElement).value).toBe('FRIEND42');
  });

  it('[ACC-02] shows Google sign-in only when the API offers it', async () => {
    vi.mocked(authApi.fetchAuthProviders).mockResolvedValueOnce({ google: true });
    render(<AuthForm locale="en" mode="login" messages={messages()} />);
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
  });
});
