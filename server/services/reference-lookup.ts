import { and, eq, gt } from 'drizzle-orm';
import type { RefRecord } from '../../src/domain/references.ts';
import type { ReferenceLookupConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { referenceLookups } from '../db/schema.ts';
import { recordFromCrossref, recordFromOpenAlex, titleSimilarity, type LookupOutcome, type ReferenceFields } from '../engines/references/index.ts';
import { isWellFormedDoi, normalizeDoi } from '../engines/references/identifiers.ts';
import type { Lookup } from '../engines/references/index.ts';

/** Found records are kept a month; "no such DOI" a day (it may be registered soon). */
const hitTtlMs = 30 * 24 * 3600_000;
const missTtlMs = 24 * 3600_000;
/** The longest we honour a Retry-After before giving the entry up as unchecked. */
const maxRetryWaitMs = 20_000;
const requestTimeoutMs = 10_000;
/** Crossref's polite pool allows 3 concurrent requests and about 10 per second; OpenAlex 10 per second. */
const perProvider = { concurrency: 2, minIntervalMs: 120 };

class Unavailable extends Error {}

type Provider = 'crossref' | 'openalex';
type Answer = { status: number; body: unknown };

/** A per-provider gate: a few requests at a time, spaced, and everyone waits after a 429. */
function gate() {
  let active = 0;
  let last = 0;
  let blockedUntil = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    active--;
    queue.shift()?.();
  };
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active >= perProvider.concurrency) await new Promise<void>((resolve) => queue.push(resolve));
      active++;
      try {
        const wait = Math.max(blockedUntil, last + perProvider.minIntervalMs) - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        last = Date.now();
        return await task();
      } finally {
        release();
      }
    },
    block(ms: number) {
      blockedUntil = Math.max(blockedUntil, Date.now() + ms);
    },
  };
}

/** Seconds or an HTTP date, as Retry-After allows; 1 s when absent. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (!header) return 1000;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - now) : 1000;
}

/**
 * The product's lookup for the reference engine: Crossref and/or OpenAlex over HTTP, answers cached in the database,
 * rate limits respected (429 and 503 with Retry-After are waited out, up to 20 s, then the entry stays unchecked).
 */
export function referenceLookup(db: Db, config: ReferenceLookupConfig, options: { fetch?: typeof fetch; log?: { warn: (obj: object, msg: string) => void } } = {}): Lookup {
  const doFetch = options.fetch ?? fetch;
  const gates: Record<Provider, ReturnType<typeof gate>> = { crossref: gate(), openalex: gate() };
  const agent = `Inkwise-ReferenceChecker/1.0${config.contactEmail ? ` (mailto:${config.contactEmail})` : ''}`;

  async function get(provider: Provider, key: string, url: URL): Promise<Answer> {
    const [cached] = await db
      .select()
      .from(referenceLookups)
      .where(and(eq(referenceLookups.key, key), gt(referenceLookups.fetchedAt, new Date(Date.now() - hitTtlMs))));
    if (cached && (cached.status === 200 || cached.fetchedAt.getTime() > Date.now() - missTtlMs)) return { status: cached.status, body: cached.body };
    if (config.contactEmail) url.searchParams.set('mailto', config.contactEmail);
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await gates[provider]
        .run(() => doFetch(url, { headers: { accept: 'application/json', 'user-agent': agent }, signal: AbortSignal.timeout(requestTimeoutMs) }))
        .catch((error: unknown) => {
          options.log?.warn({ provider, err: error instanceof Error ? error.message : String(error) }, 'reference lookup failed');
          throw new Unavailable();
        });
      // A redirect to another host or path is not the provider's answer.
      if (response.redirected && !sameBase(response.url, url)) {
        await response.body?.cancel();
        throw new Unavailable();
      }
      if (response.status === 429 || response.status === 503) {
        const wait = retryAfterMs(response.headers.get('retry-after'));
        await response.body?.cancel();
        if (wait > maxRetryWaitMs) break;
        gates[provider].block(wait);
        continue;
      }
      if (response.status === 404) {
        await response.body?.cancel();
        await store(key, provider, 404, null);
        return { status: 404, body: null };
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new Unavailable();
      }
      const body = (await response.json()) as unknown;
      await store(key, provider, 200, body);
      return { status: 200, body };
    }
    options.log?.warn({ provider }, 'reference lookup rate-limited; entry left unchecked');
    throw new Unavailable();
  }

  function sameBase(final: string, asked: URL): boolean {
    try {
      const got = new URL(final);
      return got.origin === asked.origin && got.pathname === asked.pathname;
    } catch {
      return false;
    }
  }

  async function store(key: string, provider: Provider, status: number, body: unknown) {
    const row = { key, provider, status, body, fetchedAt: new Date() };
    await db.insert(referenceLookups).values(row).onConflictDoUpdate({ target: referenceLookups.key, set: { status, body, fetchedAt: row.fetchedAt } });
  }

  /**
   * A provider URL under its configured base. The DOI goes in encoded (a slash or a dot segment in it cannot reach
   * another path of the host), and a URL that would leave the base's origin or path is refused (issue 29).
   */
  const endpoint = (base: string, path: string) => {
    const url = new URL(`${base}${path}`);
    const root = new URL(base);
    if (url.origin !== root.origin || !url.pathname.startsWith(`${root.pathname.replace(/\/+$/, '')}/`)) throw new Unavailable();
    return url;
  };
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
