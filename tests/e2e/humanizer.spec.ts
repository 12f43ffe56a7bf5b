import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import mammoth from 'mammoth';
import PDFDocument from 'pdfkit';
import { signUpFresh } from './mailbox.ts';
import { translate } from '../../src/i18n/translate.ts';

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

const source = (page: Page) => page.locator('[data-tool=humanizer] [data-source] .ProseMirror');
const target = (page: Page) => page.locator('[data-tool=humanizer] [data-target] .ProseMirror');

async function typeText(page: Page, text: string) {
  // A person reaches for the editor first: that hydrates it at once.
  await page.locator('[data-tool=humanizer] [data-source]').hover({ position: { x: 8, y: 8 } });
  await source(page).fill(text);
}

test('[HUM-05] [HUM-06] [HUM-14] a visitor sees the price, the sample is free, and Humanize leads to sign-up', async ({ page }) => {
  await page.goto('/en');
  const humanize = page.getByRole('button', { name: 'Humanize', exact: true });
  await expect(humanize).toBeDisabled();
  await expect(page.locator('[data-tool=humanizer]').getByRole('button', { name: 'Try a sample' })).toBeVisible();
  await expect(page.locator('[data-tool=humanizer]').getByRole('button', { name: 'Paste text' })).toBeVisible();
  await expect(page.locator('[data-tool=humanizer]').getByText('Upload a file')).toBeVisible();
  // The browser suite runs without a language model: the page says so before anyone pays (issue 30).
  await expect(page.locator('[data-light-mode]')).toHaveText(translate('en', 'humanizer.lightNotice'));
  await page.locator('[data-tool=humanizer]').getByRole('button', { name: 'Try a sample' }).click();
  await expect(page.getByText('The sample is free')).toBeVisible();
  await typeText(page, prose(120));
  await expect(page.getByText('Costs 12 beans')).toBeVisible();
  await expect(page.getByText('120 / 300 words')).toBeVisible();
  // The result's placeholder stays until there is a result.
  await expect(page.getByText('Your humanized text will appear here.')).toBeVisible();
  await humanize.click();
  await expect(page).toHaveURL(/\/en\/signup\?cb=%2Fen/);
  await expect(page.getByText('Please log in to use this feature.')).toBeVisible();
});

/** A Notification stand-in whose permission is `default` and which counts permission requests. */
const countPermissionRequests = () => {
  (window as unknown as { asked: number }).asked = 0;
  class FakeNotification {
    static permission = 'default';
    static requestPermission = async () => {
      (window as unknown as { asked: number }).asked += 1;
      return 'default';
    };
  }
  Object.defineProperty(window, 'Notification', { value: FakeNotification, configurable: true });
};
const permissionRequests = (page: Page) => page.evaluate(() => (window as unknown as { asked: number }).asked);

test('[HUM-11] the sample run resolves without an order or a charge, and refuses re-humanize', async ({ page }) => {
  await page.addInitScript(countPermissionRequests);
  await page.goto('/en');
  await page.locator('[data-tool=humanizer]').getByRole('button', { name: 'Try a sample' }).click();
  const calls: string[] = [];
  page.on('request', (r) => calls.push(new URL(r.url()).pathname));
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(page.getByText('Humanizing your text…')).toBeVisible();
  await expect(target(page)).toContainText('Gallup', { timeout: 20_000 });
  await expect(page.getByText('Version 1 of 1')).toBeVisible();
  expect(calls).not.toContain('/api/createOrder');
  expect(calls).not.toContain('/api/createPayment');
  // [HUM-08] The sample never asks for notification permission.
  expect(await permissionRequests(page)).toBe(0);
  await page.getByRole('button', { name: 'Re-humanize' }).click();
  const toast = page.getByText("Sample content can't be rehumanized");
  await expect(toast).toBeVisible();
  // Toasts never cover the header.
  const header = (await page.getByRole('banner').boundingBox())!;
  const toastBox = (await toast.boundingBox())!;
  expect(toastBox.y >= header.y + header.height || toastBox.y + toastBox.height <= header.y).toBe(true);
});

