import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/lib/api/commerce.ts', () => ({
  listToolOrders: vi.fn(),
  cancelOrder: vi.fn(async () => ({ orderNo: 'IW1', status: 100 })),
  deleteOrder: vi.fn(async () => null),
  createPayment: vi.fn(),
  createOrder: vi.fn(),
  fetchCurrentPlan: vi.fn(),
  listSubscriptionOrders: vi.fn(),
  fetchWalletProducts: vi.fn(),
  cancelRenewal: vi.fn(),
  fetchValidCoupons: vi.fn(),
  checkPaymentStatus: vi.fn(),
}));
const commerceApi = await import('../../../src/lib/api/commerce.ts');
const { OrdersPanel } = await import('../../../src/islands/OrdersPanel/OrdersPanel.tsx');
const { islandMessages } = await import('../../../src/i18n/island-messages.ts');
const { $ordersFilter, moneyOrders } = await import('../../../src/stores/commerce.ts');

const messages = islandMessages('en', ['orders.', 'subscription.pay', 'subscription.cancelOrder', 'subscription.deleteOrder', 'product.', 'history.tool.']);
const order = (n: number, status: number, productId = 3) => ({ orderNo: `IW${n}`, productId, orderType: 2, status, amountCents: 3000, currency: 'USD', createTime: '2026-12-01T12:00:00Z' });

afterEach(() => {
  $ordersFilter.set('');
  void moneyOrders.setSize(10);
});

describe('OrdersPanel', () => {
  it('[COM-09] [COM-10] names each order’s product, its status and time; offers what its status allows', async () => {
    vi.mocked(commerceApi.listToolOrders).mockResolvedValue({ list: [order(1, 10), order(2, 50, 101), order(3, 100)], total: 3 });
    render(<OrdersPanel locale="en" lang="en" messages={messages} />);
    const list = await screen.findByRole('list', { name: 'Your orders' });
    const [unpaid, done, cancelled] = within(list).getAllByRole('listitem');
    expect(unpaid!.textContent).toContain('Pro (monthly) · $30.00');
    expect(unpaid!.textContent).toMatch(/Awaiting payment · \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} · IW1/);
    expect(within(unpaid!).getByRole('button', { name: 'Pay' })).toBeTruthy();
    expect(within(done!).queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(done!.textContent).toContain('500 beans');
    expect(within(cancelled!).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
  });

  it('[COM-10] asks before deleting an order: "Keep it" deletes nothing, "Delete" deletes it (issue 30)', async () => {
    vi.mocked(commerceApi.listToolOrders).mockResolvedValue({ list: [order(7, 50, 101)], total: 1 });
    render(<OrdersPanel locale="en" lang="en" messages={messages} />);
    const list = await screen.findByRole('list', { name: 'Your orders' });
    fireEvent.click(within(list).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this order?' });
    expect(dialog.textContent).toContain('What was paid and the beans already moved stay as they are.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(commerceApi.deleteOrder).not.toHaveBeenCalled();
    fireEvent.click(within(list).getByRole('button', { name: 'Delete' }));
    const again = await screen.findByRole('dialog', { name: 'Delete this order?' });
    await act(async () => {
      fireEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    });
    expect(commerceApi.deleteOrder).toHaveBeenCalledWith('IW7');
  });

  it('[COM-10] [COM-16] filters the unpaid ones (status 10), pages, and asks before cancelling', async () => {
    vi.mocked(commerceApi.listToolOrders).mockResolvedValue({ list: [order(1, 10)], total: 25 });
    render(<OrdersPanel locale="en" lang="en" messages={messages} />);
    await screen.findByText('Page 1 of 3');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Show'), { target: { value: '10' } });
    });
    expect(vi.mocked(commerceApi.listToolOrders).mock.lastCall).toEqual(['0,1,2,3,4,14,15', 10, 1, 10]);
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Per page'), { target: { value: '20' } });
    });
    expect(await screen.findByText('Page 1 of 2')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    });
    expect(vi.mocked(commerceApi.listToolOrders).mock.lastCall).toEqual(['0,1,2,3,4,14,15', 10, 2, 20]);
    fireEvent.click(screen.getAllByRole('button', { name: 'Cancel order' })[0]!);
    const confirm = screen.getByRole('dialog', { name: 'Cancel this order?' });
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel order' }));
    });
    expect(commerceApi.cancelOrder).toHaveBeenCalledWith('IW1');
  });
});
