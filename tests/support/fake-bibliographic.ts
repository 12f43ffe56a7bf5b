import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A work in the fake's catalogue (the facts of real publications). */
export interface CatalogWork {
  doi: string;
  title: string;
  authors: { given: string; family: string }[];
  year: number;
  container: string;
  volume?: string;
  issue?: string;
  pages?: string;
  retracted?: boolean;
}

/** Real works the tests cite: their metadata as Crossref and OpenAlex hold it. */
export const catalog: CatalogWork[] = [
  {
    doi: '10.1038/s41586-019-1466-y',
    title: 'A national experiment reveals where a growth mindset improves achievement',
    authors: [
      { given: 'David S.', family: 'Yeager' },
      { given: 'Paul', family: 'Hanselman' },
      { given: 'Gregory M.', family: 'Walton' },
      { given: 'Jared S.', family: 'Murray' },
      { given: 'Robert', family: 'Crosnoe' },
      { given: 'Chandra', family: 'Muller' },
      { given: 'Carol S.', family: 'Dweck' },
    ],
    year: 2019,
    container: 'Nature',
    volume: '573',
    issue: '7774',
    pages: '364-369',
  },
  {
    doi: '10.1038/nature14539',
    title: 'Deep learning',
    authors: [
      { given: 'Yann', family: 'LeCun' },
      { given: 'Yoshua', family: 'Bengio' },
      { given: 'Geoffrey', family: 'Hinton' },
    ],
    year: 2015,
    container: 'Nature',
    volume: '521',
    issue: '7553',
    pages: '436-444',
  },
  {
    doi: '10.1109/cvpr.2016.90',
    title: 'Deep Residual Learning for Image Recognition',
    authors: [
      { given: 'Kaiming', family: 'He' },
      { given: 'Xiangyu', family: 'Zhang' },
      { given: 'Shaoqing', family: 'Ren' },
      { given: 'Jian', family: 'Sun' },
    ],
    year: 2016,
    container: '2016 IEEE Conference on Computer Vision and Pattern Recognition (CVPR)',
    pages: '770-778',
  },
  {
    doi: '10.1016/s0140-6736(97)11096-0',
    title: 'RETRACTED: Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive developmental disorder in children',
    authors: [
      { given: 'A.J.', family: 'Wakefield' },
      { given: 'S.H.', family: 'Murch' },
      { given: 'A.', family: 'Anthony' },
    ],
    year: 1998,
    container: 'The Lancet',
    volume: '351',
    issue: '9103',
    pages: '637-641',
    retracted: true,
  },
];

const words = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim().split(' ').filter((w) => w.length > 2);

/** Crossref's JSON for a work (REST API `message` of /works/{doi}). */
function crossrefWork(w: CatalogWork) {
  return {
    DOI: w.doi,
    type: 'journal-article',
    title: [w.title],
    author: w.authors.map((a, i) => ({ given: a.given, family: a.family, sequence: i === 0 ? 'first' : 'additional', affiliation: [] })),
    issued: { 'date-parts': [[w.year]] },
    'container-title': [w.container],
    volume: w.volume,
    issue: w.issue,
    page: w.pages,
    URL: `https://doi.org/${w.doi}`,
    ...(w.retracted ? { 'updated-by': [{ type: 'retraction', DOI: `${w.doi}-retraction`, source: 'retraction-watch', updated: { 'date-parts': [[2010, 2, 6]] } }] } : {}),
    score: 1,
  };
}

/** OpenAlex's JSON for a work (/works/doi:… and /works?search=…). */
function openAlexWork(w: CatalogWork) {
  const [first, last] = (w.pages ?? '').split('-');
  return {
    id: `https://openalex.org/W${Math.abs(hash(w.doi))}`,
    doi: `https://doi.org/${w.doi}`,
    title: w.title,
    display_name: w.title,
    publication_year: w.year,
    authorships: w.authors.map((a) => ({ author: { display_name: `${a.given} ${a.family}` } })),
    primary_location: { source: { display_name: w.container } },
    biblio: { volume: w.volume ?? null, issue: w.issue ?? null, first_page: first || null, last_page: last || null },
    is_retracted: w.retracted === true,
  };
}

