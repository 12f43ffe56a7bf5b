/**
 * The plagiarism checker's report and its exclusions, shared by the server
 * (runner, PDF) and the page (spec §3 order type 5, §7 /api/plagiarism).
 * The report keeps every match; the exclusions a reader picks (quotes, the
 * bibliography, small matches, a chosen source) are applied by `summarize`,
 * on the page and in the PDF alike, without a new run.
 */

/** A character range [start, end) of the checked text. */
export interface TextRange {
  start: number;
  end: number;
}

/** How close a match is to its source: a verbatim copy, or a copy with minor changes. */
export type MatchLabel = 'identical' | 'minorChanges';

/** A source of the installation's library that the text matched. */
export interface PlagiarismSource {
  title: string;
  url: string | null;
  /** Loaded by an administrator, or a text checked on this installation by another user (shown without its text). */
  kind: 'library' | 'submission';
  /** When it joined the library: an ISO time for a library document, the date only (YYYY-MM-DD) for a submission. */
  addedAt: string;
}

/** A passage of the checked text found in a source. */
export interface PlagiarismMatch {
  /** Index into the report's `sources`. */
  source: number;
  start: number;
  end: number;
  /** Where the passage is in the source; 0 and 0 for another user's submission (not told). */
  sourceStart: number;
  sourceEnd: number;
  words: number;
  label: MatchLabel;
  /** The source's matched passage, without context (null for another user's submission, which stays private). */
  excerpt: { text: string; offset: number } | null;
}

/** What the report says the text was checked against (the "coverage" statement). */
export interface Coverage {
  documents: number;
  web: boolean;
  /** What source retrieval asked of each web provider (issue 28); absent when the web was not searched. */
  searched?: SearchedProvider[];
}

/** The web providers source retrieval asks (server/services/web-sources.ts). */
export type WebProvider = 'wikipedia' | 'openalex' | 'arxiv' | 'crossref';

/** The providers' own names (not translated). */
export const webProviderNames: Record<WebProvider, string> = { wikipedia: 'Wikipedia', openalex: 'OpenAlex', arxiv: 'arXiv', crossref: 'Crossref' };

/** What the report (`plagiarism.`) or its PDF (`plagiarism.pdf.`) says a provider was asked; `searchedFailed` when some searches went unanswered. */
export function searchedLine<P extends 'plagiarism.' | 'plagiarism.pdf.'>(s: SearchedProvider, prefix: P): { key: `${P}searchedLine` | `${P}searchedFailed`; params: Record<string, string | number> } {
  const params = { provider: webProviderNames[s.provider], queries: s.queries, candidates: s.candidates, failed: s.failed };
  return { key: s.failed > 0 ? `${prefix}searchedFailed` : `${prefix}searchedLine`, params };
}

export interface SearchedProvider {
  provider: WebProvider;
  queries: number;
  candidates: number;
  /** Queries the provider did not answer (down, too slow, rate-limited, malformed). */
  failed: number;
}

/** /api/plagiarism's `data`. */
export interface PlagiarismReport {
  submissionId: string;
  submittedAt: string;
  fileName: string | null;
  text: string;
  wordCount: number;
  coverage: Coverage;
  quotes: TextRange[];
  bibliographyStart: number | null;
  sources: PlagiarismSource[];
  matches: PlagiarismMatch[];
  engineVersion: string;
}

/** The filters a reader may change on a finished report. */
export interface Exclusions {
  quotes: boolean;
  bibliography: boolean;
  /** Matches shorter than this many words do not count (0 counts all). */
  minWords: number;
  /** Indexes of sources left out. */
  sources: number[];
}

export const defaultExclusions: Exclusions = { quotes: true, bibliography: true, minWords: 8, sources: [] };

/** Bounds of the small-match filter offered to the reader. */
export const minWordsRange = { min: 0, max: 100 } as const;

/** A match as it counts after the exclusions: the parts of it that remain. */
export interface CountedMatch extends PlagiarismMatch {
  index: number;
  ranges: TextRange[];
  countedWords: number;
}

export interface SourceShare {
  source: number;
  percent: number;
  words: number;
  matches: number;
}

