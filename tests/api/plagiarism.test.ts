import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { siteName } from '../../src/config/site.ts';
import { translate } from '../../src/i18n/translate.ts';
import { pdfText, squash } from './pdf-read.ts';
import { ProductId } from '../../src/domain/products.ts';
import { summarize, type PlagiarismReport } from '../../src/domain/plagiarism.ts';
import { moveBeans } from '../../server/services/ledger.ts';
import { addSource, librarySize } from '../../server/services/plagiarism.ts';
import { addSourcesFrom } from '../../server/services/plagiarism-import.ts';
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

const volcanoes = [
  'Volcanic eruptions are driven by the buoyancy of molten rock and the pressure of gases dissolved in it.',
  'As magma rises towards the surface, the falling pressure lets water vapour and carbon dioxide come out of solution, much like bubbles in an opened bottle of soda.',
  'When the magma is runny, the gas escapes gently and lava flows out in rivers; when it is thick and sticky, the gas is trapped until it shatters the rock in an explosion.',
  'The eruption of Mount St Helens in 1980 removed the top four hundred metres of the mountain in a few minutes.',
  'Scientists now watch swelling ground, small earthquakes and gas emissions to warn people living near active volcanoes.',
].join(' ');
const bees = [
  'Honey bees communicate the location of flowers through a waggle dance performed on the vertical comb inside the hive.',
  'The angle of the dance relative to gravity shows the direction of the food relative to the sun, and the length of the waggle run tells the distance.',
  'Karl von Frisch decoded this language in the middle of the twentieth century and later received a Nobel Prize for his work.',
  'A colony can adjust its foraging within hours when a rich patch of flowers appears or disappears.',
].join(' ');
const own =
  'Last summer I worked in my uncle\'s bakery, where I learned to shape bread before sunrise. The work taught me patience, because dough cannot be hurried, and it taught me to listen to customers who came in tired and left a little happier.';

const fromVolcanoes = volcanoes.slice(volcanoes.indexOf('As magma'), volcanoes.indexOf(' The eruption'));
const fromBees = 'The angle of the dance relative to gravity shows where the food lies relative to the sun, and the length of the waggle run tells the distance.';
const essay = `${own}\n\n${fromVolcanoes}\n\nI find it striking that animals talk as well. ${fromBees} My uncle would have liked that fact.`;

