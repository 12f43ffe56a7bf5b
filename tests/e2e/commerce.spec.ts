import { expect, test, type Locator } from '@playwright/test';
import { translate } from '../../src/i18n/translate.ts';
import { signUpFresh } from './mailbox.ts';


test.use({ viewport: { width: 1280, height: 900 } });

test('[COM-01] [COM-07] [COM-17] buys Pro monthly with the welcome discount through the sandbox checkout and gets the badge and the new word limit', async ({ page }) => {
  // Two checkouts and a dozen pages: longer than one default test on a busy 2-core machine.
  test.setTimeout(60_000);
  await signUpFresh(page, { tag: 'buyer' });
  const view = page.waitForRequest((r) => r.url().endsWith('/api/analytics/event') && (r.postData() ?? '').includes('beanChargeView'));
  await page.goto('/en/try-premium');
  await view;
  await expect(page.locator('[data-checkout-ready]')).toBeAttached();
  // A checkout started and cancelled says so, and does not block the next purchase (issue 11).
  await page.getByRole('link', { name: 'Choose Premium' }).click();
  await expect(page.getByText('Premium (annual)')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/en\/user\/subscription\?orderNo=/);
  await expect(page.getByRole('status').filter({ hasText: 'You cancelled the payment. Nothing was charged.' })).toContainText('Premium (annual)');
  await page.goto('/en/try-premium');
  await expect(page.locator('[data-checkout-ready]')).toBeAttached();
  await page.getByText('Monthly', { exact: true }).click();
  await page.getByText('CAD', { exact: true }).click();
  // The welcome coupon of a new account takes 20% off at checkout (docs/decisions/0013).
  await expect(page.getByText('Your coupon WELCOME takes 20% off the first payment at checkout.')).toBeVisible();
  await page.getByRole('link', { name: 'Choose Pro' }).click();
  await expect(page).toHaveURL(/\/en\/checkout\/sandbox\?session=/);
  await expect(page.getByText('Test mode: no real money is charged.')).toBeVisible();
  // The checkout names the product, its price and the discount (issue 11).
  await expect(page.getByText('Pro (monthly)')).toBeVisible();
  await expect(page.getByText('CA$42.00')).toBeVisible();
  await expect(page.getByText('Coupon WELCOME (−20%)')).toBeVisible();
  await expect(page.getByText('CA$33.60')).toBeVisible();
  await page.getByRole('button', { name: 'Pay (test)' }).click();
  await expect(page).toHaveURL(/\/en\/user\/subscription\?orderNo=/);
  await expect(page.getByText('Payment received. Thank you!')).toBeVisible();
  // A success message that stays, naming what was bought (issue 11).
  await expect(page.getByRole('status').filter({ hasText: 'Payment received. Thank you!' })).toContainText('Pro (monthly)');
  await expect(page.locator('[data-plan]')).toHaveText('Pro');
  // One date format (issue 11).
  await expect(page.locator('[data-period]')).toHaveText(/^Renews on \d{4}-\d{2}-\d{2}$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Pro', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try Premium' })).toBeHidden();
  await page.goto('/en/user/profile');
  await expect(page.locator('[data-profile]').getByText('Pro', { exact: true })).toBeVisible();
  const limit = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).memberInfo.wordLimit);
  expect(limit).toBe(3500);
  // Cancelling renewal asks first, then keeps the plan until the period ends.
  await page.goto('/en/user/subscription');
  await page.getByRole('button', { name: 'Cancel renewal' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel the renewal?' });
  await expect(confirm).toContainText(/Pro stays until \d{4}-\d{2}-\d{2}/);
  // Centred in the window, not stuck to its top edge (issue 30).
  const box = (await confirm.boundingBox())!;
  const height = page.viewportSize()!.height;
  expect(box.y).toBeGreaterThan(16);
  expect(Math.abs(box.y - (height - box.y - box.height))).toBeLessThan(4);
  await confirm.getByRole('button', { name: 'Keep my plan' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.locator('[data-period]')).toHaveText(/^Renews on /);
  await page.getByRole('button', { name: 'Cancel renewal' }).click();
  await confirm.getByRole('button', { name: 'Cancel renewal' }).click();
  await expect(page.locator('[data-period]')).toHaveText(/^Ends on /);
});

test('[COM-06] buys a bean pack and sees the balance; a declined checkout leaves an unpaid order to cancel', async ({ page }) => {
  await signUpFresh(page, { tag: 'buyer' });
  await page.goto('/en/user/subscription');
  await page.getByRole('button', { name: /Buy 500 beans for \$4\.99/ }).click();
  await page.getByRole('button', { name: 'Decline (test)' }).click();
  await expect(page).toHaveURL(/\/en\/user\/subscription\?orderNo=/);
  await expect(page.getByText('The payment was declined. Nothing was charged; you can try again.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'The payment was declined.' })).toContainText('500 beans');
  const pending = page.locator('[data-pending] li');
  await expect(pending).toHaveCount(1);
  await expect(pending).toContainText('500 beans · $4.99');
  await pending.getByRole('button', { name: 'Pay' }).click();
  await page.getByRole('button', { name: 'Pay (test)' }).click();
  await expect(page).toHaveURL(/\/en\/user\/subscription\?orderNo=/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.locator('#account-menu').getByText('600 beans')).toBeVisible();
  await expect(page.locator('[data-pending] li')).toHaveCount(0);
  // The wallet's bean history: the pack and the welcome gift, with the balance after each (issue 11).
  const history = page.getByRole('region', { name: 'Bean history' }).getByRole('row');
  await expect(history.filter({ hasText: 'Bean pack · 500 beans' })).toContainText(/\+500\s*600/);
  await expect(history.filter({ hasText: 'Welcome gift' })).toContainText('+100');
  // An abandoned order can be cancelled from the list, after saying what that means.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /Buy 1,200 beans/ }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('[data-pending] li')).toHaveCount(1);
  await page.locator('[data-pending] li').getByRole('button', { name: 'Cancel order' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this order?' });
  await expect(confirm).toContainText('1,200 beans for $9.99 will not be charged.');
  await confirm.getByRole('button', { name: 'Cancel order' }).click();
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
  const rows = page.getByRole('list', { name: 'Your orders' }).getByRole('listitem');
  await expect(rows).toHaveCount(10);
  // Each order names its product, in the one date format (issue 11).
  await expect(rows.first()).toContainText('500 beans · $4.99');
  await expect(rows.first()).toContainText(/ · \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} · IW/);
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
  await page.getByRole('dialog', { name: 'Cancel this order?' }).getByRole('button', { name: 'Cancel order' }).click();
  await expect(rows).toHaveCount(2);
  await page.getByLabel('Show').selectOption('');
  const cancelled = rows.filter({ hasText: orderNos[0]! });
  await expect(cancelled).toContainText('Cancelled');
  await cancelled.getByRole('button', { name: 'Delete' }).click();
  // [issue 30] Deleting asks first; "Keep it" changes nothing.
  const confirmDelete = page.getByRole('dialog', { name: 'Delete this order?' });
  await confirmDelete.getByRole('button', { name: 'Keep it' }).click();
  await expect(confirmDelete).toBeHidden();
  await expect(rows.filter({ hasText: orderNos[0]! })).toHaveCount(1);
  await cancelled.getByRole('button', { name: 'Delete' }).click();
  await confirmDelete.getByRole('button', { name: 'Delete' }).click();
  await expect(rows).toHaveCount(11);
  await expect(rows.filter({ hasText: orderNos[0]! })).toHaveCount(0);
});

test('[COM-14] the refer-and-earn page shows the link and the rewards', async ({ page }) => {
  await signUpFresh(page, { tag: 'buyer' });
  await page.goto('/en/user/invite');
  await expect(page.getByLabel('Your invitation link')).toHaveValue(/\/invite\/[A-Z2-9]{8}$/);
  await expect(page.getByText('Friends who sign up with your link get 50 extra beans. You get 100 beans when they join. When they first pay, you get 300 more beans.')).toBeVisible();
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
  const rows = page.getByRole('list', { name: 'Your results' }).getByRole('listitem');
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText(/AI detection · 6 words · \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await expect(rows.first().getByRole('link', { name: 'Open result' })).toHaveAttribute('href', /^\/en\/ai-detector\?orderNo=IW/);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(rows).toHaveCount(2);
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await rows.first().getByRole('button', { name: 'Delete' }).click();
  // [issue 30] Deleting a run asks first.
  const confirmDelete = page.getByRole('dialog', { name: 'Delete this run from your history?' });
  await expect(confirmDelete).toContainText('Its text, its result and every version are removed for good.');
  await confirmDelete.getByRole('button', { name: 'Delete' }).click();
  await expect(rows).toHaveCount(1);
  // [issue 30] A short undo: the toast brings the run back.
  const toast = page.getByRole('status').filter({ hasText: 'The entry was deleted.' });
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(rows).toHaveCount(2);
  await rows.first().getByRole('button', { name: 'Delete' }).click();
  await confirmDelete.getByRole('button', { name: 'Delete' }).click();
  await expect(rows).toHaveCount(1);
  await page.getByLabel('Per page').selectOption('50');
  await expect(rows).toHaveCount(11);
});

test('[COM-15] [HUM-09] the history shows the versions of one re-humanized run as one entry', async ({ page }) => {
  await signUpFresh(page, { tag: 'buyer' });
  await page.waitForLoadState('networkidle');
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).accessToken as string);
  const headers = { authorization: `Bearer ${token}` };
  const post = async (url: string, data: unknown) => (await page.request.post(url, { headers, data })).json();
  // Pro, so that re-humanize is allowed (paid through the sandbox as the pricing page would).
  const plan = await post('/api/createOrder', { productId: 3, currency: 'USD' });
  const pay = await post('/api/createPayment', { orderNo: plan.data.orderNo });
  await post('/api/payment/sandbox/complete', { id: new URL(pay.data.payUrl).searchParams.get('session'), outcome: 'succeeded' });
  const first = await post('/api/createOrder', { productId: 9, content: 'Students often write essays about climate policy in 2024, and they revise them twice.', extraInfo: { isUltra: false } });
  await post('/api/createPayment', { orderNo: first.data.orderNo });
  await expect
    .poll(async () => ((await (await page.request.post('/api/humanizer', { headers, multipart: { orderNo: first.data.orderNo } })).json()).data?.data ? 'done' : 'running'), { timeout: 20_000 })
    .toBe('done');
  const again = await post('/api/createOrder', { productId: 9, extraInfo: { isUltra: false, originOrderNo: first.data.orderNo } });
  await post('/api/createPayment', { orderNo: again.data.orderNo });
  await page.goto('/en/history');
  const rows = page.getByRole('list', { name: 'Your results' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(/Humanizer · 2 versions · 14 words · \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await expect(rows.first().getByRole('link', { name: 'Open result' })).toHaveAttribute('href', `/en/essay-humanizer?orderNo=${again.data.orderNo}`);
});

test('[COM-10] [COM-06] in Arabic an order’s date and a bean history entry’s date read year first and date before time, not reversed', async ({ page }) => {
  await signUpFresh(page, { tag: 'ordersar' });
  await page.waitForLoadState('networkidle');
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).accessToken as string);
  await page.request.post('/api/createOrder', { headers: { authorization: `Bearer ${token}` }, data: { productId: 101, currency: 'USD' } });
  /** Whether "YYYY-MM-DD HH:mm:ss" in `line` is drawn as written: the year left of the day, the day left of the hour. */
  const drawnAsWritten = (line: Locator) =>
    line.evaluate((el) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      let node: Node | null;
      while ((node = walker.nextNode()) && !/\d{4}-\d{2}-\d{2} \d{2}:/.test(node.textContent!));
      const at = /\d{4}-\d{2}-\d{2} \d{2}:/.exec(node!.textContent!)!.index;
      const left = (from: number, to: number) => {
        const range = document.createRange();
        range.setStart(node!, from);
        range.setEnd(node!, to);
        return range.getBoundingClientRect().left;
      };
      return left(at, at + 4) < left(at + 8, at + 10) && left(at + 8, at + 10) < left(at + 11, at + 13);
    });
  await page.goto('/ar/user/subscription/orders');
  const order = page.getByRole('list', { name: translate('ar', 'orders.listLabel') }).getByRole('listitem').first().locator('p', { hasText: /\d{4}-\d{2}-\d{2}/ });
  await expect(order).toBeVisible({ timeout: 20_000 });
  expect(await drawnAsWritten(order)).toBe(true);
  await page.goto('/ar/user/subscription');
  const entry = page.getByRole('region', { name: translate('ar', 'wallet.history') }).getByRole('cell', { name: /\d{4}-\d{2}-\d{2}/ }).first();
  await expect(entry).toBeVisible({ timeout: 20_000 });
  expect(await drawnAsWritten(entry)).toBe(true);
});
