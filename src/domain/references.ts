/**
 * The reference checker's result (order type 6, /api/refValid), shared by the server's engine and the page's island.
 * Every text the page shows is a message key built from a code here, never text from the server.
 */

export const citationStyles = ['apa', 'mla', 'chicago', 'harvard', 'ieee', 'vancouver'] as const;
export type CitationStyle = (typeof citationStyles)[number];

/** Problems the offline checks find, per entry or in the text's citations. */
export const refIssueCodes = [
  'unparsed',
  'missingField',
  'yearImplausible',
  'yearMissing',
  'doiMalformed',
  'isbnChecksum',
  'issnChecksum',
  'arxivMalformed',
  'duplicate',
  'styleInconsistent',
  'citedNotListed',
  'listedNotCited',
  'citationYearMismatch',
  'citationAuthorMismatch',
  'numberingGap',
  'citedNumberMissing',
] as const;
export type RefIssueCode = (typeof refIssueCodes)[number];

export interface RefIssue {
  code: RefIssueCode;
  severity: 'error' | 'warning' | 'info';
  params?: Record<string, string | number>;
}

/** Fields of a reference, as the checker reads and shows them. */
export const refFieldNames = ['authors', 'year', 'title', 'container', 'volume', 'issue', 'pages', 'doi', 'url', 'isbn', 'publisher'] as const;
export type RefFieldName = (typeof refFieldNames)[number];

/**
 * What the online lookup concluded. Never "fake": `notFound` says no record matched in the sources searched,
 * which may mean an invented reference, or one the sources do not hold.
 */
export const refVerdicts = ['verified', 'conflict', 'notFound', 'retracted', 'unchecked'] as const;
export type RefVerdict = (typeof refVerdicts)[number];

/** A real record found online (the evidence shown with a verdict). */
export interface RefRecord {
  source: 'crossref' | 'openalex';
  doi: string | null;
  title: string | null;
  authors: string[];
  year: number | null;
  container: string | null;
  volume: string | null;
  issue: string | null;
  pages: string | null;
  url: string | null;
  retracted: boolean;
}

/** A field where the entry and the record found disagree. */
export interface RefConflict {
  field: 'year' | 'authors' | 'title' | 'container' | 'volume' | 'issue' | 'pages' | 'doi';
  listed: string;
  found: string;
}

/** One reference of the list with what the checks found. */
export interface RefEntryResult {
  index: number;
  text: string;
  style: CitationStyle | null;
  fields: {
    authors: string[];
    year: number | null;
    title: string | null;
    container: string | null;
    volume: string | null;
    issue: string | null;
    pages: string | null;
    doi: string | null;
    url: string | null;
    isbn: string | null;
    publisher: string | null;
  };
  kind: string;
  issues: RefIssue[];
  verdict: RefVerdict;
  /** Why the entry is unchecked: lookups off, the provider unreachable, or nothing to search with. */
  uncheckedReason?: 'offline' | 'unavailable' | 'tooLittle';
  /** Title similarity with the evidence, 0..1. */
  similarity: number | null;
  evidence: RefRecord | null;
  conflicts: RefConflict[];
  /** How many in-text citations point at it. */
  citedBy: number;
}

/** An in-text citation found in the body of the paper. */
export interface RefCitation {
  text: string;
  start: number;
  end: number;
  kind: 'numeric' | 'authorYear' | 'authorPage';
  /** Indexes of the entries it matched. */
  entries: number[];
}

export interface ReferenceReport {
  format: 'text' | 'bibtex' | 'ris';
  listFound: 'heading' | 'whole' | 'tail' | 'none' | 'structured';
  style: CitationStyle | null;
  entries: RefEntryResult[];
  citations: RefCitation[];
  /** Problems between the text's citations and the list. */
  citationIssues: RefIssue[];
  /** Whether lookups ran: all entries, some (a provider failed), or none (not configured). */
  online: 'checked' | 'partial' | 'off';
  counts: Record<RefVerdict, number>;
  engine: string;
}

/** Bounds of one check: entries looked up online, and the words a check may hold whatever the plan. */
export const refLimits = { maxEntries: 200, maxWords: 20_000 } as const;

/** How each style is named on the page (proper names, the same in every language). */
export const citationStyleNames: Readonly<Record<CitationStyle, string>> = { apa: 'APA', mla: 'MLA', chicago: 'Chicago', harvard: 'Harvard', ieee: 'IEEE', vancouver: 'Vancouver' };