async function call(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown): Promise<Json> {
  const res = await t.app.inject({ method, url, headers, payload: payload as object | undefined });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function rich() {
  const user = await accountWithSession(t);
  await t.database.db.transaction((tx) => moveBeans(tx, { userId: user.id, amount: 2_000, reason: 'admin', ref: 'test' }));
  return user;
}

async function check(headers: Record<string, string>, content: string, extraInfo: Json = {}): Promise<{ orderNo: string; report: PlagiarismReport }> {
  const order = await call('POST', '/api/createOrder', headers, { productId: ProductId.PLAGIARISM_CHECK, content, extraInfo });
  expect(order.code, JSON.stringify(order)).toBe(0);
  expect(order.data.orderType).toBe(5);
  expect((await call('POST', '/api/createPayment', headers, { orderNo: order.data.orderNo })).code).toBe(0);
  for (let i = 0; i < 400; i++) {
    const r = await call('POST', '/api/plagiarism', headers, { orderNo: order.data.orderNo });
    expect(r.code, JSON.stringify(r)).toBe(0);
    if (r.data.data) return { orderNo: order.data.orderNo, report: r.data.data };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no plagiarism result');
}

describe('plagiarism checker API', () => {
  beforeAll(async () => {
    await addSource(t.database.db, { kind: 'library', title: 'How volcanoes erupt', url: 'https://example.org/volcanoes', text: volcanoes });
    await addSource(t.database.db, { kind: 'library', title: 'The waggle dance', url: null, text: bees });
  });

  it('[TOOL-03] a paid check (order type 5) finds passages of two library sources with offsets, labels, shares and excerpts', async () => {
    const user = await rich();
    const { report } = await check(user.headers, essay, { fileName: 'essay.docx' });
    expect(report.text).toBe(essay);
    expect(report.fileName).toBe('essay.docx');
    expect(report.coverage).toEqual({ documents: await librarySize(t.database.db), web: false });
    expect(report.sources.map((s) => s.title).sort()).toEqual(['How volcanoes erupt', 'The waggle dance']);
    const volcano = report.matches.find((m) => report.sources[m.source]!.title === 'How volcanoes erupt')!;
    expect(essay.slice(volcano.start, volcano.end)).toBe(fromVolcanoes);
    expect(volcanoes.slice(volcano.sourceStart, volcano.sourceEnd)).toBe(fromVolcanoes);
    expect(volcano.label).toBe('identical');
    expect(volcano.excerpt!.text.slice(volcano.sourceStart - volcano.excerpt!.offset, volcano.sourceEnd - volcano.excerpt!.offset)).toBe(fromVolcanoes);
    // The passage only, no context around it: a report cannot be used to read a source beyond what matched.
    expect(volcano.excerpt!.text).toBe(fromVolcanoes);
    const bee = report.matches.find((m) => report.sources[m.source]!.title === 'The waggle dance')!;
    expect(bee.label).toBe('minorChanges');
    expect(essay.slice(bee.start, bee.end)).toBe(fromBees);
    const summary = summarize(report);
    expect(summary.sources).toHaveLength(2);
    expect(summary.percent).toBeGreaterThan(50);
    expect(summary.percent).toBeLessThan(85);
  });

  it('[TOOL-03] an original text scores 0% with no source', async () => {
    const user = await rich();
    const { report } = await check(user.headers, own);
    expect(report.matches).toEqual([]);
    expect(summarize(report).percent).toBe(0);
  });

  it('[TOOL-03] the PDF carries the figure, the coverage and the reader\'s filters; bad filters are refused with a clear message', async () => {
    const user = await rich();
    const { orderNo } = await check(user.headers, essay);
    const res = await t.app.inject({ method: 'GET', url: `/api/plagiarism/pdf?orderNo=${orderNo}&quotes=true&bibliography=true&minWords=0&sources=1`, headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    // Sections follow on: a short essay's report is not five pages, four of them mostly empty (issue 30).
    expect(pdf.numPages).toBeLessThanOrEqual(2);
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain('Similarity Report');
    expect(text).toMatch(/documents in this installation's library, not the web/);
    expect(text.replace(/\s+/g, ' ')).toContain('1 source excluded');
    // [LOC-02] In the reader's language, with fonts for every script: the title and the "not proof" paragraphs read back.
    for (const locale of ['ar', 'zh', 'th'] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/plagiarism/pdf?orderNo=${orderNo}&locale=${locale}`, headers: user.headers });
      const text = await pdfText(new Uint8Array(res.rawPayload));
      for (const key of ['plagiarism.pdf.title', 'plagiarism.pdf.meaning1', 'plagiarism.pdf.meaning2', 'plagiarism.pdf.textTitle'] as const) {
        expect(text).toContain(squash(translate(locale, key, { site: siteName, count: 2 })));
      }
      expect(text).toContain(squash(essay.split('\n')[0]!));
    }
    const bad = await call('GET', `/api/plagiarism/pdf?orderNo=${orderNo}&minWords=-3`, user.headers);
    expect(bad).toMatchObject({ code: 1, message: 'The small-match filter takes a whole number of words from 0 to 100.' });
    const badSources = await call('GET', `/api/plagiarism/pdf?orderNo=${orderNo}&sources=1;drop`, user.headers);
    expect(badSources.message).toBe('The list of excluded sources is not valid.');
  });

  it('[TOOL-03] hostile requests change nothing: another user, a missing or foreign order number, no token', async () => {
    const user = await rich();
    const { orderNo } = await check(user.headers, own);
    const other = await accountWithSession(t);
    expect((await call('POST', '/api/plagiarism', other.headers, { orderNo })).message).toBe('We could not find this order.');
    expect((await t.app.inject({ method: 'GET', url: `/api/plagiarism/pdf?orderNo=${orderNo}`, headers: other.headers })).json().code).toBe(1);
    expect((await call('POST', '/api/plagiarism', user.headers, { orderNo: '  ' })).code).toBe(1);
    const detection = await call('POST', '/api/createOrder', user.headers, { productId: ProductId.AI_DETECTION, content: own });
    expect((await call('POST', '/api/plagiarism', user.headers, { orderNo: detection.data.orderNo })).message).toBe('We could not find this order.');
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/plagiarism', payload: { orderNo } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toMatch(/at \w+ \(/);
    const tooLong = await call('POST', '/api/createOrder', user.headers, { productId: ProductId.PLAGIARISM_CHECK, content: 'word '.repeat(301) });
    expect(tooLong.message).toContain('300 words');
  });

  it('[TOOL-03] the library says how many documents it holds, publicly', async () => {
    const r = await call('GET', '/api/engines', {});
    expect(r.data.plagiarism).toEqual({ documents: await librarySize(t.database.db), web: false });
  });

  it('[TOOL-03] a checked text joins the library only when its owner allows it, and is shown to others without its content', async () => {
    const owner = await rich();
    expect((await call('GET', '/api/plagiarism/settings', owner.headers)).data).toEqual({ shareSubmissions: false });
    const privateText = `${own} My uncle also kept bees on the roof, two hives painted blue, and on warm evenings the whole street smelled of honey and bread.`;
    const before = await librarySize(t.database.db);
    await check(owner.headers, privateText);
    expect(await librarySize(t.database.db)).toBe(before);

    expect((await call('POST', '/api/plagiarism/settings', owner.headers, { shareSubmissions: true })).data).toEqual({ shareSubmissions: true });
    const bad = await t.app.inject({ method: 'POST', url: '/api/plagiarism/settings', headers: owner.headers, payload: { shareSubmissions: 'maybe' } });
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', '/api/plagiarism/settings', owner.headers)).data).toEqual({ shareSubmissions: true });
    await check(owner.headers, privateText);
    expect(await librarySize(t.database.db)).toBe(before + 1);

    // The owner's own later check never matches their own text.
    expect((await check(owner.headers, privateText)).report.matches).toEqual([]);
    // Someone else who copies it sees a match, but not the text it came from.
    const copier = await rich();
    const { report } = await check(copier.headers, `Here is my essay. ${privateText}`);
    expect(report.sources).toEqual([expect.objectContaining({ kind: 'submission', title: '', url: null })]);
    expect(report.matches[0]!.excerpt).toBeNull();
    // Nor when it was checked to the millisecond, nor where in their text the passage sits.
    expect(report.sources[0]!.addedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(report.matches.every((m) => m.sourceStart === 0 && m.sourceEnd === 0)).toBe(true);

    // Sharing turned off takes the text out of the library: nobody matches it any more.
    expect((await call('POST', '/api/plagiarism/settings', owner.headers, { shareSubmissions: false })).data).toEqual({ shareSubmissions: false });
    expect(await librarySize(t.database.db)).toBe(before);
    expect((await check(copier.headers, `Here is my essay again. ${privateText}`)).report.matches).toEqual([]);
    // Shared again, then the check deleted from the history: gone as well.
    await call('POST', '/api/plagiarism/settings', owner.headers, { shareSubmissions: true });
    const shared = await check(owner.headers, privateText);
    expect(await librarySize(t.database.db)).toBe(before + 1);
    expect((await call('POST', '/api/essay/delete', owner.headers, { jobId: shared.orderNo })).code).toBe(0);
    expect(await librarySize(t.database.db)).toBe(before);
    expect((await check(copier.headers, `And once more. ${privateText}`)).report.matches).toEqual([]);
  });

  it('[TOOL-03] an administrator loads a folder of documents or a JSONL file; duplicates and bad lines are counted, not fatal', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sources-'));
    writeFileSync(join(dir, 'glaciers.txt'), 'Glaciers carve valleys into a U shape as they grind slowly downhill under their own enormous weight over thousands of years.');
    writeFileSync(join(dir, 'notes.md'), 'ignored: not a document type');
    writeFileSync(join(dir, 'broken.pdf'), 'not really a pdf');
    const first = await addSourcesFrom(t.database.db, dir);
    expect(first).toMatchObject({ added: 1, duplicates: 0, failed: 1 });
    const jsonl = join(dir, 'collection.jsonl');
    writeFileSync(
      jsonl,
      [
        JSON.stringify({ title: 'Tides', url: 'https://example.org/tides', text: 'The tides rise and fall twice a day because the moon pulls on the oceans of the turning earth.' }),
        '{not json',
        JSON.stringify({ title: 'Glaciers again', text: 'Glaciers carve valleys into a U shape as they grind slowly downhill under their own enormous weight over thousands of years.' }),
        JSON.stringify({ title: 'No text' }),
      ].join('\n'),
    );
    const second = await addSourcesFrom(t.database.db, jsonl);
    expect(second).toMatchObject({ added: 1, duplicates: 1, failed: 2, total: await librarySize(t.database.db) });
    await expect(addSourcesFrom(t.database.db, join(dir, 'missing'))).rejects.toThrow('does not exist');
  });
});
