import { expect, test } from '@playwright/test';
import { signUpFresh } from './mailbox.ts';


test.use({ viewport: { width: 1280, height: 900 } });

test('[COM-01] [COM-07] [COM-17] buys Pro monthly with the welcome discount through the sandbox checkout and gets the badge and the new word limit', async ({ page }) => {
  await signUpFresh(page, { tag: 'buyer' });
  const view = page.waitForRequest((r) => r.url().endsWith('/api/analytics/event') && (r.postData() ?? '').includes('beanChargeView'));
  await page.goto('/en/try-premium');
  await view;
  await page.getByText('Monthly', { exact: true }).click();
  await page.getByText('CAD', { exact: true }).click();
  // The welcome coupon of a new account takes 20% off at checkout (docs/decisions/0013).
  await expect(page.getByText('Your coupon WELCOME takes 20% off the first payment at checkout.')).toBeVisible();
  await page.getByRole('link', { name: 'Choose Pro' }).click();
  await expect(page).toHaveURL(/\/en\/checkout\/sandbox\?session=/);
  await expect(page.getByText('Test mode: no real money is charged.')).toBeVisible();
  await expect(page.getByText('CA$33.60')).toBeVisible();
  await page.getByRole('button', { name: 'Pay (test)' }).click();
  await expect(page).toHaveURL(/\/en\/user\/subscription\?orderNo=/);
  await expect(page.getByText('Payment received. Thank you!')).toBeVisible();
  await expect(page.locator('[data-plan]')).toHaveText('Pro');
  await expect(page.locator('[data-period]')).toHaveText(/^Renews on /);
  await expect(page.locator('account-area[data-variant="desktop"] [data-badge]')).toHaveText('Pro');
  await expect(page.getByRole('link', { name: 'Try Premium' })).toBeHidden();
  await page.goto('/en/user/profile');
  await expect(page.locator('user-profile').getByText('Pro', { exact: true })).toBeVisible();
  const limit = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).memberInfo.wordLimit);
  expect(limit).toBe(3500);
  // Cancelling renewal keeps the plan until the period ends.
  await page.goto('/en/user/subscription');
  await page.getByRole('button', { name: 'Cancel renewal' }).click();
  await expect(page.locator('[data-period]')).toHaveText(/^Ends on /);
});

test('[COM-06] buys a bean pack and sees the balance; a declined checkout leaves an unpaid order to cancel', async ({ page }) => {
  await signUpFresh(page, { tag: 'buyer' });
  await page.goto('/en/user/subscription');
  await page.getByRole('button', { name: /Buy 500 beans for \$4\.99/ }).click();
  await page.getByRole('button', { name: 'Decline (test)' }).click();
  await expect(page).toHaveURL(/\/en\/user\/subscription\?orderNo=/);
  await expect(page.getByText('The payment was declined. Nothing was charged; you can try again.')).toBeVisible();
  const pending = page.locator('[data-pending] li');
  await expect(pending).toHaveCount(1);
  await pending.getByRole('button', { name: 'Pay' }).click();
  await page.getByRole('button', { name: 'Pay (test)' }).click();
  await expect(page).toHaveURL(/\/en\/user\/subscription\?orderNo=/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.locator('#account-menu').getByText('600 beans')).toBeVisible();
  await expect(page.locator('[data-pending] li')).toHaveCount(0);
  // An abandoned order can be cancelled from the list.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /Buy 1,200 beans/ }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('[data-pending] li')).toHaveCount(1);
  await page.locator('[data-pending] li').getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.locator('[data-pending] li')).toHaveCount(0);
});

test('[COM-10] [COM-16] pages through orders, filters the unpaid ones, cancels and deletes', async ({ page }) => {
  await signUpFresh(page, { tag: 'buyer' });
  await page.waitForLoadState('networkidle');
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).accessToken as string);
  const headers = { authorization: `Bearer ${token}` };
  const orderNos: string[] = [];
  for (let i = 0; i < 12; i++) {
    const res = await (await page.request.post('/api/createOrder', { headers, data: { productId: 101, currency: 'USD' } })).json();
    orderNos.push(res.data.orderNo);
  }
  for (const orderNo of orderNos.slice(0, 3)) await page.request.post('/api/createPayment', { headers, data: { orderNo } });

  await page.goto('/en/user/subscription/orders');
  const rows = page.locator('orders-panel [data-list] li');
  await expect(rows).toHaveCount(10);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(rows).toHaveCount(2);
  await page.getByLabel('Per page').selectOption('20');
  await expect(rows).toHaveCount(12);
  await page.getByLabel('Show').selectOption('10');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('Awaiting payment');

  const target = rows.filter({ hasText: orderNos[0]! });
  await target.getByRole('button', { name: 'Cancel order' }).click();
  await expect(rows).toHaveCount(2);
  await page.getByLabel('Show').selectOption('');
  const cancelled = rows.filter({ hasText: orderNos[0]! });
  await expect(cancelled).toContainText('Cancelled');
  await cancelled.getByRole('button', { name: 'Delete' }).click();
  await expect(rows).toHaveCount(11);
  await expect(rows.filter({ hasText: orderNos[0]! })).toHaveCount(0);
});

test('[COM-14] the refer-and-earn page shows the link and the rewards', async ({ page }) => {
  await signUpFresh(page, { tag: 'buyer' });
  await page.goto('/en/user/invite');
  await expect(page.getByLabel('Your invitation link')).toHaveValue(/\/invite\/[A-Z2-9]{8}$/);
  await expect(page.getByText('Friends who sign up with your link get 50 extra beans. You get 100 beans when they join and 300 more when they first pay.')).toBeVisible();
  await expect(page.getByText('No one has joined through your link yet.')).toBeVisible();
});

test('[COM-15] [COM-16] pages through the essay history, opens a result link and deletes an entry', async ({ page }) => {
  await signUpFresh(page, { tag: 'buyer' });
  await page.waitForLoadState('networkidle');
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).accessToken as string);
  const headers = { authorization: `Bearer ${token}` };
  for (let i = 0; i < 12; i++) {
    const order = await (await page.request.post('/api/createOrder', { headers, data: { productId: 8, content: `Essay ${i} on sleep and memory` } })).json();
    await page.request.post('/api/createPayment', { headers, data: { orderNo: order.data.orderNo } });
  }
  await page.goto('/en/history');
  const rows = page.locator('history-panel [data-list] li');
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText(/AI detection · 6 words · \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await expect(rows.first().getByRole('link', { name: 'Open result' })).toHaveAttribute('href', /^\/en\/ai-detector\?orderNo=IW/);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(rows).toHaveCount(2);
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await rows.first().getByRole('button', { name: 'Delete' }).click();
  await expect(rows).toHaveCount(1);
  await page.getByLabel('Per page').selectOption('50');
  await expect(rows).toHaveCount(11);
});
