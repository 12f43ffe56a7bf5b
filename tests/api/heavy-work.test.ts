import { eq } from 'drizzle-orm';
import { getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders as ordersTable, rateLimits, toolResults } from '../../server/db/schema.ts';
import { maxReportPages } from '../../server/services/pdf-fonts.ts';
import { ProductId } from '../../src/domain/products.ts';
import { translate } from '../../src/i18n/translate.ts';
import { accountWithSession } from './fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { pdfText, squash } from './pdf-read.ts';

// Issue 29, availability: a free account's order of ".\n" repeated 99,000 times (0 words, so no word limit) rendered
// a 2,202-page PDF on the server's thread, uncached, as often as anyone holding the share link asked.
type Json = Record<string, any>;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const essay =
  'Students who sleep well learn better. A night of eight hours helps the memory keep what was learned in the day, and it lets the mind rest before the next test. Teachers see the difference in class: rested students ask more questions and make fewer mistakes in their work.';

async function call(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown): Promise<Json> {
  const res = await t.app.inject({ method, url, headers, payload: payload as object | undefined });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function finishedReport(headers: Record<string, string>): Promise<string> {
  const order = await call('POST', '/api/createOrder', headers, { productId: ProductId.AI_DETECTION_TURNITIN, content: essay });
  expect(order.code, JSON.stringify(order)).toBe(0);
  expect((await call('POST', '/api/createPayment', headers, { orderNo: order.data.orderNo })).code).toBe(0);
  for (let i = 0; i < 400; i++) {
    const r = await call('POST', '/api/turnitinReport', headers, { orderNo: order.data.orderNo });
    if (r.data?.data) return order.data.orderNo;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no report');
}

describe('texts that are not prose', () => {
  it('[TOOL-02] refuses lines of dots and giant "words" before any order exists, charging nothing', async () => {
    const user = await accountWithSession(t);
    const balance = async () => (await call('GET', '/api/getUserWallet', user.headers)).data.wallet.balance;
    const before = await balance();
    const refused = translate('en', 'commerce.error.notProse');
    const dots = '.\n'.repeat(99_000);
    const giants = Array.from({ length: 199 }, (_, i) => `${'x'.repeat(999)}${i % 10}`).join(' ');
    for (const productId of [ProductId.AI_DETECTION_TURNITIN, ProductId.PLAGIARISM_CHECK, ProductId.REFERENCE_CHECK, ProductId.AI_DETECTION]) {
      for (const content of [dots, giants]) {
        const r = await call('POST', '/api/createOrder', user.headers, { productId, content });
        expect(r, `product ${productId}`).toMatchObject({ code: 1, message: refused });
      }
    }
    expect(await balance()).toBe(before);
    expect(await t.database.db.select().from(ordersTable).where(eq(ordersTable.userId, user.id))).toEqual([]);
    // Prose and a reference list with long addresses stay well inside the bound.
    const references = Array.from({ length: 40 }, (_, i) => `Author, A. (20${10 + (i % 10)}). A title of a paper number ${i}. Journal of Studies, 3(2), 1–9. https://doi.org/10.1234/journal.studies.2019.${i}.abcdefghij`).join('\n');
    for (const [productId, content] of [[ProductId.AI_DETECTION_TURNITIN, essay], [ProductId.REFERENCE_CHECK, references]] as const) {
      expect((await call('POST', '/api/createOrder', user.headers, { productId, content })).code, `product ${productId}`).toBe(0);
    }
  });
});

describe('a huge stored report', () => {
  it('[TOOL-02] renders its PDF in another thread, cut at the page bound with a note, once per report and language', async () => {
    const user = await accountWithSession(t);
    const orderNo = await finishedReport(user.headers);
    // A report stored before the bound (or by an older version): 99,000 lines of one dot.
    const [row] = await t.database.db.select().from(toolResults).where(eq(toolResults.orderNo, orderNo));
    await t.database.db.update(toolResults).set({ format: { ...(row!.format as Json), text: '.\n'.repeat(99_000), sentences: [] } }).where(eq(toolResults.orderNo, orderNo));

    let rendered = false;
    const pdf = t.app.inject({ method: 'GET', url: `/api/report/pdf?orderNo=${orderNo}`, headers: user.headers }).finally(() => (rendered = true));
    // Health checks, one after another, as long as the PDF takes: rendered in this thread, it held every one of them
    // until it was done (10 got in before, while the report was read from the database; about 500 do now); in its own thread,
    // the event loop keeps answering.
    let answered = 0;
    while (!rendered && answered < 100_000) {
      // A turn of the event loop between checks, so the download's own steps are never starved.
      await new Promise((resolve) => setImmediate(resolve));
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      answered++;
    }
    expect(answered, `health checks answered during the rendering`).toBeGreaterThan(100);
    const file = await pdf;
    expect(file.statusCode).toBe(200);
    const bytes = new Uint8Array(file.rawPayload);
    const doc = await getDocumentProxy(bytes.slice());
    // The text stops at the bound; the note and the closing section follow on a page or two.
    expect(doc.numPages).toBeGreaterThanOrEqual(maxReportPages);
    expect(doc.numPages).toBeLessThanOrEqual(maxReportPages + 2);
    const text = await pdfText(bytes.slice());
    expect(text).toContain(squash(translate('en', 'report.pdf.textCut', { pages: String(maxReportPages) })));
    expect(text).toContain(squash(translate('en', 'report.pdf.meaning5')));

    // The same report in the same language is not rendered again: the very same file (a fresh rendering differs in
    // its creation date); another language is rendered for itself.
    const again = await t.app.inject({ method: 'GET', url: `/api/report/pdf?orderNo=${orderNo}`, headers: user.headers });
    expect(Buffer.compare(again.rawPayload, file.rawPayload)).toBe(0);
    const french = await t.app.inject({ method: 'GET', url: `/api/report/pdf?orderNo=${orderNo}&locale=fr`, headers: user.headers });
    expect(await pdfText(new Uint8Array(french.rawPayload))).toContain(squash(translate('fr', 'report.pdf.textCut', { pages: String(maxReportPages) })));
  });

  it('[TOOL-02] a word wider than the page is broken across lines, every character printed', async () => {
    const user = await accountWithSession(t);
    const orderNo = await finishedReport(user.headers);
    const [row] = await t.database.db.select().from(toolResults).where(eq(toolResults.orderNo, orderNo));
    const giant = Array.from({ length: 600 }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
    await t.database.db.update(toolResults).set({ format: { ...(row!.format as Json), text: `Before ${giant} after.`, sentences: [] } }).where(eq(toolResults.orderNo, orderNo));
    const file = await t.app.inject({ method: 'GET', url: `/api/report/pdf?orderNo=${orderNo}`, headers: user.headers });
    expect(await pdfText(new Uint8Array(file.rawPayload))).toContain(squash(`Before ${giant} after.`));
  });
});

describe('downloads are limited', () => {
  it('[TOOL-02] a shared report\'s PDF is limited per address, translated, without an account', async () => {
    const user = await accountWithSession(t);
    const orderNo = await finishedReport(user.headers);
    const { token } = (await call('POST', '/api/report/share', user.headers, { orderNo })).data;
    const answers: (string | number)[] = [];
    let last: Json = {};
    const download = (ip: string) => t.app.inject({ method: 'GET', url: `/api/report/shared/pdf?token=${token}`, remoteAddress: ip });
    for (let i = 0; i < 125; i++) {
      const res = await download('203.0.113.9');
      if (res.headers['content-type'] === 'application/pdf') answers.push('pdf');
      else answers.push((last = res.json()).code);
    }
    expect(answers.slice(0, 120).every((a) => a === 'pdf')).toBe(true);
    expect(answers.slice(120)).toEqual([429, 429, 429, 429, 429]);
    expect(last.message).toBe(translate('en', 'error.rateLimited'));
    // Another address is not held up.
    expect((await download('203.0.113.10')).headers['content-type']).toBe('application/pdf');
    // The owner's own downloads count per account, not per address: a class behind one school address is not stopped
    // by the link's readers (nor by each other).
    const own = await t.app.inject({ method: 'GET', url: `/api/report/pdf?orderNo=${orderNo}`, headers: user.headers, remoteAddress: '203.0.113.9' });
    expect(own.headers['content-type']).toBe('application/pdf');
    const counts = await t.database.db.select().from(rateLimits);
    expect(counts.find((row) => row.key === `download-user:${user.id}`)?.count).toBe(1);
  });
});
