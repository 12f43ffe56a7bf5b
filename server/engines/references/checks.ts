import type { CitationStyle, RefIssue } from '../../../src/domain/references.ts';
import type { ReferenceFields } from './fields.ts';
import { arxivIn, isValidArxivId, isValidIsbn, isValidIssn, isWellFormedDoi, issnIn, normalizeDoi } from './identifiers.ts';

/** Fields a reference of each kind needs in any of the six styles (the styles differ in form, not in these). */
const requiredByKind: Record<ReferenceFields['kind'], ('container' | 'volume' | 'pages' | 'publisher' | 'url')[]> = {
  article: ['container', 'volume', 'pages'],
  book: ['publisher'],
  chapter: ['container', 'pages'],
  conference: ['container'],
  thesis: [],
  report: [],
  web: ['url'],
  other: [],
};

/** Normalised title for duplicate detection. */
export const titleKey = (title: string | null) =>
  (title ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Offline checks of one entry: fields missing, identifiers, and the year. */
export function entryIssues(entry: string, fields: ReferenceFields, options: { currentYear: number; style: CitationStyle | null }): RefIssue[] {
  const issues: RefIssue[] = [];
  if (fields.authors.length === 0 && !fields.title) return [{ code: 'unparsed', severity: 'error' }];
  if (fields.authors.length === 0) issues.push({ code: 'missingField', severity: 'warning', params: { field: 'authors' } });
  if (!fields.title) issues.push({ code: 'missingField', severity: 'error', params: { field: 'title' } });
  if (fields.year === null) {
    if (/\bn\.\s?d\b|\bin press\b|\bforthcoming\b|\bo\.\s?j\b|\bs\.\s?d\b/i.test(entry)) issues.push({ code: 'yearMissing', severity: 'info' });
    else issues.push({ code: 'missingField', severity: 'error', params: { field: 'year' } });
  } else if (fields.year > options.currentYear + 1 || fields.year < 1600) {
    issues.push({ code: 'yearImplausible', severity: 'error', params: { year: fields.year } });
  }
  for (const field of requiredByKind[fields.kind]) {
    const missing = field === 'pages' ? !fields.pages && !/\b(e\d{3,}|article\s(no|number)|art\.\s?\d)/i.test(entry) && !fields.doi : !fields[field];
    // A journal article online first has no volume yet; its DOI identifies it.
    if (missing && !(field === 'volume' && fields.doi)) issues.push({ code: 'missingField', severity: field === 'pages' ? 'info' : 'warning', params: { field } });
  }
  if (fields.doi && !isWellFormedDoi(normalizeDoi(fields.doi))) issues.push({ code: 'doiMalformed', severity: 'error', params: { doi: fields.doi } });
  else if (!fields.doi) {
    // Something written as a DOI that does not even start like one (10.NNNN/…).
    const written = entry.match(/(?:\bdoi:\s*|\bdoi\s+|doi\.org\/)(\S+)/i)?.[1]?.replace(/[.,;]+$/, '');
    if (written) issues.push({ code: 'doiMalformed', severity: 'error', params: { doi: written } });
  }
  if (fields.isbn && !isValidIsbn(fields.isbn)) issues.push({ code: 'isbnChecksum', severity: 'error', params: { isbn: fields.isbn } });
  const issn = issnIn(entry);
  if (issn && !isValidIssn(issn)) issues.push({ code: 'issnChecksum', severity: 'error', params: { issn } });
  const arxiv = arxivIn(entry);
  if (arxiv && !isValidArxivId(arxiv)) issues.push({ code: 'arxivMalformed', severity: 'error', params: { id: arxiv } });
  return issues;
}

/** Duplicates: the same DOI, or the same title and year; reported on the later entry. */
export function duplicateIssues(entries: { fields: ReferenceFields }[]): Map<number, RefIssue> {
  const out = new Map<number, RefIssue>();
  const seen = new Map<string, number>();
  entries.forEach(({ fields }, i) => {
    const keys: string[] = [];
    if (fields.doi) keys.push(`doi:${normalizeDoi(fields.doi)}`);
    const t = titleKey(fields.title);
    if (t.length >= 12) keys.push(`title:${t}|${fields.year ?? ''}`);
    // A short title is a duplicate only with the same first author and year.
    else if (t.length >= 3 && fields.authors[0]) keys.push(`short:${titleKey(fields.authors[0].family)}|${fields.year ?? ''}|${t}`);
    for (const key of keys) {
      const first = seen.get(key);
      if (first !== undefined && !out.has(i)) out.set(i, { code: 'duplicate', severity: 'warning', params: { entry: first + 1 } });
      if (first === undefined) seen.set(key, i);
    }
  });
  return out;
}
