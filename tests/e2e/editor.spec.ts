import { readdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { workerPolicy } from '../../server/csp.ts';
import { translate } from '../../src/i18n/translate.ts';
import type { Locale } from '../../src/i18n/locales.ts';
import { countWords } from '../../src/domain/word-count.ts';
import { signUpFresh } from './mailbox.ts';

test.use({ viewport: { width: 1280, height: 900 } });

const essay = [
  'He go to school every day because he likes his teachers.',
  'It is important to note that social media plays a crucial role in modern communication. Moreover, it allows individuals to utilize numerous platforms in order to share information with their friends and families.',
];

const editorOf = (page: Page, locale: Locale) => page.getByRole('textbox', { name: translate(locale, 'editor.label') });

for (const locale of ['en', 'fr'] as const) {
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate(locale, key, params);

  test(`[TOOL-06] ${locale}: type, fix a grammar suggestion, rewrite a selection back into the document, reload the autosaved text, reopen it from the history${locale === 'en' ? '; two tabs on it: the stale save is refused and kept as a copy' : ''}`, async ({ page }) => {
    test.setTimeout(120_000);
    await signUpFresh(page, { tag: `ed${locale}`, returnTo: '/en/ai-editor' });
    if (locale !== 'en') await page.goto(`/${locale}/ai-editor`);
    await expect(page.locator('[data-essay-editor][data-hydrated]')).toBeVisible({ timeout: 20_000 });
    const editor = editorOf(page, locale);
    await editor.click();
    await page.keyboard.type(essay[0]!);
    await page.keyboard.press('Enter');
    await page.keyboard.insertText(essay[1]!);
    await expect(page.locator('[data-words]')).toHaveText(t('editor.words', { count: countWords(essay.join('\n')) }));

    // harper.js in its worker underlines "go"; its suggestion fixes it.
    const suggestion = page.getByRole('list', { name: t('editor.grammar.title') }).getByRole('button', { name: /^go ·/ });
    await expect(suggestion).toBeVisible({ timeout: 60_000 });
    await expect(editor.locator('.ed-lint').first()).toBeVisible();
    await suggestion.click();
    const popover = page.getByRole('group', { name: t('editor.grammar.popover', { text: 'go' }) });
    await expect(popover.getByRole('button').first()).toBeFocused();
    // Escape closes it and gives the focus back to the suggestion that opened it; Enter opens it again.
    await page.keyboard.press('Escape');
    await expect(popover).toHaveCount(0);
    await expect(suggestion).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(popover.getByRole('button').first()).toBeFocused();
    await popover.getByRole('button', { name: t('editor.grammar.apply', { text: 'goes' }) }).click();
    await expect(editor.locator('p').first()).toHaveText('He goes to school every day because he likes his teachers.');

    // Rewrite the second paragraph only: the result waits for the user, then replaces the selection.
    await editor.locator('p').nth(1).click({ clickCount: 3 });
    await expect(page.getByText(t('editor.scope.selection'))).toBeVisible();
    await page.getByRole('toolbar', { name: t('editor.toolsLabel') }).getByRole('button', { name: t('editor.tool.rewrite') }).click();
    const result = page.locator('[data-tool-result="rewrite"] [data-result-text]');
    await expect(result).not.toBeEmpty({ timeout: 30_000 });
    const rewritten = (await result.textContent())!.trim();
    // The rewrite really rewrote: not the paragraph given back unchanged.
    expect(rewritten).not.toBe(essay[1]);
    expect(rewritten.length).toBeGreaterThan(0);
    await page.getByRole('button', { name: t('editor.result.replaceSelection') }).click();
    await expect(editor.locator('p')).toHaveCount(2);
    await expect(editor.locator('p').nth(1)).toHaveText(rewritten);
    await expect(editor.locator('p').first()).toHaveText('He goes to school every day because he likes his teachers.');

    // Autosaved to the user's documents: the address names the document, a reload brings the text back.
    await expect(page.locator('[data-save-state]')).toHaveText(t('editor.save.saved'), { timeout: 15_000 });
    await expect(page).toHaveURL(/[?&]doc=[0-9a-f-]{36}/);
    await page.reload();
    await expect(editorOf(page, locale).locator('p').nth(1)).toHaveText(rewritten, { timeout: 20_000 });
    await expect(editorOf(page, locale).locator('p').first()).toHaveText('He goes to school every day because he likes his teachers.');
    // The history lists the document; opening it there restores it.
    await page.goto(`/${locale}/history`);
    await page.locator('[data-editor-documents]').getByRole('link', { name: 'He goes to school every day because he likes his teachers.' }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/ai-editor\\?doc=`));
    await expect(editorOf(page, locale).locator('p').nth(1)).toHaveText(rewritten, { timeout: 20_000 });
    if (locale !== 'en') return;

    // Two tabs on one document: tab B saves first; tab A's save is refused as stale, nothing lost, and "keep mine"
    // saves A's text as a new document.
    const first = 'He goes to school every day because he likes his teachers.';
    const tabB = await page.context().newPage();
    await tabB.goto(page.url());
    await expect(editorOf(tabB, locale).locator('p').nth(1)).toHaveText(rewritten, { timeout: 20_000 });
    const savedB = tabB.waitForResponse((r) => r.url().includes('/api/editor/document') && r.request().method() === 'POST');
    await editorOf(tabB, locale).locator('p').first().click();
    await tabB.keyboard.press('End');
    await tabB.keyboard.insertText(' Tab B.');
    expect((await (await savedB).json()).code).toBe(0);
    await editorOf(page, locale).locator('p').first().click();
    await page.keyboard.press('End');
    await page.keyboard.insertText(' Tab A.');
    const conflict = page.getByRole('alert').filter({ hasText: t('editor.error.conflict') });
    await expect(conflict).toBeVisible({ timeout: 15_000 });
    await expect(editorOf(page, locale).locator('p').first()).toHaveText(`${first} Tab A.`);
    const docA = new URL(page.url()).searchParams.get('doc');
    await conflict.getByRole('button', { name: t('editor.conflict.keepMine') }).click();
    await expect(page.locator('[data-save-state]')).toHaveText(t('editor.save.saved'), { timeout: 15_000 });
    await expect.poll(() => new URL(page.url()).searchParams.get('doc')).not.toBe(docA);
    // (That tab B's version stays untouched is the API test's: tests/api/editor.test.ts.)
  });
}

test('[TOOL-06] a visitor’s draft stays in the browser across a reload, the page passes axe in Arabic, and a tool asks to sign up', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/ar/ai-editor');
  await expect(page.locator('[data-essay-editor][data-hydrated]')).toBeVisible({ timeout: 20_000 });
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await expect(page.getByText(translate('ar', 'editor.visitorNote'))).toBeVisible();
  await editorOf(page, 'ar').click();
  await page.keyboard.insertText('A visitor writes a short draft about sleep.');
  await expect(page.locator('[data-save-state]')).toHaveText(translate('ar', 'editor.save.local'));
  await page.reload();
  await expect(editorOf(page, 'ar')).toHaveText('A visitor writes a short draft about sleep.', { timeout: 20_000 });
  await page.getByRole('button', { name: translate('ar', 'editor.tool.humanize') }).click();
  await expect(page).toHaveURL(/\/ar\/signup\?cb=%2Far%2Fai-editor/);
});

test('[TOOL-06] [SITE-07] the grammar worker gets its own policy (WebAssembly from this site only) and the WebAssembly is served compressed', async ({ page }) => {
  const files = readdirSync('dist/_astro');
  const worker = files.find((f) => /^grammar\.worker-[\w-]+\.js$/.test(f))!;
  const wasm = files.find((f) => /^harper_wasm_slim_bg-[\w-]+\.wasm$/.test(f))!;
  const script = await page.request.get(`/_astro/${worker}`);
  expect(script.headers()['content-security-policy']).toBe(workerPolicy);
  const binary = await page.request.get(`/_astro/${wasm}`, { headers: { 'accept-encoding': 'br' } });
  expect(binary.headers()['content-type']).toBe('application/wasm');
  expect(binary.headers()['content-encoding']).toBe('br');
  // Pages keep their strict policy: no WebAssembly on the page itself.
  expect((await page.request.get('/en/ai-editor')).headers()['content-security-policy']).not.toContain('wasm-unsafe-eval');
});

test('[TOOL-06] [COM-15] in Arabic a saved document’s date reads year first, in the editor and in the history, not reversed after the Arabic words', async ({ page }) => {
  test.setTimeout(60_000);
  await signUpFresh(page, { tag: 'edar', returnTo: '/en/ai-editor' });
  await page.goto('/ar/ai-editor');
  await expect(page.locator('[data-essay-editor][data-hydrated]')).toBeVisible({ timeout: 20_000 });
  await editorOf(page, 'ar').click();
  await page.keyboard.insertText('Sleep helps students remember what they learned.');
  await expect(page.locator('[data-save-state]')).toHaveText(translate('ar', 'editor.save.saved'), { timeout: 15_000 });
  /** Whether the year of the first "YYYY-MM-DD" in `line` is drawn to the left of its day, as it is written. */
  const yearDrawnFirst = (line: Locator) =>
    line.evaluate((el) => {
      const node = [...el.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && /\d{4}-\d{2}-\d{2}/.test(n.textContent!))!;
      const at = /\d{4}-\d{2}-\d{2}/.exec(node.textContent!)!.index;
      const left = (from: number, to: number) => {
        const range = document.createRange();
        range.setStart(node, from);
        range.setEnd(node, to);
        return range.getBoundingClientRect().left;
      };
      return left(at, at + 4) < left(at + 8, at + 10);
    });
  await page.reload();
  const inEditor = page.locator('[data-documents] li span', { hasText: /\d{4}-\d{2}-\d{2}/ }).first();
  await expect(inEditor).toBeVisible({ timeout: 20_000 });
  expect(await yearDrawnFirst(inEditor)).toBe(true);
  await page.goto('/ar/history');
  const inHistory = page.locator('[data-editor-documents] li span', { hasText: /\d{4}-\d{2}-\d{2}/ }).first();
  await expect(inHistory).toBeVisible({ timeout: 20_000 });
  expect(await yearDrawnFirst(inHistory)).toBe(true);
});

test('[TOOL-06] at 375 px the word count and the save state each stay on one line beside "New document"', async ({ page }) => {
  test.setTimeout(60_000);
  await signUpFresh(page, { tag: 'ed375', returnTo: '/en/ai-editor' });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.locator('[data-essay-editor][data-hydrated]')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'New document' })).toBeVisible();
  /** Lines the element's text takes: its height over its line height. */
  const lines = (selector: string) => page.locator(selector).evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
  for (const selector of ['[data-words]', '[data-save-state]']) expect(await lines(selector), selector).toBe(1);
  expect(await page.getByRole('button', { name: 'New document' }).evaluate((el) => el.getBoundingClientRect().height < 2 * parseFloat(getComputedStyle(el).lineHeight))).toBe(true);
});

test('[TOOL-06] catches "should keeps" with a translated explanation, and opening the editor again goes on with the latest document', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpFresh(page, { tag: 'edrule', returnTo: '/en/ai-editor' });
  await page.goto('/de/ai-editor');
  await expect(page.locator('[data-essay-editor][data-hydrated]')).toBeVisible({ timeout: 20_000 });
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate('de', key, params);
  const editor = editorOf(page, 'de');
  await editor.click();
  await page.keyboard.insertText('The school should keeps the library open on Sundays for Ctrip staff.');
  const suggestion = page.getByRole('list', { name: t('editor.grammar.title') }).getByRole('button', { name: /^keeps ·/ });
  await expect(suggestion).toBeVisible({ timeout: 60_000 });
  // A name inside a sentence is not a misspelling.
  await expect(page.getByRole('list', { name: t('editor.grammar.title') }).getByRole('button', { name: /^Ctrip ·/ })).toHaveCount(0);
  await suggestion.click();
  const popover = page.getByRole('group', { name: t('editor.grammar.popover', { text: 'keeps' }) });
  await expect(popover.getByText(t('editor.rule.modalVerb'))).toBeVisible();
  await popover.getByRole('button', { name: t('editor.grammar.apply', { text: 'keep' }) }).click();
  await expect(editor.locator('p').first()).toHaveText('The school should keep the library open on Sundays for Ctrip staff.');
  await expect(page.locator('[data-save-state]')).toHaveText(t('editor.save.saved'), { timeout: 15_000 });

  // From the menu (no ?doc=): the latest document, not a blank page.
  await page.goto('/de/ai-editor');
  await expect(editorOf(page, 'de').locator('p').first()).toHaveText('The school should keep the library open on Sundays for Ctrip staff.', { timeout: 20_000 });
  await expect(page).toHaveURL(/[?&]doc=[0-9a-f-]{36}/);
});
