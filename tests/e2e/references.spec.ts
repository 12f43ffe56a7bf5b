import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { translate } from '../../src/i18n/translate.ts';
import { signUpFresh } from './mailbox.ts';

test.use({ viewport: { width: 1280, height: 900 } });

/** The cards of the result, one per reference, in list order. */
const cards = (page: Page) => page.locator('[data-refchecker] ol > li');

test('[TOOL-05] [SITE-18] checks the sample: a real entry verified, an invented one not found, and a citation year that disagrees with the list', async ({ page }) => {
  await page.goto('/en/refchecker');
  // Reachable by URL, hidden from the menus.
  await expect(page.getByRole('banner').getByRole('link', { name: /reference/i })).toHaveCount(0);
  await signUpFresh(page, { tag: 'rc', returnTo: '/en/refchecker' });
  await page.getByRole('button', { name: 'Try a sample' }).click();
  await expect(page.getByRole('textbox', { name: 'Your paper, reference list, BibTeX or RIS' })).toHaveValue(/Marlowe, T\., & Quint, A\./);
  // Worded as on the other tools.
  await expect(page.getByText(/^Costs \d+ beans$/)).toBeVisible();
  await page.getByRole('button', { name: 'Check references' }).click();
  await expect(cards(page)).toHaveCount(3, { timeout: 20_000 });
  await expect(page.getByText('References: 3 · Style: APA')).toBeVisible();

  const lecun = cards(page).nth(0);
  await expect(lecun.getByText('Verified', { exact: true })).toBeVisible();
  await expect(lecun.getByText('Matching record in Crossref')).toBeVisible();
  await expect(lecun.getByRole('link', { name: 'doi:10.1038/nature14539' })).toBeVisible();

  const invented = cards(page).nth(1);
  await expect(invented.getByText('Not found — possibly fabricated')).toBeVisible();
  // Each card's toggle names its reference for screen readers.
  await expect(lecun.locator('summary')).toHaveAccessibleName('Fields as read for reference 1');
  await expect(invented.locator('summary')).toHaveAccessibleName('Fields as read for reference 2');
  await expect(invented.getByRole('table', { name: 'Differences from the record' }).getByRole('row', { name: /DOI 10\.99999\/jch\.2021\.0142 not registered/ })).toBeVisible();

  await expect(cards(page).nth(2).getByText('Verified', { exact: true })).toBeVisible();
  // In-text citations against the list.
  await expect(page.getByText('“LeCun et al., 2012”: the reference list gives the year 2015 (reference 1).'.replace(/[“”]/g, '"'))).toBeVisible();
  await expect(page.getByText(/"Not found" means that no matching record turned up/)).toBeVisible();

  const axe = await new AxeBuilder({ page }).include('[data-refchecker]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // The history reopens the finished check read-only by ?orderNo=.
  await page.goto('/en/history');
  await page.getByRole('link', { name: 'Open result' }).first().click();
  await expect(page).toHaveURL(/\/en\/refchecker\?orderNo=/);
  await expect(cards(page)).toHaveCount(3, { timeout: 20_000 });
});

test('[TOOL-05] [SITE-19] checks a pasted list in German: verified, not found, and a citation missing from the list', async ({ page }) => {
  await signUpFresh(page, { tag: 'rcde', returnTo: '/en/refchecker' });
  await page.goto('/de/refchecker');
  const paper = [
    'Tiefe Netze lernen Repräsentationen (LeCun et al., 2015), und Schlaf verbessert Aufsätze (Okafor, 2022).',
    '',
    'Literatur',
    '',
    'LeCun, Y., Bengio, Y., & Hinton, G. (2015). Deep learning. Nature, 521(7553), 436–444.',
    'Okafor, B. (2023). Midnight revision habits and the grammar of persuasive essays. Journal of Nocturnal Pedagogy, 7(1), 12–29.',
  ].join('\n');
  await page.getByRole('textbox', { name: 'Deine Arbeit, dein Literaturverzeichnis, BibTeX oder RIS' }).fill(paper);
  await page.getByRole('button', { name: 'Quellen prüfen' }).click();
  await expect(cards(page)).toHaveCount(2, { timeout: 20_000 });
  await expect(cards(page).nth(0).getByText('Bestätigt', { exact: true })).toBeVisible();
  await expect(cards(page).nth(1).getByText('Nicht gefunden – möglicherweise erfunden')).toBeVisible();
  await expect(page.getByText('„Okafor, 2022“: Das Verzeichnis nennt das Jahr 2023 (Quelle 2).')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Zitate im Text' })).toBeVisible();
});

test('[TOOL-05] [SITE-19] on an Arabic page a card shows a DOI and names in their own order, not reversed by the page direction', async ({ page }) => {
  await signUpFresh(page, { tag: 'rcar', returnTo: '/en/refchecker' });
  await page.goto('/ar/refchecker');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('[data-refchecker][data-ready]')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: translate('ar', 'refcheck.sample') }).click();
  await page.getByRole('button', { name: translate('ar', 'refcheck.check') }).click();
  await expect(cards(page)).toHaveCount(3, { timeout: 20_000 });
  const invented = cards(page).nth(1);
  await invented.getByText(translate('ar', 'refcheck.fieldsToggle')).click();
  /** Whether `first` is drawn to the left of `second` inside the element holding exactly `text`. */
  const drawnInOrder = (cell: Locator, first: string, second: string) =>
    cell.evaluate((el, [a, b]) => {
      const node = el.firstChild!;
      const left = (part: string) => {
        const range = document.createRange();
        const at = node.textContent!.indexOf(part);
        range.setStart(node, at);
        range.setEnd(node, at + part.length);
        return range.getBoundingClientRect().left;
      };
      return left(a!) < left(b!);
    }, [first, second]);
  // "10.99999/jch.2021.0142" must not read "jch.2021.0142/10.99999".
  const doi = invented.locator('dd', { hasText: '10.99999/jch.2021.0142' });
  await expect(doi).toBeVisible();
  expect(await drawnInOrder(doi, '10.99999', 'jch.2021')).toBe(true);
  const listed = invented.getByRole('table').getByRole('cell', { name: '10.99999/jch.2021.0142' });
  expect(await drawnInOrder(listed, '10.99999', 'jch.2021')).toBe(true);
  // "Marlowe, T.; Quint, A." keeps its final full stop after the last name.
  const authors = invented.locator('dd', { hasText: 'Marlowe, T.; Quint, A.' });
  expect(await drawnInOrder(authors, 'Quint', 'A.')).toBe(true);
  expect(await authors.evaluate((el) => el.matches(':dir(ltr)'))).toBe(true);
});

