import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/lib/api/commerce.ts', () => ({ checkPaymentStatus: vi.fn(async () => ({ orderNo: 'IW9', status: 10 })), createPayment: vi.fn() }));
const { WeChatPay } = await import('../../../src/islands/WeChatPay/WeChatPay.tsx');
const { islandMessages } = await import('../../../src/i18n/island-messages.ts');
const { $wechatCheckout, showWeChatCheckout } = await import('../../../src/stores/wechat.ts');

describe('WeChatPay', () => {
  it('[COM-01] shows the code, the amount and the wait in a dialog; closing it stops the wait', async () => {
    render(<WeChatPay locale="en" lang="en" messages={islandMessages('en', ['checkout.'])} />);
    expect(screen.queryByRole('dialog', { name: 'Scan to pay with WeChat' })).toBeNull();
    await act(async () => {
      void showWeChatCheckout({ orderNo: 'IW9', codeUrl: 'weixin://wxpay/bizpayurl?pr=x', amountCents: 9800, currency: 'CNY' }, 'en');
    });
    const dialog = await screen.findByRole('dialog', { name: 'Scan to pay with WeChat' });
    expect(dialog.textContent).toContain('Order IW9');
    expect(dialog.textContent).toContain('CN¥98.00');
    const code = screen.getByRole('img', { name: 'QR code for paying with WeChat Pay' });
    await vi.waitFor(() => expect(code.querySelector('svg')).toBeTruthy());
    expect(screen.getByRole('status').textContent).toContain('Waiting for your payment');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect($wechatCheckout.get()).toBeUndefined();
  });
});
