/**
 * BibTeX and RIS input through citation-js (MIT). Only the two text parsers are called, with `forceType`, so
 * nothing in the user's text can make citation-js fetch a URL.
 */
import { plugins } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import type { ReferenceFields } from './fields.ts';
import { isbnIn } from './fields.ts';

type Csl = Record<string, unknown> & { author?: { family?: string; given?: string; literal?: string }[]; editor?: { family?: string; given?: string }[] };

const s = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null);

function kindOf(type: string | null): ReferenceFields['kind'] {
  switch (type) {
    case 'article-journal':
    case 'article-magazine':
    case 'article-newspaper':
    case 'article':
      return 'article';
    case 'book':
      return 'book';
    case 'chapter':
      return 'chapter';
    case 'paper-conference':
      return 'conference';
    case 'thesis':
      return 'thesis';
    case 'report':
      return 'report';
    case 'webpage':
    case 'post-weblog':
      return 'web';
    default:
      return 'other';
  }
}

/** One structured entry: its fields and a one-line rendering for the report's card. */
export interface StructuredEntry {
  text: string;
  key: string | null;
  fields: ReferenceFields;
}

function fromCsl(item: Csl): StructuredEntry {
  const year = ((item.issued as { 'date-parts'?: unknown[][] } | undefined)?.['date-parts']?.[0]?.[0] as number | undefined) ?? null;
  const authors = (item.author ?? []).map((a) => ({ family: a.family ?? a.literal ?? '', given: a.given ?? '' })).filter((a) => a.family);
  const editors = (item.editor ?? []).map((a) => ({ family: a.family ?? '', given: a.given ?? '' })).filter((a) => a.family);
  const pages = s(item.page)?.replace(/[–—]/g, '-') ?? null;
  const isbn = s(item.ISBN);
  const fields: ReferenceFields = {
    authors,
    etAl: false,
    year: typeof year === 'number' ? year : Number(year) || null,
    date: year ? String(year) : null,
    title: s(item.title),
    container: s(item['container-title']),
    volume: s(item.volume),
    issue: s(item.issue),
    pages,
    doi: s(item.DOI),
    url: s(item.URL),
    isbn: isbn ? (isbnIn(`ISBN ${isbn}`) ?? isbn) : null,
    publisher: s(item.publisher),
    location: s(item['publisher-place']),
    editors,
    edition: s(item.edition),
    number: null,
    kind: kindOf(s(item.type)),
  };
  const names = authors.map((a) => `${a.family}${a.given ? `, ${a.given}` : ''}`).join('; ');
  const text = [names, fields.year ? `(${fields.year})` : '', fields.title, fields.container, [fields.volume, fields.issue ? `(${fields.issue})` : ''].join(''), fields.pages, fields.doi ? `doi:${fields.doi}` : '']
    .filter(Boolean)
    .join('. ')
    .replace(/\.\./g, '.');
  return { text, key: s(item['citation-key']) ?? s(item.id), fields };
}

/** Parses BibTeX or RIS text; answers [] when nothing could be read. */
export function parseStructured(text: string, format: 'bibtex' | 'ris'): StructuredEntry[] {
  try {
    const items = plugins.input.chain(text, { forceType: format === 'bibtex' ? '@bibtex/text' : '@ris/file', generateGraph: false }) as Csl[];
    return (Array.isArray(items) ? items : []).map(fromCsl);
  } catch {
    return [];
  }
}
