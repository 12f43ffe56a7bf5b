/**
 * Source retrieval for the plagiarism checker (issue 28): from the checked text, search queries built the way the
 * PAN source-retrieval task builds them (engines/plagiarism/queries.ts), sent to keyless public providers —
 * Wikipedia (MediaWiki Action API: search, then the article's plain text), OpenAlex (works search, the abstract
 * rebuilt from `abstract_inverted_index`), arXiv (its Atom API) and Crossref (works with an abstract) — and the
 * candidates they answer, read in full, aligned as the library's documents are. Each provider has its gate, timeout,
 * cache and polite User-Agent (provider-http.ts); one that fails is reported, not hidden.
 */
import type { SearchedProvider, WebProvider } from '../../src/domain/plagiarism.ts';
import type { PlagiarismWebConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { searchQueries } from '../engines/plagiarism/queries.ts';
import { endpoint, gate, providerClient, Unavailable, type Gate } from './provider-http.ts';

const webProviders = ['wikipedia', 'openalex', 'arxiv', 'crossref'] as const satisfies readonly WebProvider[];

export interface WebDocument {
  title: string;
  url: string;
  text: string;
  provider: WebProvider;
  licence: string | null;
}

export interface Retrieval {
  documents: WebDocument[];
  searched: SearchedProvider[];
}

export const retrievalLimits = {
  /** Results taken per query and provider. */
  perQuery: 2,
  /** Candidates read in all, per check. */
  maxCandidates: 40,
  /** Characters kept of a candidate's text. */
  maxChars: 200_000,
} as const;

const hitTtlMs = 7 * 24 * 3600_000;
const missTtlMs = 24 * 3600_000;
/** Wikipedia asks for a few requests a second at most from a client; the scholarly APIs about ten. */
const limits: Record<WebProvider, { concurrency: number; minIntervalMs: number }> = {
  wikipedia: { concurrency: 2, minIntervalMs: 200 },
  openalex: { concurrency: 2, minIntervalMs: 120 },
  arxiv: { concurrency: 1, minIntervalMs: 3_000 },
  crossref: { concurrency: 2, minIntervalMs: 120 },
};

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const decodeEntities = (s: string) =>
  s.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-f]+);/gi, (_, e: string) =>
    e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'quot' ? '"' : e === 'apos' ? "'" : e === 'amp' ? '&' : String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)),
  );
