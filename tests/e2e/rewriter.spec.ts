import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import mammoth from 'mammoth';
import { locales } from '../../src/i18n/locales.ts';
import { translate } from '../../src/i18n/translate.ts';
import { signUpFresh } from './mailbox.ts';

test.use({ viewport: { width: 1280, height: 900 } });

const essay = [
  "It is important to note that social media plays a crucial role in modern communication. Moreover, it allows individuals to utilize numerous platforms in order to share information. According to Smith (2020), 72% of teenagers use Instagram daily. However, many parents don't know what their children are doing online.",
  'The study was carried out in March 2021 at Stanford University. It shows that "screen time is not the enemy" and that students need guidance.',
].join('\n');

test('[TOOL-04] rewrites an essay in the Formal mode with frozen words: result beside the source with changes marked, spans kept, .docx, history', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpFresh(page, { tag: 'rw', returnTo: '/en/essay-rewriter' });
  await expect(page.locator('[data-essay-rewriter][data-hydrated]')).toBeVisible({ timeout: 20_000 });
  // Without a language model only the five offline modes are offered.
  await expect(page.getByRole('group', { name: 'Mode' }).getByRole('radio')).toHaveCount(5);
  await expect(page.getByRole('radio', { name: 'Expand' })).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Your text' }).fill(essay);
  await page.getByText('Formal / Academic').click();
  await expect(page.getByRole('radio', { name: 'Formal / Academic' })).toBeChecked();
  await page.getByRole('slider', { name: 'How much to change' }).fill('4');
  await page.getByRole('textbox', { name: 'Frozen words' }).fill('social media, guidance');
  await expect(page.getByText(/^Costs \d+ beans$/)).toBeVisible();
  await page.getByRole('button', { name: 'Rewrite' }).click();

  const result = page.getByRole('region', { name: 'Rewritten text' });
  await expect(result.getByText(/% of the words changed$/)).toBeVisible({ timeout: 30_000 });
  const output = result.locator('[data-output]');
  await expect(output.locator('mark').first()).toBeVisible();
  await expect(output).toContainText('do not know');
  for (const kept of ['social media', 'guidance', 'Smith (2020)', '72%', 'March 2021', 'Stanford University', '"screen time is not the enemy"']) await expect(output).toContainText(kept);
  // The source stays beside the result.
  await expect(page.getByRole('textbox', { name: 'Your text' })).toHaveValue(essay);

  const downloading = page.waitForEvent('download');
  await result.getByRole('button', { name: 'Download .docx' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^inkwise-.+\.docx$/);
  const { value } = await mammoth.extractRawText({ buffer: await readFile((await download.path())!) });
  expect(value).toContain('do not know');

  // The island's own history and the site's history open the rewrite again.
  const recent = page.getByRole('region', { name: 'Your recent rewrites' }).getByRole('link');
  await expect(recent).toHaveCount(1);
  // Named after the rewrite it opens, not just "Open".
  await expect(recent).toHaveAccessibleName(/^Open the rewrite of \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await expect(recent).toHaveText('Open');
  await page.goto('/en/history');
  await page.getByRole('link', { name: 'Open' }).first().click();
  await expect(page).toHaveURL(/\/en\/essay-rewriter\?orderNo=/);
  await expect(page.getByRole('region', { name: 'Rewritten text' }).locator('[data-output]')).toContainText('do not know', { timeout: 20_000 });
  await expect(page.getByRole('radio', { name: 'Formal / Academic' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Frozen words' })).toHaveValue('social media, guidance');
});

test('[TOOL-04] the rewriter speaks every locale, right to left in Arabic, passes axe, and sends a visitor to sign up', async ({ page }) => {
  test.setTimeout(60_000);
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/'/g, '&#39;');
  for (const { code } of locales) {
    const html = await (await page.request.get(`/${code}/essay-rewriter`)).text();
    for (const key of ['rewriter.rewrite', 'rewriter.sourceLabel', 'rewriter.mode.formal', 'rewriter.strengthLabel'] as const) expect(html, `${code} ${key}`).toContain(escape(translate(code, key)));
  }
  await page.goto('/ar/essay-rewriter');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('[data-essay-rewriter][data-hydrated]')).toBeVisible({ timeout: 20_000 });
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await page.getByLabel(translate('ar', 'rewriter.sourceLabel')).fill(essay);
  await page.getByRole('button', { name: translate('ar', 'rewriter.rewrite') }).click();
  await expect(page).toHaveURL(/\/ar\/signup\?cb=%2Far%2Fessay-rewriter/);
});

test('[TOOL-04] rewrites in Spanish: the Simple mode, the translated result with its change share, spans kept', async ({ page }) => {
  test.setTimeout(90_000);
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate('es', key, params);
  await signUpFresh(page, { tag: 'rwes', returnTo: '/en/essay-rewriter' });
  await page.goto('/es/essay-rewriter');
  await expect(page.locator('[data-essay-rewriter][data-hydrated]')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('textbox', { name: t('rewriter.sourceLabel') }).fill(essay);
  await page.getByText(t('rewriter.mode.simple'), { exact: true }).click();
  await expect(page.getByRole('radio', { name: t('rewriter.mode.simple') })).toBeChecked();
  await page.getByRole('button', { name: t('rewriter.rewrite') }).click();

  const result = page.getByRole('region', { name: t('rewriter.resultLabel') });
  const share = new RegExp(`^${t('rewriter.changedShare', { percent: '__' }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('__', '\\d+')}$`);
  await expect(result.getByText(share)).toBeVisible({ timeout: 30_000 });
  const output = result.locator('[data-output]');
  // Simple: long words made short ("utilize" → "use").
  await expect(output).toContainText(/\buse\b/);
  await expect(output).not.toContainText('utilize');
  for (const kept of ['Smith (2020)', '72%', 'March 2021', 'Stanford University', '"screen time is not the enemy"']) await expect(output).toContainText(kept);
});

test('[TOOL-04] by keyboard: Enter on Rewrite runs it, and the focus is back on the button when the result is shown, not lost to the page', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpFresh(page, { tag: 'rwkb', returnTo: '/en/essay-rewriter' });
  await expect(page.locator('[data-essay-rewriter][data-hydrated]')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('textbox', { name: 'Your text' }).fill(essay);
  await page.getByRole('textbox', { name: 'Your text' }).focus();
  const run = page.getByRole('button', { name: 'Rewrite' });
  // Tab from the text reaches the button (the Paste action is gone once there is text).
  await page.keyboard.press('Tab');
  await expect(run).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Rewritten text' }).getByText(/% of the words changed$/)).toBeVisible({ timeout: 30_000 });
  await expect(run).toBeFocused();
  // One step back is the result's last action.
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Download .docx' })).toBeFocused();
});

test('[TOOL-04] [UPL-05] the rewriter takes an uploaded Word file into its text, and refuses a file it cannot read', async ({ page }) => {
  const { Document, Packer, Paragraph, TextRun } = await import('docx');
  await signUpFresh(page, { tag: 'rwup', returnTo: '/en/essay-rewriter' });
  await expect(page.locator('[data-essay-rewriter][data-hydrated]')).toBeVisible({ timeout: 20_000 });
  const chooser = page.waitForEvent('filechooser');
  await page.locator('[data-essay-rewriter] button', { hasText: 'Upload a file' }).click();
  const docx = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph({ children: [new TextRun('Rivers shape the valleys they cross over many centuries.')] })] }] }));
  await (await chooser).setFiles({ name: 'essay.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: docx });
  await expect(page.getByRole('textbox', { name: 'Your text' })).toHaveValue('Rivers shape the valleys they cross over many centuries.');
  await expect(page.getByText('File uploaded successfully!')).toBeVisible();
  await page.getByRole('textbox', { name: 'Your text' }).fill('');
  await page.locator('[data-essay-rewriter] input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain') });
  await expect(page.getByText('Upload a PDF, DOCX or DOC file.')).toBeVisible();
});
