import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductId } from '../../src/domain/products.ts';
import type { ReferenceReport } from '../../src/domain/references.ts';
import { startFakeBibliographic, type FakeBibliographic } from '../support/fake-bibliographic.ts';
import { accountWithSession } from './fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { referenceLookup } from '../../server/services/reference-lookup.ts';
import type { ReferenceFields } from '../../server/engines/references/fields.ts';

type Json = Record<string, any>;
let fake: FakeBibliographic;
let online: TestApp;
let offline: TestApp;

beforeAll(async () => {
  fake = await startFakeBibliographic();
  online = await createTestApp({ CROSSREF_BASE_URL: fake.crossrefBaseUrl, OPENALEX_BASE_URL: fake.openAlexBaseUrl, REFERENCES_CONTACT_EMAIL: 'refs@inkwise.test' });
  offline = await createTestApp();
});
afterAll(async () => {
  await online?.close();
  await offline?.close();
  await fake?.close();
});

const paper = `Growth mindset interventions raise grades for lower-achieving students (Yeager et al., 2019). Deep networks learn layered representations (LeCun et al., 2012). Some claims rest on sources nobody can find (Marlowe & Quint, 2021), others on retracted work (Wakefield et al., 1998). Smith (2020) is cited but never listed.

References

LeCun, Y., Bengio, Y., & Hinton, G. (2015). Deep learning. Nature, 999(7553), 436–444.
Marlowe, T., & Quint, A. (2021). Quantum sleep hygiene and undergraduate essay performance: A longitudinal study. Journal of Cognitive Horizons, 14(2), 101–119. https://doi.org/10.99999/jch.2021.0142
Wakefield, A. J., Murch, S. H., & Anthony, A. (1998). Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive developmental disorder in children. The Lancet, 351(9103), 637–641. https://doi.org/10.1016/S0140-6736(97)11096-0
Yeager, D. S., Hanselman, P., Walton, G. M., Murray, J. S., Crosnoe, R., Muller, C., & Dweck, C. S. (2019). A national experiment reveals where a growth mindset improves achievement. Nature, 573(7774), 364–369. https://doi.org/10.1038/s41586-019-1466-y
`;