export interface Summary {
  /** Share of the text's words found in a source, 0..100, one decimal. */
  percent: number;
  sources: SourceShare[];
  matches: CountedMatch[];
}

const wordPattern = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/** Start offsets of the text's words (the engine's own notion of a word). */
export function wordStarts(text: string): number[] {
  return [...text.matchAll(wordPattern)].map((m) => m.index);
}

/** [start, end) minus the given ranges. */
export function subtractRanges(range: TextRange, cut: readonly TextRange[]): TextRange[] {
  let parts: TextRange[] = [range];
  for (const c of cut) {
    const next: TextRange[] = [];
    for (const p of parts) {
      if (c.end <= p.start || c.start >= p.end) {
        next.push(p);
        continue;
      }
      if (c.start > p.start) next.push({ start: p.start, end: c.start });
      if (c.end < p.end) next.push({ start: c.end, end: p.end });
    }
    parts = next;
  }
  return parts;
}

/** The union of ranges, sorted and merged. */
export function unionRanges(ranges: readonly TextRange[]): TextRange[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const out: TextRange[] = [];
  for (const r of sorted) {
    const last = out.at(-1);
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}

function wordsIn(starts: readonly number[], ranges: readonly TextRange[]): number {
  let n = 0;
  for (const r of ranges) {
    // Binary search of the first word starting at or after r.start.
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid]! < r.start) lo = mid + 1;
      else hi = mid;
    }
    while (lo < starts.length && starts[lo]! < r.end) {
      n++;
      lo++;
    }
  }
  return n;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Applies the exclusions: quoted text and the bibliography are cut out of each
 * match, a match left with fewer than `minWords` words (or from an excluded
 * source) stops counting, and the figures are the share of the text's words
 * covered by what remains — overall and per source.
 */
export function summarize(report: Pick<PlagiarismReport, 'text' | 'quotes' | 'bibliographyStart' | 'matches' | 'sources'>, exclusions: Exclusions = defaultExclusions, starts = wordStarts(report.text)): Summary {
  const cut: TextRange[] = [];
  if (exclusions.quotes) cut.push(...report.quotes);
  if (exclusions.bibliography && report.bibliographyStart !== null) cut.push({ start: report.bibliographyStart, end: report.text.length });
  const excluded = new Set(exclusions.sources);
  const total = Math.max(1, starts.length);
  const matches: CountedMatch[] = [];
  report.matches.forEach((m, index) => {
    if (excluded.has(m.source)) return;
    const ranges = subtractRanges({ start: m.start, end: m.end }, cut);
    const countedWords = wordsIn(starts, ranges);
    if (countedWords === 0 || countedWords < exclusions.minWords) return;
    matches.push({ ...m, index, ranges, countedWords });
  });
  const sources: SourceShare[] = [];
  report.sources.forEach((_, source) => {
    const own = matches.filter((m) => m.source === source);
    if (own.length === 0) return;
    const words = wordsIn(starts, unionRanges(own.flatMap((m) => m.ranges)));
    sources.push({ source, percent: round1((words / total) * 100), words, matches: own.length });
  });
  sources.sort((a, b) => b.words - a.words || a.source - b.source);
  const covered = wordsIn(starts, unionRanges(matches.flatMap((m) => m.ranges)));
  return { percent: round1((covered / total) * 100), sources, matches };
}

/** One colour per source (ink for text and borders, tint for highlights), on the page and in the PDF alike. */
export const sourcePalette = [
  { ink: '#b91c1c', tint: '#fee2e2' },
  { ink: '#1d4ed8', tint: '#dbeafe' },
  { ink: '#047857', tint: '#d1fae5' },
  { ink: '#6d28d9', tint: '#ede9fe' },
  { ink: '#c2410c', tint: '#ffedd5' },
  { ink: '#0e7490', tint: '#cffafe' },
  { ink: '#a21caf', tint: '#fae8ff' },
  { ink: '#4d7c0f', tint: '#ecfccb' },
] as const;

export const colourOfSource = (source: number) => sourcePalette[source % sourcePalette.length]!;

/** The figure as the report shows it: whole percent, but never "0%" when something matched. */
export function displayPercent(percent: number): string {
  if (percent > 0 && percent < 1) return '<1%';
  return `${Math.round(percent)}%`;
}