test('[HUM-07] [HUM-17] [HUM-02] [HUM-24] a free user humanizes 250 words, is refused at 301, rates, copies and downloads', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(countPermissionRequests);
  await signUpFresh(page, { tag: 'hm' });
  await typeText(page, prose(301));
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(page.getByText('Your plan allows up to 300 words per run. Upgrade to unlock more words.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Unlock more words' })).toBeVisible();

  await typeText(page, prose(250));
  await expect(page.getByText('Costs 25 beans')).toBeVisible();
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(page.getByText('Version 1 of 1')).toBeVisible({ timeout: 20_000 });
  // The browser suite runs without the embedded model: the version says it is the light mode.
  await expect(page.locator('[data-engine="rules"]')).toHaveText(translate('en', 'humanizer.engine.rules'));
  await expect(target(page)).toContainText('2024');
  await expect(page.locator('[data-target] [data-change]').first()).toBeVisible();
  // [HUM-08] After the first real run, and only then, the page asks whether it may notify.
  expect(await permissionRequests(page)).toBe(1);
  // The rating buttons are icons, not emoji.
  for (const name of ['Good result', 'Poor result']) {
    const thumb = page.getByRole('button', { name });
    await expect(thumb.locator('svg')).toBeVisible();
    expect((await thumb.textContent())?.trim()).toBe('');
  }
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.locator('#account-menu').getByText('75 beans')).toBeVisible();
  await page.keyboard.press('Escape');

  // The last click counts (the 1 s debounce itself is a store test: a loaded machine may space two clicks further apart).
  const rated = page.waitForResponse((r) => r.url().endsWith('/api/orderRating') && r.request().postDataJSON()?.rating === 1);
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

test('[HUM-19] a German paragraph on /de is refused in German before any order, and costs nothing', async ({ page }) => {
  await signUpFresh(page, { tag: 'hmde' });
  await page.goto('/de');
  const german =
    'Die sozialen Medien haben das Leben junger Menschen in den letzten Jahren stark verändert. Viele Schüler verbringen jeden Tag mehrere Stunden am Handy, und Lehrer beobachten, dass die Konzentration im Unterricht nachlässt. Trotzdem bieten diese Plattformen auch Chancen für den Austausch.';
  const orders: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/createOrder') || request.url().endsWith('/api/createPayment')) orders.push(request.url());
  });
  await typeText(page, german);
  await page.getByRole('button', { name: translate('de', 'humanizer.humanize'), exact: true }).click();
  await expect(page.locator('[data-tool=humanizer]').getByText(translate('de', 'messages.onlyEnglishError'))).toBeVisible();
  await page.getByRole('button', { name: translate('de', 'account.menu') }).click();
  await expect(page.locator('#account-menu').getByText(/100/)).toBeVisible();
  expect(orders).toEqual([]);
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
  // The re-run count matches the copy: five versions per payment.
  await expect(page.getByText('1 of 5 versions of this payment used')).toBeVisible();
  // After an edit, a re-run would ignore it: the page offers a new (priced) run and says where the versions came from.
  await typeText(page, `${prose(200)} One more sentence.`);
  await expect(page.getByText('You edited your text. Humanize it as a new run; the versions shown come from your earlier text.')).toBeVisible();
  await expect(rehumanize).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Humanize', exact: true })).toBeEnabled();
  await typeText(page, prose(200));
  await expect(rehumanize).toBeEnabled();
  for (let n = 2; n <= 5; n++) {
    await rehumanize.click();
    await expect(page.getByText(`Version ${n} of ${n}`)).toBeVisible({ timeout: 20_000 });
  }
  await expect(rehumanize).toBeDisabled();
  // The limit is said on the page, not only in a tooltip.
  await expect(page.getByText('Each payment allows up to 5 free re-executions, and all have been used.')).toBeVisible();
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
  // The dialog sits in the middle of the window, not in its top-left corner, and Escape closes it.
  const box = (await dialog.boundingBox())!;
  expect(Math.abs(box.x + box.width / 2 - 640)).toBeLessThan(2);
  expect(Math.abs(box.y + box.height / 2 - 450)).toBeLessThan(2);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
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
  const input = page.locator('[data-tool=humanizer] input[type=file]');
  await input.setInputFiles({
    name: 'essay.pdf',
    mimeType: 'application/pdf',
    buffer: await pdfBytes(['A PDF essay about rivers.', 'Students who manage their time report a better work-', 'life balance and less stress in the environ-', 'mental science exam season, according to surveys.']),
  });
  await expect(source(page)).toContainText('A PDF essay about rivers.');
  // Printed lines become paragraphs again, and words broken across lines are mended.
  await expect(source(page).locator('p')).toHaveText([
    'A PDF essay about rivers.',
    'Students who manage their time report a better work-life balance and less stress in the environmental science exam season, according to surveys.',
  ]);
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
  await page.locator('[data-tool=humanizer]').getByRole('button', { name: 'Try a sample' }).click();
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(page.getByText('Version 1 of 1')).toBeVisible({ timeout: 20_000 });
  const plain = await target(page).innerText();
  await page.getByRole('link', { name: 'Check it with the AI detector' }).click();
  await expect(page).toHaveURL(/\/en\/ai-detector$/);
  const detectorText = page.locator('[data-tool=detector] [data-source] .ProseMirror');
  await expect(detectorText).toContainText('Gallup');
  expect((await detectorText.innerText()).replace(/\s+/g, ' ').trim()).toBe(plain.replace(/\s+/g, ' ').trim());
});

