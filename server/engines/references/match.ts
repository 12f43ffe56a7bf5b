/**
 * Judging an entry against records found online: pure functions over Crossref's and OpenAlex's documented JSON
 * (the HTTP and the cache live in server/services/reference-lookup.ts).
 */
import type { RefConflict, RefRecord, RefVerdict } from '../../../src/domain/references.ts';
import { nameKey } from './citations.ts';
import type { ReferenceFields } from './fields.ts';
import { normalizeDoi } from './identifiers.ts';

type Json = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null);
const first = (v: unknown): string | null => (Array.isArray(v) ? str(v[0]) : str(v));

/** A Crossref work (`message` of /works/{doi}, or an item of /works?query…) as a record. */
export function recordFromCrossref(work: Json): RefRecord {
  const dateParts = ['issued', 'published-print', 'published-online', 'created']
    .map((k) => ((work[k] as Json | undefined)?.['date-parts'] as unknown[][] | undefined)?.[0]?.[0])
    .find((y) => typeof y === 'number') as number | undefined;
  const authors = ((work.author as Json[] | undefined) ?? []).map((a) => str(a.family) ?? str(a.name) ?? '').filter(Boolean);
  const updatedBy = (work['updated-by'] as Json[] | undefined) ?? [];
  const title = first(work.title);
  return {
    source: 'crossref',
    doi: str(work.DOI)?.toLowerCase() ?? null,
    title,
    authors,
    year: dateParts ?? null,
    container: first(work['container-title']),
    volume: str(work.volume),
    issue: str(work.issue),
    pages: str(work.page),
    url: str(work.URL),
    retracted: updatedBy.some((u) => /retraction/i.test(String(u.type ?? ''))) || /^retracted\b/i.test(title ?? ''),
  };
}

/** An OpenAlex work (/works/doi:… or an item of /works?search=…) as a record. */
export function recordFromOpenAlex(work: Json): RefRecord {
  const biblio = (work.biblio as Json | undefined) ?? {};
  const firstPage = str(biblio.first_page);
  const lastPage = str(biblio.last_page);
  const source = ((work.primary_location as Json | undefined)?.source as Json | undefined) ?? {};
  const authors = ((work.authorships as Json[] | undefined) ?? [])
    .map((a) => str((a.author as Json | undefined)?.display_name) ?? '')
    .filter(Boolean)
    .map((full) => full.split(/\s+/).pop()!);
  return {
    source: 'openalex',
    doi: str(work.doi) ? normalizeDoi(str(work.doi)!) : null,
    title: str(work.title) ?? str(work.display_name),
    authors,
    year: typeof work.publication_year === 'number' ? work.publication_year : null,
    container: str(source.display_name),
    volume: str(biblio.volume),
    issue: str(biblio.issue),
    pages: firstPage ? (lastPage && lastPage !== firstPage ? `${firstPage}-${lastPage}` : firstPage) : null,
    url: str(work.doi) ?? str(work.id),
    retracted: work.is_retracted === true,
  };
}

const words = (s: string | null) =>
  (s ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/<[^>]+>/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);

/** Title similarity 0..1: word overlap (Dice), and containment when one title is the other without its subtitle. */
export function titleSimilarity(a: string | null, b: string | null): number {
  const wa = words(a);
  const wb = words(b);
  if (wa.length === 0 || wb.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const w of wb) counts.set(w, (counts.get(w) ?? 0) + 1);
  let common = 0;
  for (const w of wa) {
    const c = counts.get(w) ?? 0;
    if (c > 0) {
      common++;
      counts.set(w, c - 1);
    }
  }
  const dice = (2 * common) / (wa.length + wb.length);
  const shorter = Math.min(wa.length, wb.length);
  const sa = wa.join(' ');
  const sb = wb.join(' ');
  const prefix = shorter >= 4 && (sa.startsWith(sb) || sb.startsWith(sa)) ? 0.92 : 0;
  return Math.max(dice, prefix);
}

const firstPageOf = (p: string | null) => p?.match(/[A-Za-z]?\d+/)?.[0] ?? null;

