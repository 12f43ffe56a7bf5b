import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mammoth from 'mammoth';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import PDFDocument from 'pdfkit';
import { eq } from 'drizzle-orm';
import { MembershipLevel } from '../../src/domain/plans.ts';
import { OrderStatus } from '../../src/domain/orders.ts';
import { ProductId } from '../../src/domain/products.ts';
import { docToText, type Doc } from '../../src/domain/humanizer.ts';
import { orders } from '../../server/db/schema.ts';
import { ledgerCheck } from '../../server/services/ledger.ts';
import { startWorker } from '../../server/jobs/worker.ts';
import { startFakeLlm } from '../support/fake-llm.ts';
import { accountWithSession } from './fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { pdfFlateBomb } from '../support/hostile-files.ts';

type Json = Record<string, any>;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const essay = (words: number) =>
  Array.from({ length: words }, (_, i) => ['Moreover,', 'students', 'often', 'write', 'essays', 'about', 'climate', 'policy', 'in', '2024.'][i % 10]).join(' ');
const text =
  'In today\'s rapidly evolving world, it is important to note that online learning has become increasingly popular. Furthermore, a 2021 report by UNESCO found that 1.6 billion learners were affected by school closures. As Smith (2020) argues, "technology is not a panacea."';

async function call(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown): Promise<Json> {
  const res = await t.app.inject({ method, url, headers, payload: payload as object | undefined });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function humanizeOrder(headers: Record<string, string>, body: Json): Promise<string> {
  const order = await call('POST', '/api/createOrder', headers, body);
  expect(order.code, JSON.stringify(order)).toBe(0);
  const paid = await call('POST', '/api/createPayment', headers, { orderNo: order.data.orderNo });
  expect(paid.code, JSON.stringify(paid)).toBe(0);
  return order.data.orderNo;
}

/** Polls as the editor does (spec §4) until `data` is present. */
async function result(headers: Record<string, string>, orderNo: string): Promise<Json> {
  for (let i = 0; i < 200; i++) {
    const r = await call('POST', '/api/humanizer', headers, { orderNo });
    if (r.code !== 0 || r.data.data) return r;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no result for ${orderNo}`);
}

function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = `----inkwise${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="multipartFiles"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(headers: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const body = multipart({ uploadId: 'up-1' }, file);
  return t.app.inject({ method: 'POST', url: '/api/uploadFileAndParse', headers: { ...headers, ...body.headers }, payload: body.payload });
}

function pdf(lines: string[], options: PDFKit.PDFDocumentOptions = {}): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument(options);
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (const line of lines) doc.text(line);
    doc.end();
  });
}

const docx = (lines: string[]) => Packer.toBuffer(new Document({ sections: [{ children: lines.map((l) => new Paragraph({ children: [new TextRun(l)] })) }] }));

/** A zip whose one entry claims to be small but inflates to far more than any essay. */
function zipBomb(): Buffer {
  const name = Buffer.from('word/document.xml');
  const body = deflateRawSync(Buffer.alloc(200 * 1024 * 1024, 0x20), { level: 9 });
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(body.length, 18);
  local.writeUInt32LE(1000, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(body.length, 20);
  central.writeUInt32LE(1000, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const cdOffset = local.length + name.length + body.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(cdOffset, 16);
  return Buffer.concat([local, name, body, central, name, end]);
}

describe('humanizer runs', () => {
  it('[HUM-07] [HUM-13] pays a run from the wallet, then the result appears with marks, plain text, source and group', async () => {
    const user = await accountWithSession(t);
    const before = (await call('GET', '/api/getUserWallet', user.headers)).data.wallet.balance;
    const orderNo = await humanizeOrder(user.headers, { productId: ProductId.HUMANIZE, content: text });
    const r = await result(user.headers, orderNo);
    expect(r.code).toBe(0);
    const data = r.data.data as Doc;
    expect(data.type).toBe('doc');
    expect(data.content).toHaveLength(1);
    expect(r.data.dataWithoutFormat).toBe(docToText(data));
    expect(docToText(r.data.rawInputData)).toBe(text);
    expect(r.data.orderGroup).toEqual([orderNo]);
    // No language model in this suite (LLM_EMBEDDED=false): the result says the rules wrote it (the light mode).
    expect(r.data.engine).toBe('rules');
    // The engine changed something, marked it, and kept every protected span.
    expect(r.data.dataWithoutFormat).not.toBe(text);
    expect(JSON.stringify(data)).toMatch(/"kind":"(added|edited)"/);
    for (const span of ['2021', 'UNESCO', '1.6 billion', 'Smith (2020)', '"technology is not a panacea."']) expect(r.data.dataWithoutFormat).toContain(span);
    const after = (await call('GET', '/api/getUserWallet', user.headers)).data.wallet.balance;
    expect(after).toBeLessThan(before);
    const check = await ledgerCheck(t.database.db, user.id);
    expect(check.ledgerSum).toBe(check.balance);
    const history = await call('GET', '/api/essay/history?page=1&size=10', user.headers);
    expect(history.data.list.map((h: Json) => h.jobId)).toContain(orderNo);
  });

  it('[HUM-14] [HUM-16] [TOOL-07] refuses Ultra to a free member, and runs it as order type 12 for a paid one', async () => {
    const free = await accountWithSession(t);
    expect((await call('POST', '/api/createOrder', free.headers, { productId: ProductId.HUMANIZE_ULTRA, content: text })).message).toBe('Ultra is part of the Premium and Pro plans.');
    const pro = await accountWithSession(t, { level: MembershipLevel.PREMIUM_PRO_MONTH });
    const orderNo = await humanizeOrder(pro.headers, { productId: ProductId.HUMANIZE, content: text, extraInfo: { isUltra: true } });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(row!.orderType).toBe(12);
    expect((await result(pro.headers, orderNo)).data.isUltra).toBe(true);
  });

  it('[HUM-09] [HUM-15] re-humanizes for free up to five versions per payment and refuses the sixth', async () => {
    const free = await accountWithSession(t);
    const first = await humanizeOrder(free.headers, { productId: ProductId.HUMANIZE, content: text });
    await result(free.headers, first);
    expect((await call('POST', '/api/createOrder', free.headers, { productId: ProductId.HUMANIZE, extraInfo: { originOrderNo: first } })).message).toBe(
      'Re-humanize is part of the Premium and Pro plans.',
    );

    const pro = await accountWithSession(t, { level: MembershipLevel.PREMIUM_PRO_MONTH });
    const origin = await humanizeOrder(pro.headers, { productId: ProductId.HUMANIZE, content: text });
    const firstResult = await result(pro.headers, origin);
    const balance = (await call('GET', '/api/getUserWallet', pro.headers)).data.wallet.balance;
    const texts = new Set([firstResult.data.dataWithoutFormat]);
    let last = origin;
    for (let version = 2; version <= 5; version++) {
      last = await humanizeOrder(pro.headers, { productId: ProductId.HUMANIZE, extraInfo: { originOrderNo: last } });
      const r = await result(pro.headers, last);
      expect(r.data.orderGroup).toHaveLength(version);
      expect(r.data.orderGroup[0]).toBe(origin);
      expect(docToText(r.data.rawInputData)).toBe(text);
      texts.add(r.data.dataWithoutFormat);
    }
    expect(texts.size).toBeGreaterThan(1);
    expect(await call('POST', '/api/createOrder', pro.headers, { productId: ProductId.HUMANIZE, extraInfo: { originOrderNo: last } })).toEqual({
      code: 1,
      message: 'Each payment allows up to 5 free re-executions, and all have been used.',
    });
    expect((await call('GET', '/api/getUserWallet', pro.headers)).data.wallet.balance).toBe(balance);
  });

  it('[HUM-02] [HUM-21] keeps one rating per result, 5 or 1 only, for the owner only', async () => {
    const user = await accountWithSession(t);
    const orderNo = await humanizeOrder(user.headers, { productId: ProductId.HUMANIZE, content: text });
    await result(user.headers, orderNo);
    expect((await call('POST', '/api/orderRating', user.headers, { orderNo, rating: 5, comment: '' })).code).toBe(0);
    expect((await call('POST', '/api/orderRating', user.headers, { orderNo, rating: 1 })).code).toBe(0);
    expect((await result(user.headers, orderNo)).data.rating).toBe(1);
    expect(await call('POST', '/api/orderRating', user.headers, { orderNo, rating: 3 })).toMatchObject({ code: 1, message: 'Choose thumbs up or thumbs down.' });
    const other = await accountWithSession(t);
    expect(await call('POST', '/api/orderRating', other.headers, { orderNo, rating: 5 })).toMatchObject({ code: 1, message: 'We could not find this order.' });
    expect(await call('POST', '/api/humanizer', other.headers, { orderNo })).toMatchObject({ code: 1, message: 'We could not find this order.' });
  });

  it('[HUM-24] downloads the result as a .docx whose text is the result', async () => {
    const user = await accountWithSession(t);
    const orderNo = await humanizeOrder(user.headers, { productId: ProductId.HUMANIZE, content: `${text}\n${essay(40)}` });
    const r = await result(user.headers, orderNo);
    const res = await t.app.inject({ method: 'GET', url: `/api/download/word?orderNo=${orderNo}`, headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('wordprocessingml');
    expect(res.headers['content-disposition']).toContain('.docx');
    const { value } = await mammoth.extractRawText({ buffer: res.rawPayload });
    expect(value.trim().split(/\n+/)).toEqual(r.data.dataWithoutFormat.split('\n'));
    expect((await t.app.inject({ method: 'GET', url: `/api/download/word?orderNo=${orderNo}` })).statusCode).toBe(401);
  });

  it('[HUM-11] runs the sample text for anyone, without an order or a charge', async () => {
    const r = await call('POST', '/api/humanizer/sample', {}, { isUltra: false });
    expect(r.data.data.type).toBe('doc');
    expect(r.data.orderGroup).toEqual([]);
    const debug = await call('POST', '/api/tiptaptest', {}, {});
    expect(debug.data.data.type).toBe('doc');
  });

  it('refunds a run whose engine fails, once, and answers the failure to the poller', async () => {
    const solo = await createTestApp({ WORKER: 'false' });
    try {
      const user = await accountWithSession(solo);
      const before = (await solo.app.inject({ method: 'GET', url: '/api/getUserWallet', headers: user.headers })).json().data.wallet.balance;
      const order = (await solo.app.inject({ method: 'POST', url: '/api/createOrder', headers: user.headers, payload: { productId: 9, content: text } })).json();
      await solo.app.inject({ method: 'POST', url: '/api/createPayment', headers: user.headers, payload: { orderNo: order.data.orderNo } });
      const worker = startWorker(
        solo.database.db,
        new Map([[7, async () => Promise.reject(new Error('engine exploded'))]]),
        solo.app.log,
        { idleMs: 20 },
      );
      let status = 0;
      for (let i = 0; i < 100 && status !== OrderStatus.ALL_REFUNDED; i++) {
        await new Promise((resolve) => setTimeout(resolve, 30));
        [{ status }] = (await solo.database.db.select({ status: orders.status }).from(orders).where(eq(orders.orderNo, order.data.orderNo))) as [{ status: number }];
      }
      await worker.stop();
      expect(status).toBe(OrderStatus.ALL_REFUNDED);
      const poll = (await solo.app.inject({ method: 'POST', url: '/api/humanizer', headers: user.headers, payload: { orderNo: order.data.orderNo } })).json();
      expect(poll).toMatchObject({ code: 1, message: expect.stringContaining('beans have been returned') });
      const wallet = (await solo.app.inject({ method: 'GET', url: '/api/getUserWallet', headers: user.headers })).json().data.wallet.balance;
      expect(wallet).toBe(before);
      const check = await ledgerCheck(solo.database.db, user.id);
      expect(check.ledgerSum).toBe(check.balance);
    } finally {
      await solo.close();
    }
  });
});

describe('humanizer runs on the LLM backend', () => {
  it('[HUM-07] [HUM-13] rewrites with the configured LLM paragraph by paragraph, shows progress while polling and stores tokens and cost on the order', async () => {
    const paragraphs = [
      'Furthermore, a 2021 report by UNESCO found that 1.6 billion learners were affected by school closures.',
      'In conclusion, as Smith (2020) argues, "technology is not a panacea."',
    ];
    const rewrites = ['A 2021 report by UNESCO found that school closures hit 1.6 billion learners.', 'As Smith (2020) argues, "technology is not a panacea."'];
    const fake = await startFakeLlm('llm-key');
    // The first paragraph's answer waits until the test has seen the run in progress.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    fake.reply = (user) => rewrites[paragraphs.indexOf(user)] ?? user;
    const solo = await createTestApp({ LLM_BASE_URL: fake.baseUrl, LLM_API_KEY: 'llm-key', LLM_MODEL: 'open-model', LLM_PRICE_INPUT_PER_MTOK: '0.2', LLM_PRICE_OUTPUT_PER_MTOK: '0.6', WORKER: 'false' });
    try {
      const user = await accountWithSession(solo);
      const created = (await solo.app.inject({ method: 'POST', url: '/api/createOrder', headers: user.headers, payload: { productId: ProductId.HUMANIZE, content: paragraphs.join('\n') } })).json();
      await solo.app.inject({ method: 'POST', url: '/api/createPayment', headers: user.headers, payload: { orderNo: created.data.orderNo } });
      const orderNo: string = created.data.orderNo;
      const poll = async () => (await solo.app.inject({ method: 'POST', url: '/api/humanizer', headers: user.headers, payload: { orderNo } })).json();
      expect((await poll()).data).toMatchObject({ data: null, progress: 0 });
      const { runnersFor } = await import('../../server/jobs/runners.ts');
      const runners = runnersFor(solo.config, solo.database.db);
      const humanizer = runners.get(7)!;
      // Hold the second paragraph until the poller has seen the first one counted.
      const gated = new Map([[7, async (order: Parameters<typeof humanizer>[0], hooks?: Parameters<typeof humanizer>[1]) => humanizer(order, { progress: async (f) => { await hooks?.progress?.(f); if (f < 1) await held; } })]]);
      const worker = startWorker(solo.database.db, gated, solo.app.log, { idleMs: 20 });
      let seen = 0;
      for (let i = 0; i < 400 && seen === 0; i++) {
        seen = (await poll()).data.progress;
        if (seen === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(seen).toBe(50);
      release();
      let r = await poll();
      for (let i = 0; i < 400 && !r.data.data; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        r = await poll();
      }
      await worker.stop();
      expect(r.data.dataWithoutFormat).toBe(rewrites.join('\n'));
      expect(r.data.progress).toBe(100);
      expect(fake.requests).toHaveLength(2);
      expect(fake.requests.every((q) => q.body.model === 'open-model' && q.authorization === 'Bearer llm-key')).toBe(true);
      const [row] = await solo.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
      const words = (t: string) => t.split(/\s+/).filter(Boolean).length;
      const prompt = fake.requests.reduce((n, q) => n + q.body.messages!.reduce((k, m) => k + words(m.content), 0), 0);
      const completion = rewrites.reduce((n, t) => n + words(t), 0);
      expect(row).toMatchObject({ status: OrderStatus.DONE, progress: 100, llmPromptTokens: prompt, llmCompletionTokens: completion, llmCostMicroUsd: Math.round(prompt * 0.2 + completion * 0.6) });
    } finally {
      release();
      await solo.close();
      await fake.close();
    }
  });
});

describe('uploadFileAndParse', () => {
  it('[UPL-05] reads the text of a PDF, a DOCX and a DOC', async () => {
    const user = await accountWithSession(t);
    const lines = ['The first paragraph of my essay.', 'A second one, with 42 in it.'];
    for (const file of [
      { name: 'essay.pdf', type: 'application/pdf', data: await pdf(lines) },
      { name: 'essay.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', data: await docx(lines) },
    ]) {
      const res = await upload(user.headers, file);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: '0', content: lines.join('\n'), wordCount: 13 });
    }
    const doc = await upload(user.headers, { name: 'essay.doc', type: 'application/msword', data: readFileSync(new URL('../fixtures/sample.doc', import.meta.url)) });
    expect(doc.json()).toMatchObject({ code: '0', content: expect.stringContaining('This essay was written in Word 97.') });
  });

  it('[UPL-03] [UPL-05] answers 999 with a clear message for hostile or wrong files, and never hangs', async () => {
    const user = await accountWithSession(t);
    const cases: [{ name: string; type: string; data: Buffer }, string][] = [
      [{ name: 'essay.pdf', type: 'application/pdf', data: Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(4000, 7)]) }, 'We could not read this file'],
      [{ name: 'essay.pdf', type: 'application/pdf', data: await pdf(['secret'], { userPassword: 'pw', ownerPassword: 'owner' }) }, 'password-protected'],
      [{ name: 'essay.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.7\n1 0 obj <</Type /Catalog>>\ntrailer <<>>\n%%EOF') }, 'We could not read this file'],
      [{ name: 'essay.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', data: zipBomb() }, 'too large or complex'],
      // Issue 10: a 1 MB PDF whose one stream inflates to 1 GiB.
      [{ name: 'bomb.pdf', type: 'application/pdf', data: pdfFlateBomb(1024 ** 3) }, 'too large or complex'],
      [{ name: 'essay.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', data: Buffer.from('PK\x03\x04 not really a zip') }, 'We could not read this file'],
      [{ name: 'notes.txt', type: 'text/plain', data: Buffer.from('plain text') }, 'Upload a PDF, DOCX or DOC file.'],
      [{ name: 'big.pdf', type: 'application/pdf', data: Buffer.alloc(10 * 1024 * 1024 + 10, 0x25) }, 'larger than 10 MB'],
    ];
    for (const [file, message] of cases) {
      const res = await upload(user.headers, file);
      expect(res.statusCode, file.name).toBe(200);
      expect(res.json(), file.name).toEqual({ code: 999, errorMsg: expect.stringContaining(message) });
    }
    expect((await upload(user.headers)).json()).toEqual({ code: 999, errorMsg: 'Choose a file to upload.' });
    // The server is still fine afterwards.
    expect((await call('GET', '/api/getUserWallet', user.headers)).code).toBe(0);
  });

  it('[UPL-05] needs the bearer token', async () => {
    const res = await upload({}, { name: 'essay.pdf', type: 'application/pdf', data: await pdf(['x']) });
    expect(res.statusCode).toBe(401);
  });
});
