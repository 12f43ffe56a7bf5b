import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import mammoth from 'mammoth';
import PDFDocument from 'pdfkit';
import { signUpFresh } from './mailbox.ts';

const sentence = 'Moreover, it is important to note that students often write essays about climate policy in 2024.';
/** English prose of exactly `words` words (the sentence has 16). */
const prose = (words: number) => {
  const all = Array.from({ length: Math.ceil(words / 16) }, () => sentence).join(' ').split(' ');
  return all.slice(0, words).join(' ').replace(/[,.]?$/, '.');
};

test.use({ viewport: { width: 1280, height: 900 } });


/** Buys Pro monthly through the sandbox, as the pricing page would, then reloads the user. */
async function becomePro(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    const headers = { authorization: `Bearer ${JSON.parse(localStorage.getItem('user')!).accessToken}`, 'content-type': 'application/json' };
    const post = async (url: string, body: unknown) => (await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) })).json();
    const order = await post('/api/createOrder', { productId: 3, currency: 'USD' });
    const pay = await post('/api/createPayment', { orderNo: order.data.orderNo });
    const session = new URL(pay.data.payUrl).searchParams.get('session');
    await post('/api/payment/sandbox/complete', { id: session, outcome: 'succeeded' });
  });
  await page.goto('/en/user/subscription');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Pro', exact: true })).toBeVisible();
}

const source = (page: Page) => page.locator('humanizer-editor [data-source] .ProseMirror');
const target = (page: Page) => page.locator('humanizer-editor [data-target] .ProseMirror');

async function typeText(page: Page, text: string) {
  await source(page).fill(text);
}

test('[HUM-05] [HUM-06] [HUM-14] a visitor sees the price, the sample is free, and Humanize leads to sign-up', async ({ page }) => {
  await page.goto('/en');
  const humanize = page.getByRole('button', { name: 'Humanize', exact: true });
  await expect(humanize).toBeDisabled();
  await expect(page.locator('humanizer-editor').getByRole('button', { name: 'Try a sample' })).toBeVisible();
  await expect(page.locator('humanizer-editor').getByRole('button', { name: 'Paste text' })).toBeVisible();
  await expect(page.locator('humanizer-editor').getByText('Upload a file')).toBeVisible();
  await page.locator('humanizer-editor').getByRole('button', { name: 'Try a sample' }).click();
  await expect(page.getByText('The sample is free')).toBeVisible();
  await typeText(page, prose(120));
  await expect(page.getByText('Costs 12 beans')).toBeVisible();
  await expect(page.getByText('120 / 300 words')).toBeVisible();
  await humanize.click();
  await expect(page).toHaveURL(/\/en\/signup\?cb=%2Fen/);
  await expect(page.getByText('Please log in to use this feature.')).toBeVisible();
});

test('[HUM-11] the sample run resolves without an order or a charge, and refuses re-humanize', async ({ page }) => {
  await page.goto('/en');
  await page.locator('humanizer-editor').getByRole('button', { name: 'Try a sample' }).click();
  const calls: string[] = [];
  page.on('request', (r) => calls.push(new URL(r.url()).pathname));
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(page.getByText('Humanizing your text…')).toBeVisible();
  await expect(target(page)).toContainText('Gallup', { timeout: 20_000 });
  await expect(page.getByText('Version 1 of 1')).toBeVisible();
  expect(calls).not.toContain('/api/createOrder');
  expect(calls).not.toContain('/api/createPayment');
  await page.getByRole('button', { name: 'Re-humanize' }).click();
  await expect(page.getByText("Sample content can't be rehumanized")).toBeVisible();
});

