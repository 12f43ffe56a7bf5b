import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local servers that answer as the source-retrieval providers document (issue 28): MediaWiki's Action API
 * (list=search, prop=extracts with formatversion=2), OpenAlex's /works (abstract_inverted_index), arXiv's Atom
 * /api/query and Crossref's /works (JATS abstracts). Each document is found by a query that shares three of its
 * words. A provider can be switched to misbehave: `down` (500), `malformed`, `slow` (never answers), `limited`
 * (429 with Retry-After once, then fine), `huge` (a body of several MB), `redirect` (to another host).
 */
export interface FakeDocument {
  title: string;
  text: string;
}

export type Misbehaviour = 'down' | 'malformed' | 'slow' | 'limited' | 'huge' | 'redirect';

const words = (s: string) => new Set(s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
const matches = (query: string, doc: FakeDocument) => {
  const asked = words(query);
  let shared = 0;
  for (const w of words(doc.text)) if (asked.has(w) && w.length > 3) shared++;
  return shared >= 3;
};

function invertedIndex(text: string): Record<string, number[]> {
  const index: Record<string, number[]> = {};
  text.split(/\s+/).filter(Boolean).forEach((word, i) => (index[word] ??= []).push(i));
  return index;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function startFakeWebSources(documents: { wikipedia?: FakeDocument[]; openalex?: FakeDocument[]; arxiv?: FakeDocument[]; crossref?: FakeDocument[] }) {
  const misbehave: Partial<Record<string, Misbehaviour>> = {};
  const requests: { provider: string; url: string; agent: string | undefined }[] = [];
  const limitedOnce = new Set<string>();
  const hung: import('node:http').ServerResponse[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const provider = url.pathname.split('/')[1] ?? '';
    requests.push({ provider, url: req.url ?? '', agent: req.headers['user-agent'] });
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    switch (misbehave[provider]) {
      case 'down':
        res.writeHead(500).end('no');
        return;
      case 'malformed':
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"query": {"search": [');
        return;
      case 'slow':
        hung.push(res);
        return;
      case 'huge':
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ padding: 'x'.repeat(6_000_000) }));
        return;
      case 'redirect':
        res.writeHead(302, { location: 'http://127.0.0.2:1/elsewhere' }).end();
        return;
      case 'limited':
        if (!limitedOnce.has(provider)) {
          limitedOnce.add(provider);
          res.writeHead(429, { 'retry-after': '1' }).end();
          return;
        }
    }
    const q = url.searchParams;
    if (provider === 'wikipedia' && url.pathname === '/wikipedia/w/api.php') {
      const list = documents.wikipedia ?? [];
      if (q.get('list') === 'search') return json({ batchcomplete: true, query: { search: list.filter((d) => matches(q.get('srsearch') ?? '', d)).map((d, i) => ({ ns: 0, title: d.title, pageid: i + 1 })) } });
      if (q.get('prop') === 'extracts') {
        const doc = list.find((d) => d.title === q.get('titles'));
        return json({ batchcomplete: true, query: { pages: doc ? [{ pageid: 1, ns: 0, title: doc.title, extract: doc.text }] : [{ ns: 0, title: q.get('titles'), missing: true }] } });
      }
    }
    if (provider === 'openalex' && url.pathname === '/openalex/works') {
      const found = (documents.openalex ?? []).filter((d) => matches(q.get('search') ?? '', d));
      return json({ meta: { count: found.length }, results: found.map((d, i) => ({ id: `https://openalex.org/W${i + 1}`, doi: `https://doi.org/10.5555/fake.${i + 1}`, display_name: d.title, abstract_inverted_index: invertedIndex(d.text), primary_location: { license: 'cc-by' } })) });
    }
    if (provider === 'arxiv' && url.pathname === '/arxiv/api/query') {
      const query = (q.get('search_query') ?? '').replace(/^all:/, '');
      const found = (documents.arxiv ?? []).filter((d) => matches(query, d));
      res.writeHead(200, { 'content-type': 'application/atom+xml' });
      res.end(`<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom">${found.map((d, i) => `<entry><id>http://arxiv.org/abs/2101.0000${i + 1}v1</id><title>${escapeXml(d.title)}</title><summary>${escapeXml(d.text)}</summary></entry>`).join('')}</feed>`);
      return;
    }
    if (provider === 'crossref' && url.pathname === '/crossref/works') {
      const found = (documents.crossref ?? []).filter((d) => matches(q.get('query') ?? '', d));
      return json({ status: 'ok', message: { items: found.map((d, i) => ({ DOI: `10.5555/cr.${i + 1}`, URL: `https://doi.org/10.5555/cr.${i + 1}`, title: [d.title], abstract: `<jats:p>${escapeXml(d.text)}</jats:p>` })) } });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    bases: { wikipedia: `${base}/wikipedia`, openalex: `${base}/openalex`, arxiv: `${base}/arxiv`, crossref: `${base}/crossref` },
    requests,
    misbehave(provider: string, how: Misbehaviour | undefined) {
      misbehave[provider] = how;
    },
    async close() {
      for (const res of hung) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
