/**
 * The reference checker's engine (docs/decisions/0019). Pure: the online lookups are a function the caller passes
 * (server/services/reference-lookup.ts in the product, a stub in unit tests), so the AI writer can check the
 * citations it produces with the same code.
 *
 *   analyzeReferences(text)            offline: find the list, split, parse, style, checks, in-text citations
 *   checkReferences(text, { lookup })  the same, then each entry looked up and judged
 */
import type { CitationStyle, RefEntryResult, RefIssue, ReferenceReport, RefVerdict } from '../../../src/domain/references.ts';
import { refLimits } from '../../../src/domain/references.ts';
import { findCitations, matchCitations } from './citations.ts';
import { duplicateIssues, entryIssues } from './checks.ts';
import type { ReferenceFields } from './fields.ts';
import { findReferenceList, inputFormatOf, splitEntries } from './list.ts';
import { judge, type LookupOutcome } from './match.ts';
import { parseReference, parserVersion } from './parse.ts';
import { parseStructured } from './structured.ts';
import { detectEntryStyle, detectListStyle } from './style.ts';

export { parseReference, parserVersion } from './parse.ts';
export { judge, recordFromCrossref, recordFromOpenAlex, titleSimilarity, type LookupOutcome } from './match.ts';
export type { ReferenceFields } from './fields.ts';

/** An entry of the analysis with its parsed fields (what a lookup needs). */
export interface AnalyzedEntry {
  result: RefEntryResult;
  fields: ReferenceFields;
}

export interface Analysis {
  report: ReferenceReport;
  entries: AnalyzedEntry[];
}

const emptyCounts = (): Record<RefVerdict, number> => ({ verified: 0, conflict: 0, notFound: 0, retracted: 0, unchecked: 0 });

function resultOf(index: number, text: string, fields: ReferenceFields, style: CitationStyle | null, issues: RefIssue[]): RefEntryResult {
  return {
    index,
    text,
    style,
    fields: {
      authors: fields.authors.map((a) => (a.given ? `${a.family}, ${a.given}` : a.family)),
      year: fields.year,
      title: fields.title,
      container: fields.container,
      volume: fields.volume,
      issue: fields.issue,
      pages: fields.pages,
      doi: fields.doi,
      url: fields.url,
      isbn: fields.isbn,
      publisher: fields.publisher,
    },
    kind: fields.kind,
    issues,
    verdict: 'unchecked',
    uncheckedReason: 'offline',
    similarity: null,
    evidence: null,
    conflicts: [],
    citedBy: 0,
  };
}

/** Offline analysis of a paper, a reference list, or BibTeX/RIS. */
export function analyzeReferences(text: string, options: { currentYear?: number } = {}): Analysis {
  const currentYear = options.currentYear ?? new Date().getUTCFullYear();
  const format = inputFormatOf(text);
  if (format !== 'text') {
    const structured = parseStructured(text, format).slice(0, refLimits.maxEntries);
    const entries = structured.map((e, i) => ({ fields: e.fields, result: resultOf(i, e.text, e.fields, null, entryIssues(e.text, e.fields, { currentYear, style: null })) }));
    for (const [i, issue] of duplicateIssues(entries)) entries[i]!.result.issues.push(issue);
    return { entries, report: { format, listFound: 'structured', style: null, entries: entries.map((e) => e.result), citations: [], citationIssues: [], online: 'off', counts: { ...emptyCounts(), unchecked: entries.length }, engine: parserVersion() } };
  }
  const parts = findReferenceList(text);
  const rawEntries = splitEntries(parts.list).slice(0, refLimits.maxEntries);
  const parsed = rawEntries.map((entry) => {
    const fields = parseReference(entry);
    return { text: entry, fields, style: detectEntryStyle(entry, fields) };
  });
  const listStyle = detectListStyle(parsed.map((p) => p.style));
  const styleCount = parsed.filter((p) => p.style === listStyle).length;
  const entries: AnalyzedEntry[] = parsed.map((p, i) => {
    const issues = entryIssues(p.text, p.fields, { currentYear, style: listStyle });
    if (listStyle && p.style && p.style !== listStyle && styleCount >= 2) issues.push({ code: 'styleInconsistent', severity: 'warning', params: { style: p.style, listStyle } });
    return { fields: p.fields, result: resultOf(i, p.text, p.fields, p.style, issues) };
  });
  for (const [i, issue] of duplicateIssues(entries)) entries[i]!.result.issues.push(issue);
  const listNumbered = rawEntries.length > 0 && rawEntries.filter((e) => /^\s*(\[\d+\]|\(\d+\)|\d{1,4}[.)])/.test(e)).length >= rawEntries.length * 0.6;
  const raw = findCitations(parts.body, { numericParens: listNumbered && listStyle === 'vancouver' });
  const matched = matchCitations(raw, entries.map((e) => ({ fields: e.fields, text: e.result.text })), listNumbered);
  matched.citedBy.forEach((n, i) => (entries[i]!.result.citedBy = n));
  const report: ReferenceReport = {
    format: 'text',
    listFound: parts.found,
    style: listStyle,
    entries: entries.map((e) => e.result),
    citations: matched.citations,
    citationIssues: matched.issues,
    online: 'off',
    counts: { ...emptyCounts(), unchecked: entries.length },
    engine: parserVersion(),
  };
  return { report, entries };
}

/** Looks an entry up; `'unavailable'` when the providers could not be reached (the entry stays unchecked). */
export type Lookup = (fields: ReferenceFields) => Promise<LookupOutcome | 'unavailable'>;

/**
 * Analysis plus an online verdict for every entry, looked up `concurrency` at a time. `analysis` is the offline part
 * done elsewhere (the server's compute thread); without it the analysis runs here.
 */
export async function checkReferences(text: string, options: { lookup?: Lookup; currentYear?: number; concurrency?: number; analysis?: Analysis } = {}): Promise<ReferenceReport> {
  const { report, entries } = options.analysis ?? analyzeReferences(text, options);
  const lookup = options.lookup;
  if (!lookup || entries.length === 0) return report;
  let failed = 0;
  let next = 0;
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= entries.length) return;
      const { fields, result } = entries[i]!;
      if (!fields.title && !fields.doi) {
        result.uncheckedReason = 'tooLittle';
        continue;
      }
      const outcome = await lookup(fields);
      if (outcome === 'unavailable') {
        failed++;
        result.uncheckedReason = 'unavailable';
        continue;
      }
      const j = judge(fields, outcome);
      Object.assign(result, { verdict: j.verdict, evidence: j.evidence, similarity: j.similarity, conflicts: j.conflicts });
      delete result.uncheckedReason;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 3) }, worker));
  const counts = emptyCounts();
  for (const e of report.entries) counts[e.verdict]++;
  report.counts = counts;
  report.online = failed === 0 ? 'checked' : failed === entries.length ? 'off' : 'partial';
  return report;
}
