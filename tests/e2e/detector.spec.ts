import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { extractText, getDocumentProxy } from 'unpdf';
import { signUpFresh } from './mailbox.ts';

test.use({ viewport: { width: 1280, height: 900 } });

const essay = [
  'Climate change represents one of the most significant challenges facing humanity in the twenty-first century.',
  'Furthermore, it is important to note that rising global temperatures have far-reaching implications for ecosystems, economies, and communities around the world.',
  'Additionally, governments must implement comprehensive policies that address both mitigation and adaptation in order to ensure a sustainable future for generations to come.',
  'Moreover, individuals can play a crucial role by adopting environmentally friendly practices in their daily lives, such as reducing energy consumption.',
  'In conclusion, addressing climate change requires a collaborative effort from all sectors of society.',
].join(' ');


const source = (page: Page) => page.locator('[data-tool=detector] [data-source] .ProseMirror');
/** Types into the detector as a person does: reaching for the editor hydrates it at once. */
async function typeText(page: Page, text: string) {
  await page.locator('[data-tool=detector] [data-source]').hover({ position: { x: 8, y: 8 } });
  await source(page).fill(text);
}

/** The essay as two paragraphs: the result must keep them apart, as the source and the report do. */
const [firstParagraph, secondParagraph] = [essay.slice(0, essay.indexOf(' Moreover')), essay.slice(essay.indexOf('Moreover'))];

test('[TOOL-01] checks pasted text and shows the gauge, the verdict and highlighted sentences, paragraphs kept', async ({ page }) => {
  await signUpFresh(page, { tag: 'dt', returnTo: '/en/ai-detector' });
  await typeText(page, `${firstParagraph}\n${secondParagraph}`);
  await expect(page.getByText(/Costs \d+ beans · Report: \d+ beans/)).toBeVisible();
  await page.getByRole('button', { name: 'Check for AI' }).click();
  await expect(page.locator('[data-verdict]')).toHaveText(/Likely (AI|human)-written/, { timeout: 20_000 });
  await expect(page.locator('[data-gauge-text]')).toHaveText(/^\d+%$/);
  // One verdict: the number shown is the AI score the heading is read from, labelled with its line.
  await expect(page.getByText('AI score · flagged as AI from 50%').first()).toBeVisible();
  const score = Number((await page.locator('[data-gauge-text]').textContent())!.replace('%', ''));
  await expect(page.locator('[data-verdict]')).toHaveText(score >= 50 ? 'Likely AI-written' : 'Likely human-written');
  const share = Number(/^(\d+)%/.exec((await page.locator('[data-share]').textContent())!)![1]);
  expect(share > 0).toBe(score >= 50);
  await expect(page.locator('[data-highlights] span.dt-likelyAi')).toHaveCount(score >= 50 ? Number((await page.locator('[data-count="likelyAi"]').textContent())!.replace(/\D/g, '')) : 0);
  await expect(page.locator('[data-highlights] span[class^="dt-"]')).toHaveCount(5);
  await expect(page.locator('[data-highlights]')).toHaveText(essay);
  // The highlighted text keeps the paragraph break (it ran the paragraphs together).
  expect((await page.locator('[data-highlights]').innerText()).split(/\n+/).map((p) => p.trim())).toEqual([firstParagraph, secondParagraph]);
  const title = await page.locator('[data-highlights] span').first().getAttribute('title');
  expect(title).toMatch(/^AI likelihood \d+%$/);
  // "Humanize this text" hands the text to the humanizer.
  await page.getByRole('link', { name: 'Humanize this text' }).click();
  await expect(page).toHaveURL(/\/en\/essay-humanizer$/);
  await expect(page.locator('[data-tool=humanizer] [data-source] .ProseMirror')).toContainText('Climate change represents');
});

