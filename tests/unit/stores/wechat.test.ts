import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderStatus } from '../../../src/domain/orders.ts';

const { paymentPollMs, qrSvg, waitForPayment, weChatCheckoutOf } = await import('../../../src/stores/wechat.ts');

describe('WeChat Pay QR screen logic', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for the order status every 2 s until it is paid, and goes on after a failed check', async () => {
    const answers = [OrderStatus.PAYMENT_PENDING, 'error', OrderStatus.PAYMENT_PENDING, OrderStatus.DONE] as const;
    const check = vi.fn(async (orderNo: string) => {
      const next = answers[check.mock.calls.length - 1];
      if (next === 'error') throw new Error('offline');
      return { orderNo, status: next! };
    });
    const paid = waitForPayment('IW1', new AbortController().signal, paymentPollMs, check);
    await vi.advanceTimersByTimeAsync(paymentPollMs - 1);
    expect(check).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1 + 3 * paymentPollMs);
    await expect(paid).resolves.toBe(true);
    expect(check).toHaveBeenCalledTimes(4);
    expect(check).toHaveBeenCalledWith('IW1');
    await vi.advanceTimersByTimeAsync(10 * paymentPollMs);
    expect(check).toHaveBeenCalledTimes(4);
  });

  it('stops asking when the screen is closed', async () => {
    const check = vi.fn(async (orderNo: string) => ({ orderNo, status: OrderStatus.PAYMENT_PENDING as number }));
    const closing = new AbortController();
    const paid = waitForPayment('IW2', closing.signal, paymentPollMs, check);
    await vi.advanceTimersByTimeAsync(2 * paymentPollMs);
    closing.abort();
    await expect(paid).resolves.toBe(false);
    const asked = check.mock.calls.length;
    await vi.advanceTimersByTimeAsync(10 * paymentPollMs);
    expect(check.mock.calls.length).toBe(asked);
  });

  it('reads a WeChat checkout from a createPayment answer only when it carries a code and an amount', () => {
    expect(weChatCheckoutOf({ orderNo: 'IW3', status: 10, paid: false, payUrl: 'https://x.test/en/checkout/sandbox?session=1' })).toBeUndefined();
    expect(weChatCheckoutOf({ orderNo: 'IW3', status: 10, paid: false, codeUrl: 'weixin://wxpay/bizpayurl?pr=abc', amountCents: 9800, currency: 'CNY' })).toEqual({
      orderNo: 'IW3',
      codeUrl: 'weixin://wxpay/bizpayurl?pr=abc',
      amountCents: 9800,
      currency: 'CNY',
    });
  });

  it('draws the code as an SVG', async () => {
    vi.useRealTimers();
    const svg = await qrSvg('weixin://wxpay/bizpayurl?pr=abc');
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(svg).toContain('<path');
  });
});
