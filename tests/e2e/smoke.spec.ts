import { expect, test } from '@playwright/test';
import { locales } from '../../src/i18n/locales.ts';
import { translate } from '../../src/i18n/translate.ts';
import { signUpFresh } from './mailbox.ts';

// Five locales per test, one page each: the hashed assets stay cached between them, and two workers still share the 20.
for (const group of [0, 5, 10, 15].map((start) => locales.slice(start, start + 5))) {
  test(`[SITE-01] [SITE-09] [SITE-10] [SITE-12] [SITE-19] home pages of ${group.map((l) => l.code).join(', ')} have their language, direction, title and header`, async ({ page }) => {
    for (const { code, lang, dir } of group) {
      await test.step(code, async () => {
        const response = await page.goto(`/${code}`);
        expect(response?.status()).toBe(200);
        const html = page.locator('html');
        await expect(html).toHaveAttribute('lang', lang);
        await expect(html).toHaveAttribute('dir', dir);
        await expect(page).toHaveTitle(`${translate(code, 'page.home.title')} - Inkwise`);
        const nav = page.getByRole('navigation', { name: translate(code, 'nav.main') }).first();
        await expect(nav.getByRole('link', { name: translate(code, 'nav.humanizer') })).toBeVisible();
        await expect(nav.getByRole('link', { name: translate(code, 'nav.aiDetector') })).toBeVisible();
        await expect(nav.getByRole('button', { name: translate(code, 'nav.tools') })).toBeVisible();
        await expect(nav.getByRole('link', { name: translate(code, 'nav.pricing') })).toBeVisible();
        await expect(page.getByRole('link', { name: translate(code, 'header.startFree') }).first()).toBeVisible();
        await expect(page.getByRole('link', { name: translate(code, 'header.login'), exact: true }).first()).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // Canonical and hreflang alternates for all 20 locales.
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/${code}$`));
        await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(locales.length + 1);
      });
    }
  });
}

test('[SITE-07] signed in, the plagiarism checker and the rewriter hydrate without a console error in en, ar, ja and de', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  await signUpFresh(page, { tag: 'hydrate' });
  for (const locale of ['en', 'ar', 'ja', 'de'] as const) {
    await page.goto(`/${locale}/rewriter`);
    await expect(page.locator('[data-essay-rewriter][data-hydrated]')).toBeVisible();
    await page.goto(`/${locale}/plagchecker`);
    const checker = page.locator('[data-plagiarism-checker]');
    await checker.locator('textarea').first().fill('Students write essays.');
    await expect(checker.locator('textarea').first()).toHaveValue('Students write essays.');
  }
  expect(errors).toEqual([]);
});

test('[SITE-07] the new-user fixes speak en, ar, ja and de: light mode, the free outline, Upload on the rewriter, the account\'s data', async ({ page }) => {
  await signUpFresh(page, { tag: 'walk' });
  for (const locale of ['en', 'ar', 'ja', 'de'] as const) {
    const t = (key: Parameters<typeof translate>[1]) => translate(locale, key);
    await page.goto(`/${locale}`);
    await expect(page.locator('[data-light-mode]')).toHaveText(t('humanizer.lightNotice'));
    await page.goto(`/${locale}/ai-writer`);
    await expect(page.getByRole('button', { name: t('writer.writeOutline'), exact: true })).toBeVisible();
    await page.goto(`/${locale}/rewriter`);
    await expect(page.locator('[data-essay-rewriter] button', { hasText: t('humanizer.upload') })).toBeVisible();
    await page.goto(`/${locale}/user/profile`);
    const data = page.getByRole('region', { name: t('profile.dataTitle') });
    await expect(data.getByRole('button', { name: t('profile.export') })).toBeVisible();
    await expect(data.getByRole('button', { name: t('profile.delete') })).toBeVisible();
  }
});
