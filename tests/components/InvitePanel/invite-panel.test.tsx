import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/lib/api/instance.ts', () => ({ api: vi.fn(), bindApi: vi.fn() }));
const { api } = await import('../../../src/lib/api/instance.ts');
const { InvitePanel } = await import('../../../src/islands/InvitePanel/InvitePanel.tsx');
const { islandMessages } = await import('../../../src/i18n/island-messages.ts');

describe('InvitePanel', () => {
  it('[COM-14] shows the link and the rewards, who joined, and copies the link', async () => {
    vi.mocked(api).mockImplementation(async (path: string) =>
      (path.endsWith('/invited')
        ? { list: [{ email: 'f***@example.edu', joinedAt: '2026-12-01T12:00:00Z', firstPaidAt: '2026-12-03T12:00:00Z', reward: 400 }] }
        : { inviteCode: 'ABCD2345', inviteLink: 'https://inkwise.test/invite/ABCD2345', signupReward: 100, paymentReward: 300, invitedBonus: 50, invitedCount: 1, earnedBeans: 1400 }) as never,
    );
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<InvitePanel lang="en" messages={islandMessages('en', ['referral.'])} />);
    expect(await screen.findByDisplayValue('https://inkwise.test/invite/ABCD2345')).toBeTruthy();
    expect(screen.getByText('Friends who sign up with your link get 50 extra beans. You get 100 beans when they join. When they first pay, you get 300 more beans.')).toBeTruthy();
    expect(screen.getByText('1,400')).toBeTruthy();
    expect(screen.getByText(/^f\*\*\*@example\.edu · Joined \d{4}-\d{2}-\d{2}$/)).toBeTruthy();
    expect(screen.getByText('Paid')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    });
    expect(writeText).toHaveBeenCalledWith('https://inkwise.test/invite/ABCD2345');
  });

  it('[COM-14] [SITE-19] names each reward in its own plural form (one number per sentence)', async () => {
    vi.mocked(api).mockImplementation(async (path: string) =>
      (path.endsWith('/invited')
        ? { list: [] }
        : { inviteCode: 'ABCD2345', inviteLink: 'https://inkwise.test/invite/ABCD2345', signupReward: 3, paymentReward: 5, invitedBonus: 1, invitedCount: 0, earnedBeans: 0 }) as never,
    );
    render(<InvitePanel lang="ru" messages={islandMessages('ru', ['referral.'])} />);
    expect(
      await screen.findByText(
        'Друзья, которые зарегистрируются по вашей ссылке, получат 1 дополнительное зерно. Вы получите 3 зерна, когда они зарегистрируются. После их первой оплаты вы получите ещё 5 зёрен.',
      ),
    ).toBeTruthy();
  });
});