test('[TOOL-05] by keyboard: Enter on "Check references" runs it, and the focus is back on the button when the cards are shown', async ({ page }) => {
  await signUpFresh(page, { tag: 'rckb', returnTo: '/en/refchecker' });
  await expect(page.locator('[data-refchecker][data-ready]')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Try a sample' }).focus();
  await page.keyboard.press('Enter');
  const run = page.getByRole('button', { name: 'Check references' });
  await run.focus();
  await page.keyboard.press('Enter');
  await expect(cards(page)).toHaveCount(3, { timeout: 20_000 });
  await expect(run).toBeFocused();
});

test('[TOOL-05] where lookups are off the page says so before the run, and not where they are on', async ({ page }) => {
  await page.goto('/en/refchecker');
  await expect(page.locator('[data-refchecker][data-ready="true"]')).toBeVisible();
  await expect(page.locator('[data-lookups-off]')).toHaveCount(0);
  // The same page on an installation whose lookups are off (REFERENCE_LOOKUPS=false answers this; tests/api covers it).
  await page.route('**/api/engines', async (route) => {
    const answer = await (await route.fetch()).json();
    await route.fulfill({ json: { ...answer, data: { ...answer.data, references: { online: false } } } });
  });
  await page.goto('/fr/refchecker');
  await expect(page.locator('[data-lookups-off]')).toHaveText(translate('fr', 'refcheck.onlineOffBefore'));
});

test('[TOOL-05] Paste puts the clipboard into the checker, as on the other tools, and says so when the browser refuses', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/en/refchecker');
  await expect(page.locator('[data-refchecker][data-ready="true"]')).toBeVisible();
  const list = 'LeCun, Y., Bengio, Y., & Hinton, G. (2015). Deep learning. Nature, 521(7553), 436–444.';
  await page.evaluate((text) => navigator.clipboard.writeText(text), list);
  await page.getByRole('button', { name: 'Paste text' }).click();
  await expect(page.getByRole('textbox', { name: translate('en', 'refcheck.inputLabel') })).toHaveValue(list);
  await context.clearPermissions();
  await page.evaluate(() => Object.defineProperty(navigator.clipboard, 'readText', { value: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) }));
  await page.getByRole('button', { name: 'Paste text' }).click();
  await expect(page.getByRole('alert')).toHaveText(translate('en', 'humanizer.clipboardDenied'));
});
