import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { extractText, getDocumentProxy } from 'unpdf';
import { locales } from '../../src/i18n/locales.ts';
import { translate } from '../../src/i18n/translate.ts';
import { signUpFresh } from './mailbox.ts';

test.use({ viewport: { width: 1280, height: 900 } });

// The library holds the two documents of tests/fixtures/plagiarism-sources.jsonl (PLAGIARISM_SOURCES in playwright.config.ts).
const fromVolcanoes =
  'As magma rises towards the surface, the falling pressure lets water vapour and carbon dioxide come out of solution, much like bubbles in an opened bottle of soda.';
const fromBees = 'The angle of the dance relative to gravity shows where the food lies relative to the sun, and the length of the waggle run tells the distance.';
const own =
  "Last summer I worked in my uncle's bakery, where I learned to shape bread before sunrise. The work taught me patience, because dough cannot be hurried, and it taught me to listen to customers who came in tired and left a little happier.";

test('[TOOL-03] [UPL-05] checks a text with passages of two library sources: both sources, shares, passages highlighted on both sides, filters, PDF, history; an original text scores 0%', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpFresh(page, { tag: 'pl', returnTo: '/en/plagiarism-checker' });
  // The island is hydrated once it has asked the library for its size.
  await expect(page.getByText("Checked against 2 documents in this installation's library, not the web.")).toBeVisible();
  const box = page.getByRole('textbox', { name: 'Text to check' });
  await box.fill(`${own}\n\n${fromVolcanoes}\n\nAnimals talk as well. ${fromBees}`);
  await expect(page.getByText(/^Costs \d+ beans$/)).toBeVisible();
  await page.getByRole('button', { name: 'Check for plagiarism' }).click();

  const report = page.locator('[data-report]');
  await expect(report.getByRole('heading', { name: 'Similarity report' })).toBeVisible({ timeout: 30_000 });
  await expect(report.locator('[data-percent]')).toHaveText(/^([3-9]\d)%$/);
  await expect(report.locator('[data-coverage]')).toHaveText("Checked against 2 documents in this installation's library, not the web.");
  const rows = report.locator('[data-sources] li');
  await expect(rows).toHaveCount(2);
  await expect(report.getByRole('link', { name: 'How volcanoes erupt' })).toHaveAttribute('href', 'https://example.org/volcanoes');
  await expect(report.locator('[data-sources]')).toContainText('The waggle dance');

  const passages = report.locator('[data-passage]');
  await expect(passages).toHaveCount(2);
  // Sources are numbered in order of appearance: the volcanoes first, then the bees.
  for (const [source, sentence, label, title] of [
    [0, fromVolcanoes, 'Identical', 'How volcanoes erupt'],
    [1, fromBees, 'Minor changes', 'The waggle dance'],
  ] as const) {
    const passage = report.locator(`[data-passage][data-source="${source}"]`);
    await expect(passage).toContainText(`[${source + 1}] ${title} · ${label}`);
    await expect(passage.locator('[data-side="text"] mark')).toHaveText(sentence);
    await expect(passage.locator('[data-side="source"] mark')).toHaveText(/^The angle of the dance|^As magma rises/);
  }
  await expect(report.locator('[data-passage][data-source="0"] [data-side="source"] mark')).toHaveText(fromVolcanoes);
  await expect(report.locator('[data-passage][data-source="1"] [data-side="source"] mark')).toHaveText(
    'The angle of the dance relative to gravity shows the direction of the food relative to the sun, and the length of the waggle run tells the distance.',
  );
  await expect(report.locator('[data-full-text] mark')).toHaveCount(2);

  // Excluding a source takes its passages out of the figure at once.
  const before = await report.locator('[data-percent]').textContent();
  await rows.filter({ hasText: 'The waggle dance' }).getByLabel('Exclude').check();
  await expect(passages).toHaveCount(1);
  await expect(report.locator('[data-percent]')).not.toHaveText(before!);

  const downloading = page.waitForEvent('download');
  await report.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^similarity-report-.+\.pdf$/);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await readFile((await download.path())!))), { mergePages: true });
  expect(text).toContain('Similarity Report');
  expect(text.replace(/\s+/g, ' ')).toContain('1 source excluded');

  // The history opens the finished report again.
  await page.goto('/en/history');
  await page.getByRole('link', { name: 'Open' }).first().click();
  await expect(page).toHaveURL(/\/en\/plagiarism-checker\?orderNo=/);
  await expect(page.locator('[data-report] [data-passage]')).toHaveCount(2, { timeout: 20_000 });

  // An original text, uploaded as a DOCX: 0%, no source.
  await page.goto('/en/plagiarism-checker');
  await expect(page.getByText(/Checked against 2 documents/)).toBeVisible();
  const docx = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph({ children: [new TextRun(own)] })] }] }));
  await page.getByLabel('Upload a file').setInputFiles({ name: 'bakery.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: docx });
  await expect(page.getByRole('textbox', { name: 'Text to check' })).toHaveValue(/Last summer I worked in my uncle's bakery/);
  await page.getByRole('button', { name: 'Check for plagiarism' }).click();
  await expect(page.locator('[data-report] [data-percent]')).toHaveText('0%', { timeout: 30_000 });
  await expect(page.getByText('No passage of your text matches a document in the library.')).toBeVisible();
  await expect(page.getByText('Checked against 2 documents in this installation\'s library, not the web.').last()).toBeVisible();
});

test('[TOOL-03] [SITE-19] the checker speaks every locale, right to left in Arabic, and a visitor is sent to sign up', async ({ page }) => {
  test.setTimeout(60_000);
  // Every locale's pre-rendered page carries the checker in its language (the island's server-rendered HTML).
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/'/g, '&#39;');
  for (const { code } of locales) {
    const html = await (await page.request.get(`/${code}/plagiarism-checker`)).text();
    for (const key of ['plagiarism.check', 'plagiarism.sourceLabel', 'plagiarism.placeholder'] as const) expect(html, `${code} ${key}`).toContain(escape(translate(code, key)));
  }
  await page.goto('/ar/plagiarism-checker');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The library's two documents, in Arabic's dual form (مستندين, no numeral needed), library alone or with the web.
  await expect(page.locator('[data-library]')).toHaveText(new RegExp(`^(${[translate('ar', 'plagiarism.coverage', { count: 2 }), translate('ar', 'plagiarism.coverageWeb', { count: 2 })].join('|')})$`));
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await page.getByLabel(translate('ar', 'plagiarism.sourceLabel')).fill(own);
  await page.getByRole('button', { name: translate('ar', 'plagiarism.check') }).click();
  await expect(page).toHaveURL(/\/ar\/signup\?cb=%2Far%2Fplagiarism-checker/);
});