/** The entry's disagreements with a record, field by field (only where both have a value). */
export function conflictsWith(fields: ReferenceFields, record: RefRecord, similarity: number): RefConflict[] {
  const out: RefConflict[] = [];
  if (fields.year !== null && record.year !== null && Math.abs(fields.year - record.year) > 1) out.push({ field: 'year', listed: String(fields.year), found: String(record.year) });
  const listedFirst = fields.authors[0] ? nameKey(fields.authors[0].family.split(/\s+/).pop()!) : null;
  const foundKeys = record.authors.map((a) => nameKey(a.split(/\s+/).pop()!));
  if (listedFirst && foundKeys.length > 0 && !foundKeys.slice(0, Math.max(3, fields.authors.length + 1)).includes(listedFirst)) {
    out.push({ field: 'authors', listed: fields.authors.map((a) => a.family).slice(0, 3).join(', '), found: record.authors.slice(0, 3).join(', ') });
  }
  if (similarity < 0.85 && fields.title && record.title) out.push({ field: 'title', listed: fields.title, found: record.title });
  if (fields.volume && record.volume && fields.volume.replace(/\D/g, '') !== record.volume.replace(/\D/g, '')) out.push({ field: 'volume', listed: fields.volume, found: record.volume });
  if (fields.issue && record.issue && fields.issue.replace(/\D/g, '') !== record.issue.replace(/\D/g, '') && /\d/.test(fields.issue)) out.push({ field: 'issue', listed: fields.issue, found: record.issue });
  const lp = firstPageOf(fields.pages);
  const fp = firstPageOf(record.pages);
  if (lp && fp && lp !== fp) out.push({ field: 'pages', listed: fields.pages!, found: record.pages! });
  if (fields.doi && record.doi && normalizeDoi(fields.doi) !== normalizeDoi(record.doi)) out.push({ field: 'doi', listed: fields.doi, found: record.doi });
  return out;
}

/** What the lookups returned for one entry. */
export interface LookupOutcome {
  /** The record registered under the entry's DOI; null when the DOI is not registered; undefined without a DOI. */
  doiRecord?: RefRecord | null;
  /** Records of the bibliographic searches. */
  candidates: RefRecord[];
}

export interface Judgement {
  verdict: RefVerdict;
  evidence: RefRecord | null;
  similarity: number | null;
  conflicts: RefConflict[];
}

const authorAgrees = (fields: ReferenceFields, r: RefRecord) => {
  const k = fields.authors[0] ? nameKey(fields.authors[0].family.split(/\s+/).pop()!) : null;
  return Boolean(k && r.authors.some((a) => nameKey(a.split(/\s+/).pop()!) === k));
};

/**
 * Accepts a record when its title is nearly the same, or close with the year or the first author agreeing; the
 * accepted record with conflicting fields gives `conflict`, a retracted one `retracted`; no acceptable record gives
 * `notFound` with the nearest record as evidence.
 */
export function judge(fields: ReferenceFields, outcome: LookupOutcome): Judgement {
  const pool = [...(outcome.doiRecord ? [outcome.doiRecord] : []), ...outcome.candidates];
  let best: { record: RefRecord; sim: number; score: number } | undefined;
  for (const record of pool) {
    const sim = titleSimilarity(fields.title, record.title);
    const yearOk = fields.year !== null && record.year !== null && Math.abs(fields.year - record.year) <= 1;
    const score = sim + (yearOk ? 0.1 : 0) + (authorAgrees(fields, record) ? 0.1 : 0) + (record === outcome.doiRecord ? 0.05 : 0);
    if (!best || score > best.score) best = { record, sim, score };
  }
  if (!best) return { verdict: 'notFound', evidence: null, similarity: null, conflicts: fields.doi && outcome.doiRecord === null ? [{ field: 'doi', listed: fields.doi, found: '' }] : [] };
  const { record, sim } = best;
  const yearOk = fields.year !== null && record.year !== null && Math.abs(fields.year - record.year) <= 1;
  const accepted = sim >= 0.9 || (sim >= 0.75 && (yearOk || authorAgrees(fields, record))) || (record === outcome.doiRecord && sim >= 0.6);
  const similarity = Math.round(sim * 100) / 100;
  const unregistered: RefConflict[] = fields.doi && outcome.doiRecord === null ? [{ field: 'doi', listed: fields.doi, found: '' }] : [];
  if (!accepted) return { verdict: 'notFound', evidence: sim >= 0.3 ? record : null, similarity, conflicts: unregistered };
  const conflicts = conflictsWith(fields, record, sim);
  if (fields.doi && outcome.doiRecord === null && !conflicts.some((c) => c.field === 'doi')) conflicts.push({ field: 'doi', listed: fields.doi, found: record.doi ?? '' });
  if (record.retracted) return { verdict: 'retracted', evidence: record, similarity, conflicts };
  return { verdict: conflicts.length > 0 ? 'conflict' : 'verified', evidence: record, similarity, conflicts };
}