test('[HUM-07] [HUM-17] [HUM-02] [HUM-24] a free user humanizes 250 words, is refused at 301, rates, copies and downloads', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpFresh(page, { tag: 'hm' });
  await typeText(page, prose(301));
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(page.getByText('Your plan allows up to 300 words per run. Upgrade to unlock more words.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Unlock more words' })).toBeVisible();

  await typeText(page, prose(250));
  await expect(page.getByText('Costs 25 beans')).toBeVisible();
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(page.getByText('Version 1 of 1')).toBeVisible({ timeout: 20_000 });
  await expect(target(page)).toContainText('2024');
  await expect(page.locator('[data-target] [data-change]').first()).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.locator('#account-menu').getByText('75 beans')).toBeVisible();
  await page.keyboard.press('Escape');

  const rated = page.waitForResponse((r) => r.url().endsWith('/api/orderRating'));
  await page.getByRole('button', { name: 'Good result' }).click();
  await page.getByRole('button', { name: 'Poor result' }).click();
  expect((await rated).request().postDataJSON()).toMatchObject({ rating: 1 });
  await expect(page.getByText('Feedback submitted successfully')).toBeVisible();

  await page.getByRole('button', { name: 'Copy' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('2024');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download .docx' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.docx$/);
  const { value } = await mammoth.extractRawText({ path: await download.path() });
  expect(value.trim()).toBe(copied.trim());

  // [HUM-12] The finished order opens read-only by its number.
  const orderNo = await page.evaluate(async () => {
    const headers = { authorization: `Bearer ${JSON.parse(localStorage.getItem('user')!).accessToken}`, 'content-type': 'application/json' };
    const list = await (await fetch('/api/essay/history?page=1&size=10', { headers })).json();
    return list.data.list[0].jobId as string;
  });
  await page.goto(`/en?orderNo=${orderNo}`);
  await expect(page.getByText('You are viewing a finished result. It cannot be edited.')).toBeVisible();
  await expect(target(page)).toContainText('2024');
  await expect(source(page)).toHaveAttribute('contenteditable', 'false');
  await expect(page.getByRole('button', { name: 'Humanize', exact: true })).toBeDisabled();
});

test('[HUM-09] [HUM-10] [HUM-14] a pro user runs Ultra, re-humanizes to five versions and is stopped at the sixth', async ({ page }) => {
  await signUpFresh(page, { tag: 'hm' });
  await becomePro(page);
  await page.goto('/en');
  await typeText(page, prose(200));
  await page.getByRole('switch', { name: 'Ultra' }).check({ force: true });
  await expect(page.getByText('Costs 40 beans')).toBeVisible();
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(page.getByText('Version 1 of 1')).toBeVisible({ timeout: 20_000 });
  const rehumanize = page.getByRole('button', { name: 'Re-humanize' });
  for (let n = 2; n <= 5; n++) {
    await rehumanize.click();
    await expect(page.getByText(`Version ${n} of ${n}`)).toBeVisible({ timeout: 20_000 });
  }
  await expect(rehumanize).toBeDisabled();
  await expect(rehumanize).toHaveAttribute('title', 'Each payment allows up to 5 free re-executions, and all have been used.');
  await page.getByRole('button', { name: 'Previous version' }).click();
  await expect(page.getByText('Version 4 of 5')).toBeVisible();
  // Opening the fifth version by number loads the group; the pager fetches the others when it reaches them.
  const last = await page.evaluate(async () => {
    const headers = { authorization: `Bearer ${JSON.parse(localStorage.getItem('user')!).accessToken}` };
    const list = await (await fetch('/api/essay/history?page=1&size=10', { headers })).json();
    return list.data.list[0].jobId as string;
  });
  await page.goto(`/en?orderNo=${last}`);
  await expect(page.getByText('Version 5 of 5')).toBeVisible();
  const versionLoad = page.waitForResponse((r) => r.url().endsWith('/api/humanizer'));
  await page.getByRole('button', { name: 'Previous version' }).click();
  await versionLoad;
  await expect(page.getByText('Version 4 of 5')).toBeVisible();
  // The server refuses a sixth even when asked directly.
  const sixth = await page.evaluate(async (origin) => {
    const headers = { authorization: `Bearer ${JSON.parse(localStorage.getItem('user')!).accessToken}`, 'content-type': 'application/json' };
    return (await fetch('/api/createOrder', { method: 'POST', headers, body: JSON.stringify({ productId: 9, extraInfo: { originOrderNo: origin } }) })).json();
  }, last);
  expect(sixth.message).toBe('Each payment allows up to 5 free re-executions, and all have been used.');
});

