import { expect, test } from '@playwright/test';
import { ProductId } from '../../src/domain/products.ts';
import { localizedPath, type RouteName } from '../../src/i18n/routes.ts';
import { translate } from '../../src/i18n/translate.ts';
import { signUpFresh } from './mailbox.ts';

test.use({ viewport: { width: 1280, height: 900 } });

/** Every tool page that opens a run by ?orderNo=, with the product of its orders. */
const tools: { route: RouteName; productId: number; requirement: string }[] = [
  { route: 'humanizer', productId: ProductId.HUMANIZE, requirement: 'HUM-12' },
  { route: 'aiDetector', productId: ProductId.AI_DETECTION, requirement: 'TOOL-01' },
  { route: 'plagiarism', productId: ProductId.PLAGIARISM_CHECK, requirement: 'TOOL-03' },
  { route: 'rewriter', productId: ProductId.COPY_REWRITE, requirement: 'TOOL-04' },
  { route: 'referenceChecker', productId: ProductId.REFERENCE_CHECK, requirement: 'TOOL-05' },
  { route: 'aiWriter', productId: ProductId.AI_WRITE, requirement: 'TOOL-06' },
];

test(`[${tools.map((t) => t.requirement).join('] [')}] a link to an unpaid tool order stops asking and says, in the page's language, that it has no result, with the way to the history`, async ({ page }) => {
  test.setTimeout(120_000);
  await signUpFresh(page, { tag: 'unpaid' });
  await page.waitForLoadState('networkidle');
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).accessToken as string);
  const headers = { authorization: `Bearer ${token}` };
  for (const { route, productId } of tools) {
    const content = route === 'aiWriter' ? 'Sleep and memory in students' : 'Students who sleep well remember more of what they studied the day before.';
    const order = await (await page.request.post('/api/createOrder', { headers, data: { productId, content } })).json();
    expect(order.code, `${route}: ${JSON.stringify(order)}`).toBe(0);
    // Never paid: the result endpoint answers data null for as long as it stays so.
    let asks = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/(humanizer|aiDetect|plagiarism|copyRewrite|refValid|aiWrite)$/.test(new URL(request.url()).pathname)) asks++;
    });
    await page.goto(`${localizedPath('fr', route)}?orderNo=${order.data.orderNo}`);
    const alert = page.getByRole('alert').filter({ hasText: translate('fr', 'tool.runUnpaid') });
    await expect(alert, route).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('link', { name: translate('fr', 'tool.openHistory') })).toHaveAttribute('href', localizedPath('fr', 'history'));
    // Asked once, then stopped: the next ask would have come a second later.
    await expect(page.getByRole('link', { name: translate('fr', 'tool.openHistory') })).toBeVisible();
    expect(asks, route).toBe(1);
    page.removeAllListeners('request');
  }
});
