import { expect, test } from '@playwright/test';
import { signUpFresh } from './mailbox.ts';


test.use({ viewport: { width: 1280, height: 900 } });

test('[COM-01] a WeChat plan goes to the sandbox checkout while WeChat Pay is not configured', async ({ page }) => {
  await signUpFresh(page, { tag: 'wechat' });
  await page.goto('/en/try-premium/wechat');
  await expect(page.locator('[data-checkout-ready]')).toBeAttached();
  await page.locator('[data-plan="basic"]').getByRole('link', { name: 'Pay with WeChat Pay' }).click();
  await expect(page).toHaveURL(/\/en\/checkout\/sandbox\?session=/);
  await page.getByRole('button', { name: 'Pay (test)' }).click();
  await expect(page).toHaveURL(/\/en\/user\/subscription\?orderNo=/);
  await expect(page.locator('[data-plan]')).toHaveText('Premium');
});

test('[COM-01] [COM-17] shows the WeChat Pay QR code with the amount, polls every 2 s, and ends like any checkout once paid', async ({ page }) => {
  await signUpFresh(page, { tag: 'wechat' });
  // The server's sandbox stands in for WeChat Pay's answers: the provider protocol is covered by tests/api/wechat.test.ts.
  let orderNo = '';
  await page.route('**/api/createPayment', async (route) => {
    orderNo = JSON.parse(route.request().postData() ?? '{}').orderNo;
    await route.fulfill({ json: { code: 0, data: { orderNo, status: 10, paid: false, codeUrl: 'weixin://wxpay/bizpayurl?pr=e2eTest', amountCents: 9800, currency: 'CNY', payUrl: `/en/try-premium/wechat?orderNo=${orderNo}` } } });
  });
  let checks = 0;
  await page.route('**/api/checkPaymentStatus', async (route) => {
    checks += 1;
    await route.fulfill({ json: { code: 0, data: { orderNo, status: checks < 2 ? 10 : 50 } } });
  });
  // What the page it ends on asks about the order, answered from the same stand-in provider.
  await page.route('**/api/order/outcome', async (route) => {
    await route.fulfill({ json: { code: 0, data: { orderNo, status: checks < 2 ? 10 : 50, productId: 15, lastPayment: checks < 2 ? 'open' : 'succeeded' } } });
  });
  await page.goto('/en/try-premium/wechat');
  await expect(page.locator('[data-checkout-ready]')).toBeAttached();
  await page.locator('[data-plan="pro"]').getByRole('link', { name: 'Pay with WeChat Pay' }).click();
  const screen = page.getByRole('dialog', { name: 'Scan to pay with WeChat' });
  await expect(screen).toBeVisible();
  await expect(screen.getByRole('img', { name: 'QR code for paying with WeChat Pay' }).locator('svg')).toBeVisible();
  await expect(screen.getByText('CN¥98.00')).toBeVisible();
  await expect(screen.getByRole('status')).toHaveText(/Waiting for your payment/);
  await expect(page).toHaveURL(/\/en\/user\/subscription\?orderNo=/, { timeout: 10_000 });
  expect(checks).toBe(2);
  await expect(page.getByText('Payment received. Thank you!')).toBeVisible();
});

test('closing the QR screen stops the polling', async ({ page }) => {
  await signUpFresh(page, { tag: 'wechat' });
  await page.route('**/api/createPayment', async (route) => {
    const { orderNo } = JSON.parse(route.request().postData() ?? '{}');
    await route.fulfill({ json: { code: 0, data: { orderNo, status: 10, paid: false, codeUrl: 'weixin://wxpay/bizpayurl?pr=e2eClose', amountCents: 9800, currency: 'CNY' } } });
  });
  let checks = 0;
  await page.route('**/api/checkPaymentStatus', async (route) => {
    checks += 1;
    await route.fulfill({ json: { code: 0, data: { orderNo: 'x', status: 10 } } });
  });
  await page.clock.install();
  await page.goto('/en/try-premium/wechat');
  await expect(page.locator('[data-checkout-ready]')).toBeAttached();
  await page.locator('[data-plan="basic"]').getByRole('link', { name: 'Pay with WeChat Pay' }).click();
  const screen = page.getByRole('dialog', { name: 'Scan to pay with WeChat' });
  await expect(screen).toBeVisible();
  await page.clock.runFor(4_100);
  await expect.poll(() => checks).toBe(2);
  await screen.getByRole('button', { name: 'Close' }).click();
  await expect(screen).toBeHidden();
  await page.clock.runFor(20_000);
  // One round trip to the page after the timers ran: any poll they started would have been routed by now.
  await page.evaluate(() => fetch('/api/health').then((r) => r.ok));
  expect(checks).toBe(2);
  await expect(page).toHaveURL(/\/en\/try-premium\/wechat$/);
});