test('[HUM-14] Ultra asks a free member to try Premium', async ({ page }) => {
  await signUpFresh(page, { tag: 'hm' });
  await typeText(page, prose(50));
  // The switch springs back: the plan dialog explains why.
  await page.getByRole('switch', { name: 'Ultra' }).click({ force: true });
  const dialog = page.getByRole('dialog', { name: 'A Premium feature' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Try Premium' })).toHaveAttribute('href', '/en/try-premium');
  await expect(page.getByRole('switch', { name: 'Ultra' })).not.toBeChecked();
});

async function pdfBytes(lines: string[]): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (const line of lines) doc.text(line);
    doc.end();
  });
}

test('[UPL-02] [UPL-05] [UPL-06] uploads of a PDF, a DOCX and a DOC fill the editor; a bad file shows the error', async ({ page }) => {
  await signUpFresh(page, { tag: 'hm' });
  const input = page.locator('humanizer-editor input[type=file]');
  await input.setInputFiles({ name: 'essay.pdf', mimeType: 'application/pdf', buffer: await pdfBytes(['A PDF essay about rivers.', 'Its second paragraph.']) });
  await expect(source(page)).toContainText('A PDF essay about rivers.');
  await expect(page.getByText('File uploaded successfully!')).toBeVisible();
  await page.getByRole('button', { name: 'Clear the text' }).click();
  const docx = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph({ children: [new TextRun('A DOCX essay about lakes.')] })] }] }));
  await input.setInputFiles({ name: 'essay.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: docx });
  await expect(source(page)).toContainText('A DOCX essay about lakes.');
  await page.getByRole('button', { name: 'Clear the text' }).click();
  await input.setInputFiles({ name: 'essay.doc', mimeType: 'application/msword', buffer: readFileSync(new URL('../fixtures/sample.doc', import.meta.url)) });
  await expect(source(page)).toContainText('This essay was written in Word 97.');
  await page.getByRole('button', { name: 'Clear the text' }).click();
  await input.setInputFiles({ name: 'essay.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ this is a program, not a PDF') });
  await expect(page.getByText('We could not read this file. It may be damaged, or not really a PDF, DOCX or DOC.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain') });
  await expect(page.getByText('Upload a PDF, DOCX or DOC file.')).toBeVisible();
});

test('[HUM-03] the result link carries the text to the AI detector page', async ({ page }) => {
  await page.goto('/en/essay-humanizer');
  await page.locator('humanizer-editor').getByRole('button', { name: 'Try a sample' }).click();
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(page.getByText('Version 1 of 1')).toBeVisible({ timeout: 20_000 });
  const plain = await target(page).innerText();
  await page.getByRole('link', { name: 'Check it with the AI detector' }).click();
  await expect(page).toHaveURL(/\/en\/ai-detector$/);
  const detectorText = page.locator('detector-editor [data-source] .ProseMirror');
  await expect(detectorText).toContainText('Gallup');
  expect((await detectorText.innerText()).replace(/\s+/g, ' ').trim()).toBe(plain.replace(/\s+/g, ' ').trim());
});

