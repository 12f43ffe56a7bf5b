import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { referenceLookups } from '../../server/db/schema.ts';
import { ProductId } from '../../src/domain/products.ts';
import type { PlagiarismReport } from '../../src/domain/plagiarism.ts';
import { searchQueries } from '../../server/engines/plagiarism/queries.ts';
import { moveBeans } from '../../server/services/ledger.ts';
import { librarySize } from '../../server/services/plagiarism.ts';
import { abstractFromInvertedIndex, atomEntries, webSources } from '../../server/services/web-sources.ts';
import { startFakeWebSources } from '../support/fake-web-sources.ts';
import { translate } from '../../src/i18n/translate.ts';
import { accountWithSession } from './fixtures.ts';
import { pdfText, squash } from './pdf-read.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Issue 28: on a fresh installation the library is empty, so a student's check compared the text with nothing.
type Json = Record<string, any>;

const waggle = {
  title: 'Waggle dance',
  text: [
    'The waggle dance is a term used in beekeeping and ethology for a particular figure-eight dance of the honey bee.',
    'By performing this dance, successful foragers can share information about the direction and distance to patches of flowers yielding nectar and pollen, to water sources, or to new nest-site locations with other members of the colony.',
    'Karl von Frisch, an Austrian ethologist, was one of the first to translate the meaning of the waggle dance, and he received the Nobel Prize in Physiology or Medicine in 1973 for that work.',
    'The direction of the waggle run relative to the vertical comb shows the angle of the food source relative to the azimuth of the sun, and the duration of the run encodes the distance.',
  ].join(' '),
};
const glaciers = {
  title: 'Glacial retreat in the Alps',
  text: 'Alpine glaciers have lost about half of their volume since 1900, and the retreat accelerated after 1980 as summer temperatures rose; meltwater regimes of rivers such as the Rhone are shifting toward earlier peaks in spring.',
};

// A student's essay: a sentence of its own, then a paragraph copied from the Wikipedia article, then its own again.
const essay = [
  'Insects fascinate me because they organise themselves without any leader, and I wanted to learn how bees tell each other where food is.',
  `${waggle.text.split('. ').slice(1, 3).join('. ')}.`,
  'I find it striking that a small animal can carry a map in its movements, and I would like to watch a hive one day with my little brother.',
].join('\n\n');