const stripTags = (s: string) => decodeEntities(s.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();

/** OpenAlex gives abstracts as word → positions; the words in position order are the abstract. */
export function abstractFromInvertedIndex(index: unknown): string {
  if (!index || typeof index !== 'object') return '';
  const words: string[] = [];
  for (const [word, positions] of Object.entries(index as Record<string, unknown>)) {
    if (!Array.isArray(positions)) continue;
    for (const p of positions) if (Number.isInteger(p) && p >= 0 && p < 20_000) words[p] = word;
  }
  return words.filter(Boolean).join(' ');
}

/** The entries of an arXiv Atom feed: id (the abstract page), title and summary. */
export function atomEntries(xml: string): { url: string; title: string; summary: string }[] {
  const out: { url: string; title: string; summary: string }[] = [];
  for (const entry of xml.slice(0, retrievalLimits.maxChars * 5).matchAll(/<entry\b[^>]*>([\s\S]*?)<\/entry>/g)) {
    const field = (name: string) => stripTags(new RegExp(`<${name}\\b[^>]*>([\\s\\S]*?)</${name}>`).exec(entry[1]!)?.[1] ?? '');
    const url = field('id');
    if (/^https?:\/\//.test(url)) out.push({ url, title: field('title'), summary: field('summary') });
  }
  return out;
}

/**
 * The retrieval: `search(text)` answers the candidates to align and what was searched. Providers are asked one query
 * after another (each gate spaces them), all providers side by side.
 */
export function webSources(db: Db, config: PlagiarismWebConfig, options: { fetch?: typeof fetch; log?: { warn: (obj: object, msg: string) => void }; timeoutMs?: number } = {}) {
  const agent = `Inkwise-PlagiarismChecker/1.0${config.contactEmail ? ` (mailto:${config.contactEmail})` : ''}`;
  const client = providerClient({ db, agent, fetch: options.fetch, log: options.log, hitTtlMs, missTtlMs, timeoutMs: options.timeoutMs, maxBodyChars: retrievalLimits.maxChars * 5 });
  const gates = Object.fromEntries(webProviders.map((p) => [p, gate(limits[p])])) as Record<WebProvider, Gate>;
  const providers = webProviders.filter((p) => config.bases[p]);

  const get = (provider: WebProvider, path: string, params: Record<string, string>, as: 'json' | 'text' = 'json') => {
    const url = endpoint(config.bases[provider]!, path);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    if (config.contactEmail && provider !== 'wikipedia' && provider !== 'arxiv') url.searchParams.set('mailto', config.contactEmail);
    return client(provider, gates[provider], `web:${provider}:${url.pathname}?${url.searchParams}`, url, as);
  };

  const ask: Record<WebProvider, (query: string) => Promise<WebDocument[]>> = {
    async wikipedia(query) {
      const found = await get('wikipedia', '/w/api.php', { action: 'query', list: 'search', srsearch: query, srlimit: String(retrievalLimits.perQuery), format: 'json', formatversion: '2' });
      const titles = ((found.body as { query?: { search?: { title?: unknown }[] } } | null)?.query?.search ?? []).map((r) => str(r.title)).filter(Boolean);
      const documents: WebDocument[] = [];
      for (const title of titles.slice(0, retrievalLimits.perQuery)) {
        const page = await get('wikipedia', '/w/api.php', { action: 'query', prop: 'extracts', explaintext: '1', titles: title, format: 'json', formatversion: '2' });
        const pages = (page.body as { query?: { pages?: { title?: unknown; extract?: unknown }[] } } | null)?.query?.pages ?? [];
        const text = str(pages[0]?.extract);
        if (!text) continue;
        const url = `${config.bases.wikipedia}/wiki/${encodeURIComponent(title.replace(/ /g, '_'))}`;
        documents.push({ title, url, text: text.slice(0, retrievalLimits.maxChars), provider: 'wikipedia', licence: 'CC BY-SA 4.0' });
      }
      return documents;
    },
    async openalex(query) {
      const found = await get('openalex', '/works', { search: query, 'per-page': String(retrievalLimits.perQuery) });
      return ((found.body as { results?: Record<string, unknown>[] } | null)?.results ?? []).flatMap((work) => {
        const text = abstractFromInvertedIndex(work.abstract_inverted_index);
        const url = str(work.doi) || str(work.id);
        const location = (work.primary_location ?? {}) as Record<string, unknown>;
        return text && /^https?:\/\//.test(url) ? [{ title: str(work.display_name) || str(work.title), url, text, provider: 'openalex' as const, licence: str(location.license) || null }] : [];
      });
    },
    async arxiv(query) {
      const found = await get('arxiv', '/api/query', { search_query: `all:${query}`, start: '0', max_results: String(retrievalLimits.perQuery) }, 'text');
      return atomEntries(str(found.body)).flatMap((e) => (e.summary ? [{ title: e.title, url: e.url, text: e.summary, provider: 'arxiv' as const, licence: null }] : []));
    },
    async crossref(query) {
      const found = await get('crossref', '/works', { query, rows: String(retrievalLimits.perQuery), filter: 'has-abstract:true', select: 'DOI,title,abstract,URL,license' });
      return ((found.body as { message?: { items?: Record<string, unknown>[] } } | null)?.message?.items ?? []).flatMap((item) => {
        const text = stripTags(str(item.abstract));
        const url = str(item.URL) || (str(item.DOI) ? `https://doi.org/${str(item.DOI)}` : '');
        const title = Array.isArray(item.title) ? str(item.title[0]) : str(item.title);
        const licence = Array.isArray(item.license) ? str((item.license[0] as Record<string, unknown> | undefined)?.URL) || null : null;
        return text && /^https?:\/\//.test(url) ? [{ title, url, text, provider: 'crossref' as const, licence }] : [];
      });
    },
  };

  return {
    name: providers.join('+'),
    providers,
    async search(text: string): Promise<Retrieval> {
      const queries = searchQueries(text).map((q) => q.terms.join(' '));
      const results = await Promise.all(
        providers.map(async (provider) => {
          const documents: WebDocument[] = [];
          let failed = 0;
          let inARow = 0;
          for (const [i, query] of queries.entries()) {
            // A provider that failed twice running is not asked the rest (each would wait out its timeout).
            if (inARow >= 2) {
              failed += queries.length - i;
              break;
            }
            try {
              documents.push(...(await ask[provider](query)));
              inARow = 0;
            } catch (error) {
              if (!(error instanceof Unavailable) && !(error instanceof TypeError)) throw error;
              failed++;
              inARow++;
            }
          }
          return { provider, documents, failed };
        }),
      );
      const seen = new Set<string>();
      const documents: WebDocument[] = [];
      const searched: SearchedProvider[] = [];
      for (const { provider, documents: found, failed } of results) {
        let candidates = 0;
        for (const doc of found) {
          if (seen.has(doc.url) || documents.length >= retrievalLimits.maxCandidates) continue;
          seen.add(doc.url);
          documents.push(doc);
          candidates++;
        }
        searched.push({ provider, queries: queries.length, candidates, failed });
      }
      return { documents, searched };
    },
  };
}

export type WebSources = ReturnType<typeof webSources>;