for (const [locale, texts] of [
  ['fr', { humanize: 'Humaniser', sample: 'Essayer un exemple' }],
  ['ja', { humanize: 'ヒューマナイズ', sample: 'サンプルを試す' }],
] as const) {
  test(`[HUM-01] the humanizer works in ${locale}`, async ({ page }) => {
    await page.goto(`/${locale}`);
    const sample = page.locator('[data-tool=humanizer]').getByRole('button', { name: texts.sample });
    await expect(sample).toBeVisible();
    // The tools work on English text: the page says the sample is English.
    await expect(page.locator('[data-tool=humanizer]').getByText(translate(locale, 'humanizer.sampleIsEnglish'))).toBeVisible();
    await sample.click();
    await expect(source(page)).toContainText('Gallup');
    await page.getByRole('button', { name: texts.humanize, exact: true }).click();
    await expect(page.locator('[data-tool=humanizer] [data-version]')).not.toBeEmpty({ timeout: 20_000 });
    await expect(target(page)).toContainText('Gallup');
  });
}

test('[SITE-20] debug mode loads test content into the editors', async ({ page }) => {
  await page.goto('/en');
  await page.evaluate(() => localStorage.setItem('inkwise-debug', 'on'));
  await page.reload();
  await page.locator('[data-tool=humanizer]').hover();
  await page.getByRole('button', { name: 'Load test content' }).click();
  await expect(source(page)).toContainText('Gallup');
  await expect(target(page)).toContainText('Gallup');
});

test('[HUM-20] paste explains a refused clipboard and an unsupported one', async ({ page }) => {
  await page.goto('/en');
  // No clipboard permission granted: reading is refused.
  await page.locator('[data-tool=humanizer]').getByRole('button', { name: 'Paste text' }).click();
  await expect(page.getByText("We can't access your clipboard. Please paste manually: right-click on desktop or long press on mobile.")).toBeVisible();
  await page.addInitScript(() => Object.defineProperty(navigator, 'clipboard', { value: {}, configurable: true }));
  await page.reload();
  await page.locator('[data-tool=humanizer]').getByRole('button', { name: 'Paste text' }).click();
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
  await page.locator('[data-tool=humanizer]').getByRole('button', { name: 'Try a sample' }).click();
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(page.getByText('Version 1 of 1')).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(() => (window as unknown as { shown: string[] }).shown)).toEqual(['Your text is humanized']);

  await page.addInitScript(() => ((window as unknown as { notifyPermission: string }).notifyPermission = 'denied'));
  await page.reload();
  await page.locator('[data-tool=humanizer]').getByRole('button', { name: 'Try a sample' }).click();
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(page.getByText('Notifications are blocked, so we cannot tell you when a result is ready.')).toBeVisible();
  await page.getByRole('button', { name: 'How to enable them' }).click();
  await expect(page.getByText('Open your browser’s site settings for this page, allow notifications, then reload.')).toBeVisible();
});

