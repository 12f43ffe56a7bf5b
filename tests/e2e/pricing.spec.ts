import { expect, test } from '@playwright/test';
import { translate } from '../../src/i18n/translate.ts';

test('[COM-02] the pricing page shows the plans in USD, CAD and AUD, monthly and annual', async ({ page }) => {
  await page.goto('/en/try-premium');
  const premium = page.locator('[data-plan="basic"]');
  const pro = page.locator('[data-plan="pro"]');
  // Annual billing in USD is the default view.
  await expect(premium.locator('.price:visible')).toContainText('$12');
  await expect(premium.locator('.price:visible')).toContainText('$144');
  await expect(pro.locator('.price:visible')).toContainText('$18');
  await page.getByText('Monthly', { exact: true }).click();
  await expect(premium.locator('.price:visible')).toContainText('$20');
  await expect(pro.locator('.price:visible')).toContainText('$30');
  await page.getByText('CAD', { exact: true }).click();
  await expect(premium.locator('.price:visible')).toContainText('CA$28');
  await expect(pro.locator('.price:visible')).toContainText('CA$42');
  await page.getByText('Annual', { exact: true }).click();
  await expect(premium.locator('.price:visible')).toContainText('CA$16');
  await expect(pro.locator('.price:visible')).toContainText('CA$25');
  await page.getByText('AUD', { exact: true }).click();
  await expect(premium.locator('.price:visible')).toContainText('A$18');
  await expect(pro.locator('.price:visible')).toContainText('A$27');
  await page.getByText('Monthly', { exact: true }).click();
  await expect(premium.locator('.price:visible')).toContainText('A$30');
  await expect(pro.locator('.price:visible')).toContainText('A$45');
  await expect(premium.locator('.price:visible')).toHaveCount(1);
});

test('[HUM-17] each plan states its word limit per run', async ({ page }) => {
  await page.goto('/en/try-premium');
  await expect(page.getByText('Up to 300 words per run')).toBeVisible();
  await expect(page.getByText('Up to 2,000 words per run')).toBeVisible();
  await expect(page.getByText('Up to 3,500 words per run')).toBeVisible();
  // And the beans it brings every month (the bean history says "+2,000 Beans with your plan").
  await expect(page.locator('[data-plan="basic"] [data-plan-beans]')).toHaveText('2,000 beans every month');
  await expect(page.locator('[data-plan="pro"] [data-plan-beans]')).toHaveText('5,000 beans every month');
  await page.goto('/ru/try-premium');
  await expect(page.locator('[data-plan="basic"] [data-plan-beans]')).toHaveText(/^2\s000 зёрен каждый месяц$/);
});

test('[COM-01] the WeChat variant offers the same plans with WeChat Pay', async ({ page }) => {
  await page.goto('/en/try-premium/wechat');
  await expect(page.getByRole('link', { name: 'Pay with WeChat Pay' })).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Pay by card' })).toHaveAttribute('href', '/en/try-premium');
  // WeChat Pay charges in CNY: its prices, no USD/CAD/AUD switch.
  await expect(page.getByRole('group', { name: 'Currency' })).toHaveCount(0);
  await expect(page.locator('[data-plan="basic"] [data-currency="CNY"]')).toContainText('CN¥98.00');
  await expect(page.locator('[data-plan="pro"] [data-currency="CNY"]')).toContainText('CN¥148.00');
  await expect(page.getByText('US$', { exact: false })).toHaveCount(0);
});

test('[SITE-19] plan names are translated in every script, not left in Latin letters (ar, ru, th)', async ({ page }) => {
  for (const locale of ['ar', 'ru', 'th'] as const) {
    await page.goto(`/${locale}/try-premium`);
    const names = page.locator('[data-plan] h2');
    await expect(names).toHaveText([translate(locale, 'pricing.basic.name'), translate(locale, 'pricing.pro.name')]);
    for (const name of await names.allTextContents()) expect(name, locale).not.toMatch(/[A-Za-z]/);
  }
});