let fake: Awaited<ReturnType<typeof startFakeWebSources>>;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeWebSources({ wikipedia: [waggle], openalex: [glaciers], arxiv: [glaciers], crossref: [glaciers] });
  t = await createTestApp({
    PLAGIARISM_WIKIPEDIA_URL: fake.bases.wikipedia,
    PLAGIARISM_OPENALEX_URL: fake.bases.openalex,
    PLAGIARISM_ARXIV_URL: fake.bases.arxiv,
    PLAGIARISM_CROSSREF_URL: fake.bases.crossref,
    PLAGIARISM_CONTACT_EMAIL: 'plagiarism@inkwise.test',
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function call(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown): Promise<Json> {
  const res = await t.app.inject({ method, url, headers, payload: payload as object | undefined });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function check(content: string): Promise<PlagiarismReport & { orderNo: string; headers: Record<string, string> }> {
  const user = await accountWithSession(t);
  await t.database.db.transaction((tx) => moveBeans(tx, { userId: user.id, amount: 2_000, reason: 'admin', ref: 'test' }));
  const order = await call('POST', '/api/createOrder', user.headers, { productId: ProductId.PLAGIARISM_CHECK, content });
  expect(order.code, JSON.stringify(order)).toBe(0);
  expect((await call('POST', '/api/createPayment', user.headers, { orderNo: order.data.orderNo })).code).toBe(0);
  for (let i = 0; i < 600; i++) {
    const r = await call('POST', '/api/plagiarism', user.headers, { orderNo: order.data.orderNo });
    expect(r.code, JSON.stringify(r)).toBe(0);
    if (r.data.data) return { ...r.data.data, orderNo: order.data.orderNo, headers: user.headers };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no plagiarism result');
}

describe('source retrieval on a fresh installation', () => {
  it('[TOOL-03] finds a paragraph copied from a Wikipedia article, names the article with its link, and says what was searched', async () => {
    expect(await librarySize(t.database.db)).toBe(0);
    const report = await check(essay);
    expect(report.sources).toContainEqual(expect.objectContaining({ kind: 'library', title: 'Waggle dance', url: `${fake.bases.wikipedia}/wiki/Waggle_dance` }));
    const passage = report.matches.find((m) => report.sources[m.source]!.title === 'Waggle dance')!;
    expect(passage.words).toBeGreaterThan(30);
    expect(essay.slice(passage.start, passage.end)).toContain('Karl von Frisch');
    // Every provider was asked, none failed; the unrelated abstracts they answered matched nothing.
    expect(report.coverage.web).toBe(true);
    expect(report.coverage.searched?.map((s) => s.provider).sort()).toEqual(['arxiv', 'crossref', 'openalex', 'wikipedia']);
    for (const s of report.coverage.searched!) {
      expect(s.queries).toBeGreaterThan(0);
      expect(s.failed).toBe(0);
    }
    expect(report.coverage.searched!.find((s) => s.provider === 'wikipedia')!.candidates).toBe(1);
    // The article joined the library with its link; a polite User-Agent went with every request.
    expect(await librarySize(t.database.db)).toBe(1);
    expect(fake.requests.every((r) => r.agent?.includes('mailto:plagiarism@inkwise.test'))).toBe(true);
    // A second check of the same essay finds the article in the library now, and names it once.
    const again = await check(essay);
    expect(again.sources.filter((s) => s.title === 'Waggle dance')).toHaveLength(1);
    expect(await librarySize(t.database.db)).toBe(1);
    // The PDF says it too, in the reader's language.
    const pdf = await t.app.inject({ method: 'GET', url: `/api/plagiarism/pdf?orderNo=${report.orderNo}&locale=de`, headers: report.headers });
    const printed = await pdfText(new Uint8Array(pdf.rawPayload));
    const wikipedia = report.coverage.searched!.find((s) => s.provider === 'wikipedia')!;
    expect(printed).toContain(squash(translate('de', 'plagiarism.pdf.searchedLine', { provider: 'Wikipedia', queries: String(wikipedia.queries), candidates: '1', failed: '0' })));
    // The engine status tells the page the web is searched.
    expect((await call('GET', '/api/engines', {})).data.plagiarism.web).toBe(true);
  });
});

describe('providers that misbehave are reported, not hidden', () => {
  const text = `${glaciers.text} ${waggle.text}`;
  const config = () => ({ bases: fake.bases, contactEmail: undefined });
  // Each case asks the providers afresh: the answers cached by the one before are dropped.
  beforeEach(async () => {
    await t.database.db.delete(referenceLookups);
  });

  it('[TOOL-03] a provider that is down, malformed, too slow, too large or redirected off its host counts as failed; the others answer', async () => {
    for (const how of ['down', 'malformed', 'slow', 'huge', 'redirect'] as const) {
      fake.misbehave('openalex', how);
      // A fresh cache key per round: the text differs by a word.
      const retrieval = await webSources(t.database.db, config(), { timeoutMs: 500 }).search(`${text} Round ${how}.`);
      const openalex = retrieval.searched.find((s) => s.provider === 'openalex')!;
      expect(openalex.failed, how).toBe(openalex.queries);
      expect(openalex.candidates, how).toBe(0);
      expect(retrieval.searched.find((s) => s.provider === 'wikipedia')!.failed, how).toBe(0);
      expect(retrieval.documents.some((d) => d.provider === 'crossref'), how).toBe(true);
    }
    fake.misbehave('openalex', undefined);
  });

  it('[TOOL-03] waits out a 429 with its Retry-After, then reads the answer', async () => {
    fake.misbehave('crossref', 'limited');
    const retrieval = await webSources(t.database.db, config()).search(`${glaciers.text} Limited round.`);
    expect(retrieval.searched.find((s) => s.provider === 'crossref')).toMatchObject({ failed: 0 });
    expect(retrieval.documents.some((d) => d.provider === 'crossref' && d.title === glaciers.title)).toBe(true);
    fake.misbehave('crossref', undefined);
  });

  it('[TOOL-03] asks each provider only under its own base, and answers from the cache the second time', async () => {
    const before = fake.requests.length;
    const search = webSources(t.database.db, config());
    const first = await search.search(`${glaciers.text} Cached round.`);
    const asked = fake.requests.length - before;
    const second = await search.search(`${glaciers.text} Cached round.`);
    expect(second).toEqual(first);
    expect(fake.requests.slice(before + asked).map((r) => r.url)).toEqual([]);
    expect(fake.requests.slice(before).every((r) => /^\/(wikipedia|openalex|arxiv|crossref)\//.test(r.url))).toBe(true);
  });
});

describe('the pieces', () => {
  it('builds a bounded number of queries of distinctive words, spread over the text', () => {
    const queries = searchQueries(essay);
    expect(queries.length).toBeGreaterThanOrEqual(1);
    expect(queries.some((q) => q.terms.includes('Frisch'))).toBe(true);
    for (const q of queries) expect(q.terms.length).toBeLessThanOrEqual(8);
    const long = Array.from({ length: 60 }, (_, i) => `Paragraph ${i} mentions the distinctive subject number ${i * 7} and unusual vocabulary like quasar${i} and meridian${i}.`).join(' ');
    expect(searchQueries(long).length).toBeLessThanOrEqual(12);
    expect(searchQueries('')).toEqual([]);
  });

  it('rebuilds an OpenAlex abstract and reads an arXiv feed', () => {
    expect(abstractFromInvertedIndex({ bees: [1], Honey: [0], dance: [2] })).toBe('Honey bees dance');
    expect(abstractFromInvertedIndex(null)).toBe('');
    expect(atomEntries('<feed><entry><id>http://arxiv.org/abs/1</id><title>A &amp; B</title><summary>Text <b>here</b></summary></entry><entry><id>javascript:x</id></entry></feed>')).toEqual([
      { url: 'http://arxiv.org/abs/1', title: 'A & B', summary: 'Text here' },
    ]);
  });
});
