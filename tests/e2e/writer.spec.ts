import { expect, test } from '@playwright/test';
import { locales } from '../../src/i18n/locales.ts';
import { translate } from '../../src/i18n/translate.ts';
import { signUpFresh } from './mailbox.ts';

test.use({ viewport: { width: 1280, height: 900 } });

test('[TOOL-06] without a language model the AI writer gives an honest outline: the note, the claims from the outline, each with its source', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpFresh(page, { tag: 'wr', returnTo: '/en/ai-writer' });
  await expect(page.locator('[data-ai-writer][data-hydrated]')).toBeVisible({ timeout: 20_000 });
  // Said before any run, so nobody pays expecting prose.
  await expect(page.getByText('No language model is configured on this site', { exact: false }).first()).toBeVisible();
  await page.getByLabel('Topic').fill('Should schools ban phones in class?');
  await page.getByLabel('Essay type').selectOption({ label: 'Argumentative' });
  await page.getByLabel('Length (words)').fill('600');
  await page.getByLabel('Your outline (optional)').fill('Phones harm sleep\nPhones in class lower reading scores');
  await page.getByLabel('Your sources (optional)').fill('OECD (2019). Students who use phones in class score lower in reading.\nTwenge, J. (2017). iGen: smartphones and adolescent sleep loss.');
  await page.getByRole('button', { name: 'Write' }).click();

  const result = page.getByRole('region', { name: 'Outline' });
  await expect(result.locator('[data-outline] > li')).toHaveCount(5, { timeout: 30_000 });
  await expect(result.getByRole('note')).toContainText('never made-up prose');
  await expect(result.getByRole('heading', { name: 'Counter-argument' })).toBeVisible();
  const claim1 = result.locator('[data-role="claim"]').nth(0);
  await expect(claim1).toContainText('Phones harm sleep');
  await expect(claim1.locator('[data-evidence]')).toHaveText('[2] Twenge, J. (2017). iGen: smartphones and adolescent sleep loss.');
  await expect(result.locator('[data-role="claim"]').nth(1).locator('[data-evidence]')).toContainText('[1] OECD (2019)');
  await expect(result.locator('[data-draft]')).toHaveCount(0);

  // The history opens it again.
  await page.goto('/en/history');
  await page.getByRole('link', { name: 'Open' }).first().click();
  await expect(page).toHaveURL(/\/en\/ai-writer\?orderNo=/);
  await expect(page.getByRole('region', { name: 'Outline' }).locator('[data-outline] > li')).toHaveCount(5, { timeout: 20_000 });
});

test('[TOOL-06] the AI writer page speaks every locale', async ({ page }) => {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/'/g, '&#39;');
  for (const { code } of locales) {
    const html = await (await page.request.get(`/${code}/ai-writer`)).text();
    for (const key of ['writer.write', 'writer.topicLabel', 'writer.type.compareContrast', 'writer.sourcesHint'] as const) expect(html, `${code} ${key}`).toContain(escape(translate(code, key)));
  }
  await page.goto('/ja/ai-writer');
  await expect(page.locator('[data-ai-writer][data-hydrated]')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(translate('ja', 'writer.noLlm'))).toBeVisible();
});
