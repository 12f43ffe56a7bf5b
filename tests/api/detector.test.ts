import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectorPlan } from '../../server/engines/detector/index.ts';
import { extractText, getDocumentProxy } from 'unpdf';
import { ProductId } from '../../src/domain/products.ts';
import { displayPercent } from '../../src/domain/detector.ts';
import { buildReport } from '../../server/services/detections.ts';
import { reportPdf } from '../../server/services/report-pdf.ts';
import { translate } from '../../src/i18n/translate.ts';
import { siteName } from '../../src/config/site.ts';
import { pdfText, squash } from './pdf-read.ts';
import { pdfText as formatted } from '../../server/services/pdf-text.ts';
import type { Locale } from '../../src/i18n/locales.ts';
import type { DetectionResult } from '../../server/engines/detector/index.ts';
import { accountWithSession } from './fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';

type Json = Record<string, any>;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const essay = [
  'Climate change represents one of the most significant challenges facing humanity in the twenty-first century.',
  'Furthermore, it is important to note that rising global temperatures have far-reaching implications for ecosystems, economies, and communities around the world.',
  'Additionally, governments must implement comprehensive policies that address both mitigation and adaptation in order to ensure a sustainable future for generations to come.',
  'Moreover, individuals can play a crucial role by adopting environmentally friendly practices in their daily lives, such as reducing energy consumption and supporting renewable energy initiatives.',
  'In conclusion, addressing climate change requires a collaborative effort from all sectors of society, and it is essential that we take decisive action now.',
].join(' ');