test('[TOOL-01] [UPL-05] checks an uploaded DOCX', async ({ page }) => {
  await signUpFresh(page, { tag: 'dt', returnTo: '/en/ai-detector' });
  const docx = await Packer.toBuffer(new Document({ sections: [{ children: essay.split('. ').map((s) => new Paragraph({ children: [new TextRun(s)] })) }] }));
  await page.locator('[data-tool=detector] input[type=file]').setInputFiles({ name: 'climate.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: docx });
  await expect(source(page)).toContainText('Climate change represents');
  await page.getByRole('button', { name: 'Check for AI' }).click();
  await expect(page.locator('[data-highlights] span[class^="dt-"]').first()).toBeVisible({ timeout: 20_000 });
});

test('[TOOL-02] buys the report, downloads the PDF and reads it back, shares and revokes the link', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpFresh(page, { tag: 'dt', returnTo: '/en/ai-detector' });
  await typeText(page, essay);
  await page.getByRole('button', { name: 'Get the AI writing report' }).click();
  // Beans are spent only after a confirmation that names the price.
  const confirm = page.getByRole('dialog', { name: 'Buy the AI writing report?' });
  await expect(confirm).toContainText(/The report costs \d+ beans/);
  await confirm.getByRole('button', { name: 'Buy the report' }).click();
  const view = page.locator('[data-report-view]');
  await expect(view.getByRole('heading', { name: 'AI writing report' })).toBeVisible({ timeout: 20_000 });
  await expect(view.locator('[data-rp-figure]')).toHaveText(/^(\d+%|\*%)$/);
  await expect(view.locator('[data-rp-file]')).toHaveText('(pasted text)');
  await expect(view.locator('[data-rp-words]')).toHaveText(String(essay.split(' ').length));

  const downloading = page.waitForEvent('download');
  await view.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^ai-report-.+\.pdf$/);
  const pdf = await getDocumentProxy(new Uint8Array(await readFile((await download.path())!)));
  const { text } = await extractText(pdf, { mergePages: true });
  expect(text).toContain('AI Writing Report');
  expect(text).toContain('Submission details');
  expect(text.replace(/\s+/g, ' ')).toContain('Climate change represents one of the most significant challenges');

  await view.getByRole('button', { name: 'Create a share link' }).click();
  const linkInput = view.getByLabel('Anyone with this link can view the report');
  await expect(linkInput).toHaveValue(/\/en\/report#t=[A-Za-z0-9_-]{32}$/);
  const link = await linkInput.inputValue();
  const visitor = await context.browser()!.newPage();
  await visitor.goto(link);
  await expect(visitor.locator('[data-rp-text]')).toContainText('Climate change represents');
  await expect(visitor.getByRole('link', { name: 'Download PDF' })).toBeVisible();
  // [LOC-02] The PDF is asked for in the page's language.
  await expect(visitor.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', /[?&]locale=en(&|$)/);
  await expect(visitor.locator('[data-rp-owner]')).toBeHidden();
  await view.getByRole('button', { name: 'Revoke link' }).click();
  await page.getByRole('dialog', { name: 'Revoke this share link?' }).getByRole('button', { name: 'Revoke link' }).click();
  await expect(page.getByText('The link no longer works.')).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByText('This report link no longer works. Ask its owner for a new one.')).toBeVisible();
  await visitor.close();

  // The history opens the finished report again.
  await page.goto('/en/history');
  await page.getByRole('link', { name: 'Open result' }).first().click();
  await expect(page).toHaveURL(/\/en\/ai-detector\?report=/);
  await expect(page.locator('[data-report-view] [data-rp-text]')).toContainText('Climate change represents');
});

test('[HUM-04] [HUM-03] on the home page the humanizer result goes to the detector below it', async ({ page }) => {
  await page.goto('/en');
  await expect(page.getByRole('heading', { name: 'An AI detector that is careful with students' })).toBeVisible();
  await page.locator('[data-tool=humanizer]').getByRole('button', { name: 'Try a sample' }).click();
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(page.getByText('Version 1 of 1')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'Check it with the AI detector' }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.locator('[data-tool=detector] [data-source] .ProseMirror')).toContainText('Gallup');
});