test('[HUM-23] a quote error shows beneath the editor; a polling error closes the loader', async ({ page }) => {
  await signUpFresh(page, { tag: 'hm' });
  await page.route('**/api/calculateSettlement', (route) => route.fulfill({ json: { code: 1, message: 'Pricing is briefly unavailable.' } }));
  await typeText(page, prose(40));
  await expect(page.locator('[data-tool=humanizer] [data-quote-error]')).toHaveText('Pricing is briefly unavailable.');
  await page.unroute('**/api/calculateSettlement');
  await page.route('**/api/humanizer', (route) => route.fulfill({ json: { code: 1, message: 'The result could not be read.' } }));
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(page.getByText('The result could not be read.')).toBeVisible();
  await expect(page.locator('[data-tool=humanizer] [data-overlay]')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Humanize', exact: true })).toBeEnabled();
});

test('[SITE-19] on an Arabic page English text runs left to right, and the editors and the Ultra switch show their focus', async ({ page }) => {
  await page.goto('/ar');
  const humanizer = page.locator('[data-tool=humanizer]');
  await humanizer.getByRole('button', { name: translate('ar', 'humanizer.trySample') }).click();
  await expect(source(page)).toContainText('Gallup');
  expect(await source(page).evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  // Keyboard focus in the editor shows on its box.
  await source(page).focus();
  const box = humanizer.locator('[data-source]').locator('..');
  await expect(box).toHaveCSS('outline-style', 'solid');
  expect(parseFloat(await box.evaluate((el) => getComputedStyle(el).outlineWidth))).toBeGreaterThanOrEqual(2);
  // The Ultra switch's focus is a solid outline on its track, not a faint ring.
  await page.keyboard.press('Tab');
  await page.getByRole('switch', { name: 'Ultra' }).focus();
  const track = page.getByRole('switch', { name: 'Ultra' }).locator('xpath=following-sibling::span[1]');
  await expect(track).toHaveCSS('outline-style', 'solid');
  // The detector below checks the sample: its highlighted sentences stay left to right too.
  const detector = page.locator('[data-tool=detector]');
  await detector.getByRole('button', { name: translate('ar', 'humanizer.trySample') }).click();
  await detector.getByRole('button', { name: translate('ar', 'detector.check') }).click();
  const highlights = detector.locator('[data-highlights]');
  await expect(highlights).toContainText('Gallup', { timeout: 20_000 });
  expect(await highlights.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
});

test('[ACC-09] a visitor’s text and chosen file survive sign-up and wait, ready to run', async ({ page }) => {
  await page.goto('/en');
  await typeText(page, prose(120));
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/signup\?cb=%2Fen/);
  // Back on the home page, a file chosen for the detector also goes through sign-up.
  await page.goto('/en');
  await expect(source(page)).toContainText(prose(120));
  const docx = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph({ children: [new TextRun('A DOCX essay about lakes.')] })] }] }));
  await page.locator('[data-tool=detector] input[type=file]').setInputFiles({ name: 'lakes.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: docx });
  await expect(page).toHaveURL(/\/en\/signup\?cb=%2Fen/);
  await signUpFresh(page, { tag: 'hm', returnTo: '/en' });
  await expect(source(page)).toContainText(prose(120));
  await expect(page.getByText('120 / 300 words')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Humanize', exact: true })).toBeEnabled();
  await expect(page.locator('[data-tool=detector] [data-source] .ProseMirror')).toContainText('A DOCX essay about lakes.');
});