for (const [locale, texts] of [
  ['fr', { humanize: 'Humaniser', sample: 'Essayer un exemple' }],
  ['ja', { humanize: 'ヒューマナイズ', sample: 'サンプルを試す' }],
] as const) {
  test(`[HUM-01] the humanizer works in ${locale}`, async ({ page }) => {
    await page.goto(`/${locale}`);
    const sample = page.locator('humanizer-editor').getByRole('button', { name: texts.sample });
    await expect(sample).toBeVisible();
    await sample.click();
    await expect(source(page)).toContainText('Gallup');
    await page.getByRole('button', { name: texts.humanize, exact: true }).click();
    await expect(page.locator('humanizer-editor [data-version]')).not.toBeEmpty({ timeout: 20_000 });
    await expect(target(page)).toContainText('Gallup');
  });
}

test('[SITE-20] debug mode loads test content into the editors', async ({ page }) => {
  await page.goto('/en');
  await page.evaluate(() => localStorage.setItem('inkwise-debug', 'on'));
  await page.reload();
  await page.locator('humanizer-editor').hover();
  await page.getByRole('button', { name: 'Load test content' }).click();
  await expect(source(page)).toContainText('Gallup');
  await expect(target(page)).toContainText('Gallup');
});

test('[HUM-20] paste explains a refused clipboard and an unsupported one', async ({ page }) => {
  await page.goto('/en');
  // No clipboard permission granted: reading is refused.
  await page.locator('humanizer-editor').getByRole('button', { name: 'Paste text' }).click();
  await expect(page.getByText("We can't access your clipboard. Please paste manually: right-click on desktop or long press on mobile.")).toBeVisible();
  await page.addInitScript(() => Object.defineProperty(navigator, 'clipboard', { value: {}, configurable: true }));
  await page.reload();
  await page.locator('humanizer-editor').getByRole('button', { name: 'Paste text' }).click();
  await expect(page.getByText('Clipboard read API not supported in this browser.')).toBeVisible();
});

test('[HUM-08] a finished run notifies a hidden tab, and blocked notifications show how to enable them', async ({ page }) => {
  await page.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { shown: string[] }).shown = shown;
    class FakeNotification {
      static get permission() {
        return (window as unknown as { notifyPermission?: string }).notifyPermission ?? 'granted';
      }
      static requestPermission = async () => FakeNotification.permission;
      constructor(title: string) {
        shown.push(title);
      }
    }
    Object.defineProperty(window, 'Notification', { value: FakeNotification, configurable: true });
    Object.defineProperty(document, 'hidden', { get: () => true, configurable: true });
  });
  await page.goto('/en');
  await page.locator('humanizer-editor').getByRole('button', { name: 'Try a sample' }).click();
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(page.getByText('Version 1 of 1')).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(() => (window as unknown as { shown: string[] }).shown)).toEqual(['Your text is humanized']);

  await page.addInitScript(() => ((window as unknown as { notifyPermission: string }).notifyPermission = 'denied'));
  await page.reload();
  await page.locator('humanizer-editor').getByRole('button', { name: 'Try a sample' }).click();
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(page.getByText('Notifications are blocked, so we cannot tell you when a result is ready.')).toBeVisible();
  await page.getByRole('button', { name: 'How to enable them' }).click();
  await expect(page.getByText('Open your browser’s site settings for this page, allow notifications, then reload.')).toBeVisible();
});

test('[HUM-23] a quote error shows beneath the editor; a polling error closes the loader', async ({ page }) => {
  await signUpFresh(page, { tag: 'hm' });
  await page.route('**/api/calculateSettlement', (route) => route.fulfill({ json: { code: 1, message: 'Pricing is briefly unavailable.' } }));
  await typeText(page, prose(40));
  await expect(page.locator('humanizer-editor [data-quote-error]')).toHaveText('Pricing is briefly unavailable.');
  await page.unroute('**/api/calculateSettlement');
  await page.route('**/api/humanizer', (route) => route.fulfill({ json: { code: 1, message: 'The result could not be read.' } }));
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(page.getByText('The result could not be read.')).toBeVisible();
  await expect(page.locator('humanizer-editor [data-overlay]')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Humanize', exact: true })).toBeEnabled();
});