async function call(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown): Promise<Json> {
  const res = await t.app.inject({ method, url, headers, payload: payload as object | undefined });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function paidRun(headers: Record<string, string>, productId: number, content: string, extraInfo: Json = {}): Promise<string> {
  const order = await call('POST', '/api/createOrder', headers, { productId, content, extraInfo });
  expect(order.code, JSON.stringify(order)).toBe(0);
  expect((await call('POST', '/api/createPayment', headers, { orderNo: order.data.orderNo })).code).toBe(0);
  return order.data.orderNo;
}

async function poll(url: string, headers: Record<string, string>, orderNo: string): Promise<Json> {
  for (let i = 0; i < 200; i++) {
    const r = await call('POST', url, headers, { orderNo });
    if (r.code !== 0 || r.data.data) return r;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no result');
}

describe('AI detector runs', () => {
  it('[TOOL-01] checks a paid text: overall figure, every sentence scored by offset, counts', async () => {
    const user = await accountWithSession(t);
    const orderNo = await paidRun(user.headers, ProductId.AI_DETECTION, essay);
    const r = await poll('/api/aiDetect', user.headers, orderNo);
    const d = r.data.data;
    expect(d.text).toBe(essay);
    expect(d.qualifies).toBe(true);
    expect(d.probability).toBeGreaterThanOrEqual(0);
    expect(d.probability).toBeLessThanOrEqual(1);
    expect(d.sentences.length).toBe(5);
    for (const s of d.sentences) expect(essay.slice(s.start, s.end).length).toBeGreaterThan(20);
    expect(d.counts.likelyAi + d.counts.possiblyAi + d.counts.human).toBe(5);
    // v4 answers where its transformer is installed; otherwise v3, degraded only where the build has a transformer that is missing.
    const plan = detectorPlan();
    expect(d.modelVersion).toBe(plan.files ? 'detector-v4' : 'detector-v3');
    expect(d.degraded).toBe(plan.degraded !== null);
    // Another user cannot read it.
    const other = await accountWithSession(t);
    expect((await call('POST', '/api/aiDetect', other.headers, { orderNo })).message).toBe('We could not find this order.');
  });

  it('[TOOL-01] refuses non-English text and text above the plan limit, charging nothing', async () => {
    const user = await accountWithSession(t);
    const before = (await call('GET', '/api/getUserWallet', user.headers)).data.wallet.balance;
    expect((await call('POST', '/api/createOrder', user.headers, { productId: ProductId.AI_DETECTION, content: '这是一个中文句子。'.repeat(20) })).message).toBe(
      'Non-English text detected. Please submit in English.',
    );
    expect((await call('POST', '/api/createOrder', user.headers, { productId: ProductId.AI_DETECTION, content: 'word '.repeat(301) })).message).toContain('300 words');
    expect((await call('GET', '/api/getUserWallet', user.headers)).data.wallet.balance).toBe(before);
  });

  it('checks the sample text for free, without an order', async () => {
    const r = await call('POST', '/api/aiDetect/sample', {}, {});
    expect(r.data.text).toContain('Gallup');
    expect(r.data.sentences.length).toBeGreaterThan(3);
  });
});

describe('Turnitin-style report', () => {
  it('[TOOL-02] builds the report with submission details, downloads it as a PDF whose text reads back', async () => {
    const user = await accountWithSession(t);
    const orderNo = await paidRun(user.headers, ProductId.AI_DETECTION_TURNITIN, essay, { fileName: 'climate.docx' });
    const r = await poll('/api/turnitinReport', user.headers, orderNo);
    const report = r.data.data;
    expect(report).toMatchObject({ submissionId: orderNo, fileName: 'climate.docx', qualifies: true, text: essay });
    expect(report.displayPercent).toBe(displayPercent(report.aiPercent).text);
    expect(r.data.shared).toBe(false);

    const pdf = await t.app.inject({ method: 'GET', url: `/api/report/pdf?orderNo=${orderNo}`, headers: user.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const doc = await getDocumentProxy(new Uint8Array(pdf.rawPayload));
    const { text } = await extractText(doc, { mergePages: true });
    // A short essay fits on one or two pages: no page is left mostly empty.
    expect(doc.numPages).toBeLessThanOrEqual(2);
    expect(text).toContain('AI Writing Report');
    expect(text).toContain(orderNo);
    expect(text).toContain('climate.docx');
    expect(text).toContain('What this score means');
    expect(text.replace(/\s+/g, ' ')).toContain('Climate change represents one of the most significant challenges');
    expect((await t.app.inject({ method: 'GET', url: `/api/report/pdf?orderNo=${orderNo}` })).statusCode).toBe(401);
  });

  it('[TOOL-02][LOC-02] the PDF is written in the reader\'s language (?locale= or Accept-Language); an unknown locale gets English', async () => {
    const user = await accountWithSession(t);
    const orderNo = await paidRun(user.headers, ProductId.AI_DETECTION_TURNITIN, essay);
    const { submittedAt } = (await poll('/api/turnitinReport', user.headers, orderNo)).data.data;
    const read = async (query: string, headers: Record<string, string> = user.headers) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/report/pdf?orderNo=${orderNo}${query}`, headers });
      expect(res.statusCode).toBe(200);
      return pdfText(new Uint8Array(res.rawPayload));
    };
    const says = (text: string, locale: Locale) => {
      expect(text).toContain(squash(translate(locale, 'report.pdf.title', { site: siteName })));
      expect(text).toContain(squash(translate(locale, 'report.pdf.meaning5')));
      expect(text).toContain(squash(translate(locale, 'report.pdf.meaning6')));
    };
    for (const locale of ['fr', 'ar', 'zh', 'th'] as const) {
      const text = await read(`&locale=${locale}`);
      says(text, locale);
      expect(text).toContain(squash(translate(locale, 'report.pdf.submissionId')));
      // The date as the reader writes it ("24 novembre 2026", "2026年11月24日", the Buddhist year in Thai).
      expect(text).toContain(squash(formatted(locale).dateTime(submittedAt)));
      expect(text).toContain(squash(essay));
      expect(text).not.toContain(squash(translate('en', 'report.pdf.meaning5')));
    }
    says(await read('', { ...user.headers, 'accept-language': 'de-DE,de;q=0.9' }), 'de');
    // A locale that is not one of the 20 (or a hostile value) gets English, even over Accept-Language.
    says(await read('&locale=xx', { ...user.headers, 'accept-language': 'fr' }), 'en');
    says(await read(`&locale=${encodeURIComponent('<script>')}`), 'en');
  });

  it('[TOOL-02] shares the report by an unguessable link that the owner can revoke', async () => {
    const user = await accountWithSession(t);
    const orderNo = await paidRun(user.headers, ProductId.AI_DETECTION_TURNITIN, essay);
    await poll('/api/turnitinReport', user.headers, orderNo);
    const { token } = (await call('POST', '/api/report/share', user.headers, { orderNo })).data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const shared = await call('GET', `/api/report/shared?token=${token}`, {});
    // The reader of the link is not told the owner's order number or file name.
    expect(shared.data.submissionId).toMatch(/^S-[0-9A-F]{10}$/);
    expect(shared.data.fileName).toBeNull();
    expect(JSON.stringify(shared.data)).not.toContain(orderNo);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/report/shared/pdf?token=${token}&locale=fr` });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // [LOC-02] The link's reader gets the PDF in the page's language.
    expect(await pdfText(new Uint8Array(pdf.rawPayload))).toContain(squash(translate('fr', 'report.pdf.meaning5')));
    expect((await poll('/api/turnitinReport', user.headers, orderNo)).data.shared).toBe(true);
    // Only the owner can share or revoke.
    const other = await accountWithSession(t);
    expect((await call('POST', '/api/report/revoke', other.headers, { orderNo })).code).toBe(1);
    expect((await call('GET', `/api/report/shared?token=${token}`, {})).code).toBe(0);
    await call('POST', '/api/report/revoke', user.headers, { orderNo });
    expect(await call('GET', `/api/report/shared?token=${token}`, {})).toEqual({ code: 1, message: 'This report link no longer works. Ask its owner for a new one.' });
    expect(await call('GET', `/api/report/shared?token=${'x'.repeat(32)}`, {})).toMatchObject({ code: 1 });
    // A new link replaces the old one.
    const first = (await call('POST', '/api/report/share', user.headers, { orderNo })).data.token;
    const second = (await call('POST', '/api/report/share', user.headers, { orderNo })).data.token;
    expect((await call('GET', `/api/report/shared?token=${first}`, {})).code).toBe(1);
    expect((await call('GET', `/api/report/shared?token=${second}`, {})).code).toBe(0);
  });

  it('[TOOL-02] shows 1–19% as *% without highlights, and splits AI from AI-paraphrased only where the text reads paraphrased', () => {
    expect(displayPercent(0)).toEqual({ text: '0%', highlightsShown: false });
    expect(displayPercent(1)).toEqual({ text: '*%', highlightsShown: false });
    expect(displayPercent(19.4)).toEqual({ text: '*%', highlightsShown: false });
    expect(displayPercent(20)).toEqual({ text: '20%', highlightsShown: true });
    const text = 'One two three four five. Six seven eight nine ten. Eleven twelve thirteen fourteen fifteen. Sixteen seventeen eighteen nineteen twenty.';
    const sentence = (start: number, end: number, score: number) => ({ start, end, text: text.slice(start, end), score, qualifies: true });
    const result: DetectionResult = {
      qualifies: true,
      probability: 0.99,
      aiShare: 0.5,
      isAi: true,
      threshold: 0.9,
      wordCount: 20,
      qualifyingWordCount: 20,
      modelVersion: 'test',
      sentences: [sentence(0, 24, 0.95), sentence(25, 50, 0.97), sentence(51, 89, 0.1), sentence(90, text.length, 0.2)],
    };
    const order = { orderNo: 'IWTEST', createdAt: new Date('2026-11-22T10:00:00Z'), extraInfo: null };
    const report = buildReport(order, text, result, (sentences) => sentences.map((s) => (s.startsWith('Six') ? 0.9 : s.startsWith('One') ? 0.3 : 0)));
    expect(report).toMatchObject({ aiPercent: 50, displayPercent: '50%', highlightsShown: true, aiOnlyPercent: 25, paraphrasedPercent: 25, fileName: null });
    expect(report.sentences.map((s) => s.kind)).toEqual(['ai', 'aiParaphrased', null, null]);
    // One sentence that reads paraphrased in a text whose AI sentences, taken together, do not: no paraphrase class.
    const plain = buildReport(order, text, result, (sentences) => sentences.map((s) => (s.startsWith('Six') ? 0.6 : s.startsWith('One') ? 0.1 : 0)));
    expect(plain).toMatchObject({ aiPercent: 50, aiOnlyPercent: 50, paraphrasedPercent: 0 });
    expect(plain.sentences.map((s) => s.kind)).toEqual(['ai', 'ai', null, null]);
    // The share is read from the sentences themselves: one flagged sentence of 5 words among 30 qualifying words
    // is under 20%, so the report shows *% and marks nothing.
    const extra = ' Twenty-one twenty-two twenty-three twenty-four twenty-five. Twenty-six twenty-seven twenty-eight twenty-nine thirty.';
    const long = text + extra;
    const at = (part: string) => long.indexOf(part);
    const more = [sentence(at('Twenty-one'), at(' Twenty-six'), 0.3), sentence(at('Twenty-six'), long.length, 0.2)].map((x) => ({ ...x, text: long.slice(x.start, x.end) }));
    const low = buildReport(order, long, { ...result, sentences: [sentence(0, 24, 0.95), sentence(25, 50, 0.3), ...result.sentences.slice(2), ...more], wordCount: 30, qualifyingWordCount: 30 }, () => []);
    expect(low.aiPercent).toBe(16.7);
    expect(low.displayPercent).toBe('*%');
    expect(low.sentences.every((s) => s.kind === null)).toBe(true);
  });

  it('[TOOL-02] keeps the submitted paragraphs, line breaks and spaces in the PDF, and fills its pages', async () => {
    const paragraph = 'Every school has a culture of its own. Students learn it from each other (Smith, 2020, p. 42).\nIn conclusion, culture matters.';
    const text = Array.from({ length: 12 }, (_, i) => `Paragraph ${i + 1} begins here. ${paragraph}`).join('\n\n');
    const sentences = [...text.matchAll(/[^.\n]+?[.)]+(?=\s|$)/g)].map((m, i) => {
      const start = (m.index ?? 0) + (m[0].length - m[0].trimStart().length);
      return { start, end: (m.index ?? 0) + m[0].length, text: m[0].trim(), score: i % 2 ? 0.9 : 0.1, qualifies: true };
    });
    const result: DetectionResult = { qualifies: true, probability: 0.9, aiShare: 0.5, isAi: true, threshold: 0.5, wordCount: 300, qualifyingWordCount: 300, modelVersion: 'test', sentences };
    const report = buildReport({ orderNo: 'IWPDF', createdAt: new Date('2026-11-22T10:00:00Z'), extraInfo: null }, text, result, () => []);
    const doc = await getDocumentProxy(new Uint8Array(await reportPdf(report)));
    const { text: pages } = await extractText(doc, { mergePages: false });
    const all = pages.join('\n');
    expect(all).toContain('(Smith, 2020, p. 42).\nIn conclusion, culture matters.\nParagraph 2 begins here. Every school has a culture of its own.');
    expect(all).not.toMatch(/p\. 42\)\.In|matters\.Paragraph|here\.Every/);
    // Cover, text and explanation flow on; every page but the last is well filled.
    // (The paragraphs now have a gap after each, and the highlights a marker's height: a full page holds about 1,100
    // characters of this text beside the cover, 1,600 without it.)
    for (const page of pages.slice(0, -1)) expect(page.length).toBeGreaterThan(1000);
  });
});

