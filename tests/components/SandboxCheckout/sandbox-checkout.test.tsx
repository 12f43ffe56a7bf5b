import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/lib/api/commerce.ts', () => ({
  fetchCheckoutSession: vi.fn(async () => ({ id: 's1', orderNo: 'IW3', productId: 3, amountCents: 3360, listAmountCents: 4200, currency: 'CAD', status: 'open', coupon: { code: 'WELCOME', percent: 20 } })),
  completeSandbox: vi.fn(async () => ({ orderNo: 'IW3', status: 50 })),
  checkPaymentStatus: vi.fn(),
  createPayment: vi.fn(),
}));
vi.mock('../../../src/lib/analytics.ts', () => ({ track: vi.fn() }));
const commerceApi = await import('../../../src/lib/api/commerce.ts');
const { track } = await import('../../../src/lib/analytics.ts');
const { SandboxCheckout } = await import('../../../src/islands/SandboxCheckout/SandboxCheckout.tsx');
const { islandMessages } = await import('../../../src/i18n/island-messages.ts');
const { stubNavigation } = await import('../helpers.ts');

describe('SandboxCheckout', () => {
  it('[COM-17] names the product, the list price, the coupon and the amount, and ends on the subscription page', async () => {
    history.replaceState(null, '', '/en/checkout/sandbox?session=s1');
    const assign = stubNavigation();
    render(<SandboxCheckout locale="en" lang="en" messages={islandMessages('en', ['checkout.', 'product.', 'history.tool.'])} />);
    expect(await screen.findByText('Pro (monthly)')).toBeTruthy();
    expect(screen.getByText('CA$42.00')).toBeTruthy();
    expect(screen.getByText('Coupon WELCOME (−20%)')).toBeTruthy();
    expect(screen.getByText('−CA$8.40')).toBeTruthy();
    expect(screen.getByText('CA$33.60')).toBeTruthy();
    expect(commerceApi.fetchCheckoutSession).toHaveBeenCalledWith('s1');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Pay (test)' }));
    });
    expect(commerceApi.completeSandbox).toHaveBeenCalledWith('s1', 'succeeded');
    expect(track).toHaveBeenCalledWith('beanChargeSuccess', { props: { orderNo: 'IW3', outcome: 'succeeded' } });
    expect(assign).toHaveBeenCalledWith('/en/user/subscription?orderNo=IW3');
    assign.mockRestore();
  });
});
