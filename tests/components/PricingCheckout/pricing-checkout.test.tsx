import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/lib/api/commerce.ts', () => ({
  fetchValidCoupons: vi.fn(async () => ({ userCoupons: [{ id: 'c1', code: 'WELCOME', type: 'coupon', value: 20, expiresAt: null, orderNo: null }] })),
  createOrder: vi.fn(async () => ({ orderNo: 'IW7', status: 0 })),
  createPayment: vi.fn(),
  cancelOrder: vi.fn(async () => ({ orderNo: 'IW6', status: 100 })),
  checkPaymentStatus: vi.fn(),
  fetchCurrentPlan: vi.fn(),
  listSubscriptionOrders: vi.fn(),
  listToolOrders: vi.fn(),
  fetchWalletProducts: vi.fn(),
  cancelRenewal: vi.fn(),
  deleteOrder: vi.fn(),
}));
vi.mock('../../../src/lib/analytics.ts', () => ({ track: vi.fn() }));
const commerceApi = await import('../../../src/lib/api/commerce.ts');
const { PricingCheckout } = await import('../../../src/islands/PricingCheckout/PricingCheckout.tsx');
const { islandMessages } = await import('../../../src/i18n/island-messages.ts');
const { ApiError } = await import('../../../src/lib/api/client.ts');
const { $wechatCheckout, closeWeChatCheckout } = await import('../../../src/stores/wechat.ts');
const { stubNavigation } = await import('../helpers.ts');

const messages = islandMessages('en', ['pricing.couponApplied', 'pricing.continueCheckout', 'pricing.replaceCheckout']);

/** A stand-in for PricingTable.astro's static markup: the radios and a plan link. */
function Table({ channel = 'card' }: { channel?: 'card' | 'wechat' }) {
  return (
    <div>
      <input type="radio" name="billing" value="monthly" defaultChecked aria-label="Monthly" />
      <input type="radio" name="billing" value="annual" aria-label="Annual" />
      <input type="radio" name="currency" value="CAD" defaultChecked aria-label="CAD" />
      <a href="/en/signup?cb=%2Fen%2Ftry-premium" data-buy-tier="pro" data-channel={channel}>
        Choose Pro
      </a>
    </div>
  );
}

let assign: ReturnType<typeof stubNavigation>;
beforeEach(() => {
  assign = stubNavigation();
});
afterEach(() => {
  assign.mockRestore();
  closeWeChatCheckout();
});

describe('PricingCheckout', () => {
  it('[COM-07] [COM-08] names the coupon, then a plan link orders with it in the chosen billing and currency and goes to the checkout', async () => {
    vi.mocked(commerceApi.createPayment).mockResolvedValueOnce({ orderNo: 'IW7', status: 10, paid: false, payUrl: '/en/checkout/sandbox?session=s1' });
    render(
      <PricingCheckout locale="en" messages={messages}>
        <Table />
      </PricingCheckout>,
    );
    expect(await screen.findByText('Your coupon WELCOME takes 20% off the first payment at checkout.')).toBeTruthy();
    expect(document.querySelector('[data-checkout-ready]')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Choose Pro' }));
    });
    expect(commerceApi.createOrder).toHaveBeenCalledWith(3, 'CAD', ['c1']);
    expect(assign).toHaveBeenCalledWith('/en/checkout/sandbox?session=s1');
  });

  it('[COM-08] offers to continue or to cancel a checkout still open for another plan, in place', async () => {
    vi.mocked(commerceApi.createOrder)
      .mockRejectedValueOnce(new ApiError('Your checkout for another plan is still open. Continue it, or cancel it to buy this one instead.', 1, { code: 1, data: { orderNo: 'IW6', productId: 1 } }))
      .mockResolvedValueOnce({ orderNo: 'IW8', status: 0 });
    vi.mocked(commerceApi.createPayment).mockResolvedValueOnce({ orderNo: 'IW8', status: 10, paid: false, payUrl: 'https://checkout.stripe.test/c/IW8' });
    render(
      <PricingCheckout locale="en" messages={messages}>
        <Table />
      </PricingCheckout>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Choose Pro' }));
    });
    expect(screen.getByRole('alert').textContent).toContain('still open');
    expect(screen.getByRole('button', { name: 'Continue that checkout' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel it and buy this plan' }));
    });
    expect(commerceApi.cancelOrder).toHaveBeenCalledWith('IW6');
    expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/IW8');
  });

  it('[COM-01] shows a WeChat Pay code on the page instead of leaving it', async () => {
    vi.mocked(commerceApi.createPayment).mockResolvedValueOnce({ orderNo: 'IW9', status: 10, paid: false, codeUrl: 'weixin://wxpay/bizpayurl?pr=x', amountCents: 9800, currency: 'CNY' });
    vi.mocked(commerceApi.checkPaymentStatus).mockResolvedValue({ orderNo: 'IW9', status: 10 });
    render(
      <PricingCheckout locale="en" messages={messages}>
        <Table channel="wechat" />
      </PricingCheckout>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Choose Pro' }));
    });
    expect($wechatCheckout.get()).toEqual({ orderNo: 'IW9', codeUrl: 'weixin://wxpay/bizpayurl?pr=x', amountCents: 9800, currency: 'CNY' });
    expect(assign).not.toHaveBeenCalled();
  });
});