async function call(t: TestApp, url: string, headers: Record<string, string>, payload?: unknown): Promise<Json> {
  const res = await t.app.inject({ method: 'POST', url, headers, payload: payload as object | undefined });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function check(t: TestApp, headers: Record<string, string>, content: string): Promise<{ orderNo: string; report: ReferenceReport }> {
  const order = await call(t, '/api/createOrder', headers, { productId: ProductId.REFERENCE_CHECK, content });
  expect(order.code, JSON.stringify(order)).toBe(0);
  expect((await call(t, '/api/createPayment', headers, { orderNo: order.data.orderNo })).code).toBe(0);
  for (let i = 0; i < 400; i++) {
    // The spec's multipart orderNo.
    const form = `--b\r\nContent-Disposition: form-data; name="orderNo"\r\n\r\n${order.data.orderNo}\r\n--b--\r\n`;
    const res = await t.app.inject({ method: 'POST', url: '/api/refValid', headers: { ...headers, 'content-type': 'multipart/form-data; boundary=b' }, payload: form });
    const r = res.json();
    expect(r.code, res.body).toBe(0);
    if (r.data.data) return { orderNo: order.data.orderNo, report: r.data.data };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no result');
}

const byAuthor = (report: ReferenceReport, family: string) => report.entries.find((e) => e.fields.authors[0]?.startsWith(family))!;

describe('reference checker runs (order type 6)', () => {
  it('[TOOL-05] verifies a real entry, flags a fabricated one as not found with no certainty, a conflicting and a retracted one, against Crossref and OpenAlex', async () => {
    const user = await accountWithSession(online);
    const { report } = await check(online, user.headers, paper);
    expect(report.style).toBe('apa');
    expect(report.online).toBe('checked');
    expect(report.entries).toHaveLength(4);
    const yeager = byAuthor(report, 'Yeager');
    expect(yeager.verdict).toBe('verified');
    expect(yeager.evidence?.doi).toBe('10.1038/s41586-019-1466-y');
    const invented = byAuthor(report, 'Marlowe');
    expect(invented.verdict).toBe('notFound');
    expect(invented.conflicts.some((c) => c.field === 'doi')).toBe(true);
    const lecun = byAuthor(report, 'LeCun');
    expect(lecun.verdict).toBe('conflict');
    expect(lecun.conflicts).toContainEqual({ field: 'volume', listed: '999', found: '521' });
    expect(lecun.evidence?.title).toBe('Deep learning');
    expect(byAuthor(report, 'Wakefield').verdict).toBe('retracted');
    expect(report.counts).toMatchObject({ verified: 1, notFound: 1, conflict: 1, retracted: 1, unchecked: 0 });
    // In-text citations against the list.
    const codes = report.citationIssues.map((i) => `${i.code}:${i.params?.cite ?? ''}`);
    expect(codes).toContain('citationYearMismatch:LeCun et al., 2012');
    expect(codes).toContain('citedNotListed:Smith (2020)');
    // The polite pool's contact address goes with every request.
    expect(fake.requests.every((r) => r.includes('mailto=refs%40inkwise.test'))).toBe(true);
  });

  it('[TOOL-05] a DOI cannot reach another path of a provider: encoded in the URL, dot segments refused, redirects off the path refused', async () => {
    const asked: string[] = [];
    const spy: typeof fetch = async (input, init) => {
      asked.push(String(input));
      return fetch(input, init);
    };
    const fields = (doi: string, title = 'A title nobody wrote'): ReferenceFields =>
      ({ authors: [{ family: 'Ng', given: 'A.' }], etAl: false, year: 2020, date: '(2020).', title, container: 'Journal', volume: null, issue: null, pages: null, doi, url: null, kind: 'article' }) as unknown as ReferenceFields;
    const lookup = referenceLookup(online.database.db, { crossrefBaseUrl: undefined, openAlexBaseUrl: fake.openAlexBaseUrl, contactEmail: undefined }, { fetch: spy });
    await lookup(fields('10.1234/../../../secret'));
    await lookup(fields('10.1038/nature14539'));
    const byDoi = asked.filter((u) => u.includes('/works/doi:'));
    // The traversal DOI was not looked up by DOI at all; the real one went in encoded, under /works/.
    expect(byDoi).toHaveLength(1);
    expect(new URL(byDoi[0]!).pathname).toBe(`${new URL(fake.openAlexBaseUrl).pathname}/works/doi:10.1038%2Fnature14539`);
    for (const u of asked) expect(new URL(u).pathname.startsWith(`${new URL(fake.openAlexBaseUrl).pathname}/works`)).toBe(true);
    // A provider answer that redirects elsewhere is not taken as the provider's.
    const redirecting: typeof fetch = async () => Object.defineProperty(new Response(JSON.stringify({ id: 'W1', title: 'secret' }), { status: 200 }), 'redirected', { value: true }) as Response;
    const moved = referenceLookup(online.database.db, { crossrefBaseUrl: undefined, openAlexBaseUrl: `${fake.openAlexBaseUrl}/moved`, contactEmail: undefined }, { fetch: redirecting });
    expect(await moved(fields('10.1109/cvpr.2016.90', 'Another title nobody wrote'))).toBe('unavailable');
  });

  it('[TOOL-05] caches lookups in the database: the same list checked again asks the providers nothing', async () => {
    const user = await accountWithSession(online);
    await check(online, user.headers, paper);
    const before = fake.requests.length;
    const { report } = await check(online, user.headers, paper);
    expect(fake.requests.length).toBe(before);
    expect(byAuthor(report, 'Yeager').verdict).toBe('verified');
  });

  it('[TOOL-05] waits out a 429 with Retry-After, and leaves entries unchecked (not "not found") when the providers stay unavailable', async () => {
    const user = await accountWithSession(online);
    const entry = 'He, K., Zhang, X., Ren, S., & Sun, J. (2016). Deep residual learning for image recognition. In Proceedings of the IEEE Conference on Computer Vision and Pattern Recognition (pp. 770–778).';
    fake.rateLimit(1, 1);
    const waited = await check(online, user.headers, entry);
    expect(waited.report.entries[0]!.verdict).toBe('verified');
    fake.down = true;
    try {
      const down = await check(online, user.headers, 'Doe, J. (2018). A study that the providers cannot be asked about today. Journal of Unreachable Results, 3(1), 1–9.');
      expect(down.report.entries[0]!.verdict).toBe('unchecked');
      expect(down.report.entries[0]!.uncheckedReason).toBe('unavailable');
      expect(down.report.online).toBe('off');
    } finally {
      fake.down = false;
    }
  });

  it('[TOOL-05] a long reference check (many lookups) does not hold up other tool runs, and looks up a bounded number at a time', async () => {
    const user = await accountWithSession(online);
    const stamp = Date.now().toString(36);
    const list = Array.from({ length: 12 }, (_, i) => `Okafor, N., & Lindqvist, E. (2020). Unfindable study number ${i} ${stamp} of slow lookups in crowded queues. Journal of Patient Waiting, ${i + 1}(2), 10–19.`).join('\n');
    const release = fake.hold();
    let refOrder = '';
    try {
      const order = await call(online, '/api/createOrder', user.headers, { productId: ProductId.REFERENCE_CHECK, content: list });
      refOrder = order.data.orderNo;
      expect((await call(online, '/api/createPayment', user.headers, { orderNo: refOrder })).code).toBe(0);
      // The check is running: its lookups are parked at the provider.
      for (let i = 0; i < 400 && fake.parked === 0; i++) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(fake.parked).toBeGreaterThan(0);
      // Meanwhile an AI detection paid after it runs to the end.
      const essay = 'Students often write their best work late at night. Teachers notice the difference in tone. The library stays open until midnight during exams. Some of them prefer the quiet of the reading room.';
      const detect = await call(online, '/api/createOrder', user.headers, { productId: ProductId.AI_DETECTION, content: essay });
      expect((await call(online, '/api/createPayment', user.headers, { orderNo: detect.data.orderNo })).code).toBe(0);
      let detected: Json | undefined;
      for (let i = 0; i < 400 && !detected; i++) {
        const r = await call(online, '/api/aiDetect', user.headers, { orderNo: detect.data.orderNo });
        expect(r.code, JSON.stringify(r)).toBe(0);
        if (r.data.data) detected = r.data.data;
        else await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(detected?.text).toBe(essay);
      // …while the reference check is still waiting on its lookups.
      expect(fake.parked).toBeGreaterThan(0);
      const pending = await call(online, '/api/refValid', user.headers, { orderNo: refOrder });
      expect(pending.data.data ?? null).toBeNull();
    } finally {
      release();
    }
    const form = await (async () => {
      for (let i = 0; i < 600; i++) {
        const r = await call(online, '/api/refValid', user.headers, { orderNo: refOrder });
        if (r.data.data) return r.data.data as ReferenceReport;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('no result');
    })();
    expect(form.entries).toHaveLength(12);
    expect(form.entries.every((e) => e.verdict === 'notFound')).toBe(true);
    // At most two requests in flight per provider (Crossref and OpenAlex), however many entries and runs.
    expect(fake.maxInFlight).toBeLessThanOrEqual(4);
  });

  it('[TOOL-05] says before a run whether references will be looked up online', async () => {
    const references = async (app: typeof online.app) => (await app.inject({ method: 'GET', url: '/api/engines' })).json().data.references;
    expect(await references(online.app)).toEqual({ online: true });
    expect(await references(offline.app)).toEqual({ online: false });
  });

  it('[TOOL-05] without lookups configured runs the offline checks and marks every entry unchecked', async () => {
    const user = await accountWithSession(offline);
    const list = `[1] A. Author, "A first paper," J. Tests, vol. 1, no. 2, pp. 1–5, 2019, doi: 10.1234/bad doi.
[2] B. Writer, Book of Things. New York: Press, 2035. ISBN 978-0-306-40615-8.
[4] C. Person, "A fourth paper," J. Tests, vol. 2, pp. 6–9, 2020.`;
    const { report } = await check(offline, user.headers, list);
    expect(report.style).toBe('ieee');
    expect(report.online).toBe('off');
    expect(report.entries.every((e) => e.verdict === 'unchecked' && e.uncheckedReason === 'offline')).toBe(true);
    const codes = report.entries.flatMap((e) => e.issues.map((i) => i.code));
    expect(codes).toEqual(expect.arrayContaining(['yearImplausible', 'isbnChecksum']));
    expect(report.citationIssues.map((i) => i.code)).toContain('numberingGap');
  });

  it('[TOOL-05] reads BibTeX input', async () => {
    const user = await accountWithSession(offline);
    const bib = '@article{lecun2015, author = {LeCun, Yann and Bengio, Yoshua and Hinton, Geoffrey}, title = {Deep learning}, journal = {Nature}, year = {2015}, volume = {521}, number = {7553}, pages = {436--444}, doi = {10.1038/nature14539}}';
    const { report } = await check(offline, user.headers, bib);
    expect(report.format).toBe('bibtex');
    expect(report.entries[0]!.fields).toMatchObject({ title: 'Deep learning', year: 2015, volume: '521', issue: '7553', pages: '436-444', doi: '10.1038/nature14539' });
  });

  it("[TOOL-05] a free account may check a paper longer than the editor's 300 words; another user's check does not exist for them", async () => {
    const user = await accountWithSession(offline);
    const long = `${'Word '.repeat(400)}\n\nReferences\n\nDoe, J. (2018). A title of some length. Journal of Things, 3(1), 1–9.`;
    const { orderNo, report } = await check(offline, user.headers, long);
    expect(report.entries).toHaveLength(1);
    const other = await accountWithSession(offline);
    expect((await call(offline, '/api/refValid', other.headers, { orderNo })).message).toBe('We could not find this order.');
  });

  it("[TOOL-05] a paper over the checker's 20,000 words is refused with the checker's own bound (no plan lifts it), translated, before any charge", async () => {
    const user = await accountWithSession(offline);
    const tooLong = 'word '.repeat(20_001);
    const refused = await call(offline, '/api/createOrder', user.headers, { productId: ProductId.REFERENCE_CHECK, content: tooLong });
    expect(refused).toEqual({ code: 1, message: 'A reference check reads at most 20,000 words. Check the reference list alone, or split the paper.' });
    const fr = await call(offline, '/api/createOrder', { ...user.headers, 'accept-language': 'fr' }, { productId: ProductId.REFERENCE_CHECK, content: tooLong });
    expect(fr.message).toBe('Une vérification des références lit au plus 20 000 mots. Vérifiez la liste de références seule, ou découpez le texte.');
    expect((await call(offline, '/api/tool/list', user.headers, { page: 1, pageSize: 10, orderTypeArray: '6' })).data.total).toBe(0);
  });
});
