import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/lib/api/commerce.ts', () => ({
  fetchCurrentPlan: vi.fn(),
  listSubscriptionOrders: vi.fn(),
  listToolOrders: vi.fn(),
  fetchWalletProducts: vi.fn(),
  cancelRenewal: vi.fn(),
  cancelOrder: vi.fn(async () => ({ orderNo: 'IW2', status: 100 })),
  createOrder: vi.fn(),
  createPayment: vi.fn(),
  deleteOrder: vi.fn(),
  fetchValidCoupons: vi.fn(),
  checkPaymentStatus: vi.fn(),
}));
vi.mock('../../../src/lib/api/instance.ts', () => ({ api: vi.fn(), bindApi: vi.fn() }));
const commerceApi = await import('../../../src/lib/api/commerce.ts');
const { api } = await import('../../../src/lib/api/instance.ts');
const { SubscriptionPanel } = await import('../../../src/islands/SubscriptionPanel/SubscriptionPanel.tsx');
const { islandMessages } = await import('../../../src/i18n/island-messages.ts');
const { $checkoutOutcome } = await import('../../../src/stores/commerce.ts');

const messages = islandMessages('en', ['subscription.', 'membership.', 'checkout.', 'orders.', 'product.', 'wallet.', 'history.tool.']);
const plan = { productId: 3, level: 3, status: 1, currentPeriodEnd: '2027-01-15T12:00:00Z', renews: true };
const pending = { orderNo: 'IW2', productId: 101, orderType: 4, status: 10, amountCents: 499, currency: 'USD', createTime: '2026-12-01T12:00:00Z' };
const ledgerPage = {
  list: [
    { id: 'l2', amount: -2, balanceAfter: 598, reason: 'order_payment', ref: 'IW9', productId: 8, createTime: '2026-12-02T12:00:00Z' },
    { id: 'l1', amount: 500, balanceAfter: 600, reason: 'bean_purchase', ref: 'IW1', productId: 101, createTime: '2026-12-01T12:00:00Z' },
  ],
  total: 2,
};

function answer({ outcome }: { outcome?: object } = {}) {
  vi.mocked(commerceApi.fetchCurrentPlan).mockResolvedValue(plan);
  vi.mocked(commerceApi.listSubscriptionOrders).mockResolvedValue({ list: [], total: 0 });
  vi.mocked(commerceApi.listToolOrders).mockResolvedValue({ list: [pending], total: 1 });
  vi.mocked(commerceApi.fetchWalletProducts).mockResolvedValue([{ productId: 101, beans: 500, prices: { USD: 499 } }]);
  vi.mocked(api).mockImplementation(async (path: string) => (path.includes('ledger') ? ledgerPage : outcome) as never);
}

afterEach(() => {
  vi.mocked(api).mockReset();
  $checkoutOutcome.set(undefined);
  history.replaceState(null, '', '/');
});

describe('SubscriptionPanel', () => {
  it('[COM-04] shows the plan with its renewal date in the one date format, bean packs, unpaid orders named by product, and the bean history', async () => {
    answer();
    render(<SubscriptionPanel locale="en" lang="en" messages={messages} />);
    expect(await screen.findByText('Pro')).toBeTruthy();
    expect(screen.getByText(/^Renews on \d{4}-\d{2}-\d{2}$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Buy 500 beans for $4.99' })).toBeTruthy();
    expect(screen.getByText(/^500 beans · \$4\.99 · \d{4}-\d{2}-\d{2}$/)).toBeTruthy();
    const ledger = screen.getByRole('region', { name: 'Bean history' });
    const rows = within(ledger).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('Tool run · AI detection');
    expect(rows[1]!.textContent).toContain('−2');
    // Dates isolated left to right (U+2066 … U+2069): in an Arabic cell "2026-12-02 13:00:00" is drawn time first.
    expect(within(rows[1]!).getAllByRole('cell')[0]!.textContent).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rows[2]!.textContent).toContain('Bean pack · 500 beans');
    expect(rows[2]!.textContent).toContain('+500');
  });

  it('[COM-04] asks before cancelling the renewal; keeping the plan changes nothing', async () => {
    answer();
    vi.mocked(commerceApi.cancelRenewal).mockResolvedValueOnce({ ...plan, renews: false });
    render(<SubscriptionPanel locale="en" lang="en" messages={messages} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel renewal' }));
    const confirm = screen.getByRole('dialog', { name: 'Cancel the renewal?' });
    expect(confirm.textContent).toMatch(/Pro stays until \d{4}-\d{2}-\d{2}, then your account returns to the free plan/);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep my plan' }));
    expect(commerceApi.cancelRenewal).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel renewal' }));
    await act(async () => {
      fireEvent.click(within(screen.getByRole('dialog', { name: 'Cancel the renewal?' })).getByRole('button', { name: 'Cancel renewal' }));
    });
    expect(commerceApi.cancelRenewal).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/^Ends on /)).toBeTruthy();
  });

  it('[COM-10] asks before cancelling an unpaid order, naming it and its price', async () => {
    answer();
    render(<SubscriptionPanel locale="en" lang="en" messages={messages} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const confirm = screen.getByRole('dialog', { name: 'Cancel this order?' });
    expect(confirm.textContent).toContain('500 beans for $4.99 will not be charged.');
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel order' }));
    });
    expect(commerceApi.cancelOrder).toHaveBeenCalledWith('IW2');
  });

  it('says what the checkout the page came back from ended in, and names the product', async () => {
    history.replaceState(null, '', '/en/user/subscription?orderNo=IW5');
    answer({ outcome: { orderNo: 'IW5', status: 10, productId: 2, lastPayment: 'abandoned' } });
    render(<SubscriptionPanel locale="en" lang="en" messages={messages} />);
    const notice = await screen.findByText('You cancelled the payment. Nothing was charged.');
    expect(notice.closest('[role="status"]')!.textContent).toContain('Premium (annual) · order IW5');
  });
});