function hash(s: string): number {
  let h = 7;
  for (const c of s) h = (h * 31 + c.charCodeAt(0)) | 0;
  return h;
}

/** Nearest works by shared words, best first, as a relevance search answers (never empty unless nothing overlaps). */
function search(works: readonly CatalogWork[], query: string, rows: number): CatalogWork[] {
  const q = new Set(words(query));
  return works
    .map((w) => ({ w, score: words(`${w.title} ${w.authors.map((a) => a.family).join(' ')}`).filter((x) => q.has(x)).length }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, rows)
    .map((x) => x.w);
}

/**
 * A local server speaking Crossref's REST API (under /crossref: /works/{doi}, /works?query.bibliographic=) and
 * OpenAlex's (under /openalex: /works/doi:{doi}, /works?search=) in their documented JSON. `rateLimit(n, s)` makes
 * the next n requests answer 429 with Retry-After: s; `down` answers 500 to everything; `hold()` parks every request
 * until the function it returns is called (a slow provider); `maxInFlight` is the most requests it ever had open at once.
 */
export interface FakeBibliographic {
  port: number;
  crossrefBaseUrl: string;
  openAlexBaseUrl: string;
  requests: string[];
  down: boolean;
  rateLimit(count: number, retryAfterSeconds: number): void;
  hold(): () => void;
  /** Requests parked by `hold()` right now. */
  readonly parked: number;
  readonly maxInFlight: number;
  close(): Promise<void>;
}

export async function startFakeBibliographic(port = 0, works: readonly CatalogWork[] = catalog): Promise<FakeBibliographic> {
  const byDoi = new Map(works.map((w) => [w.doi, w]));
  let limited = 0;
  let retryAfter = 1;
  const requests: string[] = [];
  let held: (() => void)[] | undefined;
  let inFlight = 0;
  let maxInFlight = 0;
  const server: Server = createServer(async (req, res) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    if (held) await new Promise<void>((resolve) => held!.push(resolve));
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(`${url.pathname}${url.search}`);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json', ...headers });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (fake.down) return send(500, 'Internal Server Error');
    if (limited > 0) {
      limited--;
      return send(429, 'Too Many Requests', { 'retry-after': String(retryAfter) });
    }
    const path = decodeURIComponent(url.pathname);
    if (path.startsWith('/crossref/works')) {
      const doi = path.slice('/crossref/works/'.length).toLowerCase();
      if (doi) {
        const w = byDoi.get(doi);
        return w ? send(200, { status: 'ok', 'message-type': 'work', 'message-version': '1.0.0', message: crossrefWork(w) }) : send(404, 'Resource not found.');
      }
      const rows = Number(url.searchParams.get('rows') ?? 20);
      const found = search(works, url.searchParams.get('query.bibliographic') ?? url.searchParams.get('query') ?? '', rows);
      return send(200, { status: 'ok', 'message-type': 'work-list', 'message-version': '1.0.0', message: { 'total-results': found.length, items: found.map(crossrefWork), 'items-per-page': rows, query: { 'start-index': 0 } } });
    }
    if (path.startsWith('/openalex/works')) {
      const rest = path.slice('/openalex/works/'.length);
      if (rest.startsWith('doi:')) {
        const w = byDoi.get(rest.slice(4).toLowerCase());
        return w ? send(200, openAlexWork(w)) : send(404, { error: 'Not Found', message: 'Not Found' });
      }
      const perPage = Number(url.searchParams.get('per-page') ?? 25);
      const found = search(works, url.searchParams.get('search') ?? '', perPage);
      return send(200, { meta: { count: found.length, page: 1, per_page: perPage }, results: found.map(openAlexWork) });
    }
    send(404, 'Not Found');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;
  const fake: FakeBibliographic = {
    port: actual,
    crossrefBaseUrl: `http://127.0.0.1:${actual}/crossref`,
    openAlexBaseUrl: `http://127.0.0.1:${actual}/openalex`,
    requests,
    down: false,
    rateLimit(count, seconds) {
      limited = count;
      retryAfter = seconds;
    },
    hold() {
      const parked: (() => void)[] = [];
      held = parked;
      return () => {
        if (held === parked) held = undefined;
        parked.splice(0).forEach((go) => go());
      };
    },
    get parked() {
      return held?.length ?? 0;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
