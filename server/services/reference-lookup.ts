import type { RefRecord } from '../../src/domain/references.ts';
import type { ReferenceLookupConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { recordFromCrossref, recordFromOpenAlex, titleSimilarity, type LookupOutcome, type ReferenceFields } from '../engines/references/index.ts';
import { isWellFormedDoi, normalizeDoi } from '../engines/references/identifiers.ts';
import type { Lookup } from '../engines/references/index.ts';
import { endpoint, gate, providerClient, Unavailable, type Gate } from './provider-http.ts';

/** Found records are kept a month; "no such DOI" a day (it may be registered soon). */
const hitTtlMs = 30 * 24 * 3600_000;
const missTtlMs = 24 * 3600_000;
/** Crossref's polite pool allows 3 concurrent requests and about 10 per second; OpenAlex 10 per second. */
const perProvider = { concurrency: 2, minIntervalMs: 120 };

type Provider = 'crossref' | 'openalex';

export { retryAfterMs } from './provider-http.ts';

/**
 * The product's lookup for the reference engine: Crossref and/or OpenAlex over HTTP, answers cached in the database,
 * rate limits respected (429 and 503 with Retry-After are waited out, up to 20 s, then the entry stays unchecked).
 */
export function referenceLookup(db: Db, config: ReferenceLookupConfig, options: { fetch?: typeof fetch; log?: { warn: (obj: object, msg: string) => void } } = {}): Lookup {
  const gates: Record<Provider, Gate> = { crossref: gate(perProvider), openalex: gate(perProvider) };
  const agent = `Inkwise-ReferenceChecker/1.0${config.contactEmail ? ` (mailto:${config.contactEmail})` : ''}`;
  const client = providerClient({ db, agent, fetch: options.fetch, log: options.log, hitTtlMs, missTtlMs, params: config.contactEmail ? { mailto: config.contactEmail } : {} });
  const get = (provider: Provider, key: string, url: URL) => client(provider, gates[provider], key, url);

  /** DOIs with an empty, "." or ".." segment are no DOI a registry issues; they are not looked up. */
  const lookable = (doi: string) => /^10\.\d{4,9}\/\S+$/.test(doi) && !doi.split('/').some((segment) => segment === '' || segment === '.' || segment === '..');

  async function byDoi(doi: string): Promise<RefRecord | null | undefined> {
    if (!lookable(doi)) return undefined;
    if (config.crossrefBaseUrl) {
      const answer = await get('crossref', `crossref:doi:${doi}`, endpoint(config.crossrefBaseUrl, `/works/${encodeURIComponent(doi)}`));
      if (answer.status === 404) return null;
      const message = (answer.body as { message?: Record<string, unknown> } | null)?.message;
      return message ? recordFromCrossref(message) : null;
    }
    if (config.openAlexBaseUrl) {
      const answer = await get('openalex', `openalex:doi:${doi}`, endpoint(config.openAlexBaseUrl, `/works/doi:${encodeURIComponent(doi)}`));
      if (answer.status === 404) return null;
      return answer.body ? recordFromOpenAlex(answer.body as Record<string, unknown>) : null;
    }
    return undefined;
  }

  async function search(fields: ReferenceFields): Promise<{ records: RefRecord[]; failed: number; tried: number }> {
    const records: RefRecord[] = [];
    let failed = 0;
    let tried = 0;
    const title = fields.title ?? '';
    if (!title) return { records, failed, tried };
    const bibliographic = [title, fields.authors[0]?.family, fields.year, fields.container].filter(Boolean).join(' ').slice(0, 300);
    if (config.crossrefBaseUrl) {
      tried++;
      try {
        const url = endpoint(config.crossrefBaseUrl, '/works');
        url.searchParams.set('query.bibliographic', bibliographic);
        url.searchParams.set('rows', '5');
        const answer = await get('crossref', `crossref:search:${bibliographic.toLowerCase()}`, url);
        const items = ((answer.body as { message?: { items?: Record<string, unknown>[] } } | null)?.message?.items ?? []).map(recordFromCrossref);
        records.push(...items);
      } catch (error) {
        if (!(error instanceof Unavailable)) throw error;
        failed++;
      }
    }
    if (config.openAlexBaseUrl) {
      tried++;
      try {
        const url = endpoint(config.openAlexBaseUrl, '/works');
        url.searchParams.set('search', title.slice(0, 250));
        url.searchParams.set('per-page', '5');
        const answer = await get('openalex', `openalex:search:${title.toLowerCase().slice(0, 250)}`, url);
        records.push(...(((answer.body as { results?: Record<string, unknown>[] } | null)?.results ?? []).map(recordFromOpenAlex)));
      } catch (error) {
        if (!(error instanceof Unavailable)) throw error;
        failed++;
      }
    }
    return { records, failed, tried };
  }

  return async (fields) => {
    const doi = fields.doi && isWellFormedDoi(normalizeDoi(fields.doi)) ? normalizeDoi(fields.doi) : null;
    let doiRecord: RefRecord | null | undefined;
    let doiFailed = false;
    try {
      if (doi) doiRecord = await byDoi(doi);
    } catch (error) {
      if (!(error instanceof Unavailable)) throw error;
      doiFailed = true;
    }
    // A DOI that resolves to the entry's own title needs no search.
    const settled = doiRecord && titleSimilarity(fields.title, doiRecord.title) >= 0.9 && !config.openAlexBaseUrl;
    const found = settled ? { records: [], failed: 0, tried: 0 } : await search(fields);
    if ((doiFailed || doi === null) && found.tried > 0 && found.failed === found.tried) return 'unavailable';
    if (doiFailed && found.tried === 0) return 'unavailable';
    const candidates = found.records;
    // OpenAlex knows retractions Crossref's record may not show: mark every record of a retracted DOI.
    const retracted = new Set([doiRecord, ...candidates].filter((r): r is RefRecord => Boolean(r?.retracted && r.doi)).map((r) => r!.doi));
    for (const r of [doiRecord, ...candidates]) if (r?.doi && retracted.has(r.doi)) r.retracted = true;
    const outcome: LookupOutcome = { candidates };
    if (doi) outcome.doiRecord = doiFailed ? undefined : (doiRecord ?? null);
    return outcome;
  };
}
