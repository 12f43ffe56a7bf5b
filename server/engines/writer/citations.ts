/**
 * The AI writer's citations, checked by the reference checker before any of the
 * draft is shown (docs/decisions/0023). The user's sources are parsed by the
 * reference parser and, when lookups are configured, looked up in
 * Crossref/OpenAlex and judged like any reference list; every citation of the
 * draft is found and matched against them by the checker's own in-text
 * citation code (citations.ts of the reference engine):
 *   - a number that is not a source, an author–year citation whose author is in
 *     no source, or whose year or author differs from the source it names, is
 *     taken out of the text (a narrative one, "Miller (2021) shows", stays and
 *     is marked: taking it out would break the sentence);
 *   - a citation of a source the lookup did not find, found retracted, or found
 *     with other details, stays and is marked.
 * Each gets a note the page shows, translated.
 */
import type { WriterCitationNote, WriterPartial, WriterSourceCheck } from '../../../src/domain/writer.ts';
import { findCitations, matchCitations, nameKey } from '../references/citations.ts';
import { judge, parseReference, type Lookup, type ReferenceFields } from '../references/index.ts';

export interface SourceEntry {
  text: string;
  fields: ReferenceFields;
}

/** The user's sources as the reference checker reads them; their numbers are their places in the list. */
export function sourceEntries(sources: readonly string[]): SourceEntry[] {
  return sources.map((text) => ({ text, fields: { ...parseReference(text), number: null } }));
}

/** Each source looked up and judged (when a lookup is given); unchecked otherwise or when the providers are out of reach. */
export async function checkSources(entries: readonly SourceEntry[], lookup?: Lookup): Promise<WriterSourceCheck[]> {
  return Promise.all(
    entries.map(async ({ fields }): Promise<WriterSourceCheck> => {
      if (!lookup || (!fields.title && !fields.doi)) return { verdict: 'unchecked' };
      const outcome = await lookup(fields);
      return outcome === 'unavailable' ? { verdict: 'unchecked' } : { verdict: judge(fields, outcome).verdict };
    }),
  );
}

const issueReason: Record<string, WriterCitationNote['reason']> = {
  citedNotListed: 'notASource',
  citedNumberMissing: 'notASource',
  citationYearMismatch: 'yearMismatch',
  citationAuthorMismatch: 'authorMismatch',
};
const sourceReason: Partial<Record<WriterSourceCheck['verdict'], WriterCitationNote['reason']>> = {
  notFound: 'sourceNotFound',
  retracted: 'sourceRetracted',
  conflict: 'sourceConflict',
};

/** Tidies what taking citations out leaves: "( ; x)", "(x; )", "()", "[]", doubled spaces, a space before a full stop. */
function tidy(text: string): string {
  return text
    .replace(/\(\s*;\s*/g, '(')
    .replace(/\s*;\s*\)/g, ')')
    .replace(/;\s*;/g, ';')
    .replace(/\s*\(\s*\)|\s*\[\s*\]/g, '')
    .replace(/\[\s*,\s*|\s*,\s*\]/g, (m) => (m.includes('[') ? '[' : ']'))
    .replace(/ {2,}/g, ' ')
    .replace(/\s+([.,;:!?])/g, '$1')
    .trim();
}

/**
 * Checks every citation of the paragraphs against the sources. Answers the paragraphs as they may be shown and the
 * notes. `checks` are the sources' verdicts (may be shorter than the sources while lookups run: unknown = unchecked).
 */
export function checkDraft(paragraphs: readonly string[], entries: readonly SourceEntry[], checks: readonly WriterSourceCheck[] = []): WriterPartial {
  const notes: WriterCitationNote[] = [];
  const seen = new Set<string>();
  const note = (n: WriterCitationNote) => {
    const key = `${n.reason}|${n.cite}|${n.source}`;
    if (seen.has(key)) return;
    seen.add(key);
    notes.push(n);
  };
  const flagged = new Set<number>();
  const draft: string[] = [];
  for (const paragraph of paragraphs) {
    const raw = findCitations(paragraph);
    const matched = matchCitations(raw, entries as SourceEntry[], true);
    const problems = new Map<string, { reason: WriterCitationNote['reason']; source: number | null }>();
    for (const issue of matched.issues) {
      const reason = issueReason[issue.code];
      if (!reason || typeof issue.params?.cite !== 'string') continue;
      const entry = typeof issue.params.entry === 'number' ? issue.params.entry : null;
      if (!problems.has(issue.params.cite)) problems.set(issue.params.cite, { reason, source: entry });
    }
    // Edits are collected, then applied right to left, so every offset holds (normalizeTypography keeps lengths:
    // offsets found in the normalised text hold in the original).
    const edits: { start: number; end: number; by: string }[] = [];
    const citations = raw.map((c, i) => ({ c, found: matched.citations[i]! })).sort((a, b) => b.c.start - a.c.start);
    let lastStart = Number.POSITIVE_INFINITY;
    for (const { c, found } of citations) {
      if (c.end > lastStart) continue; // overlapping finds (a narrative inside a parenthesis): the outer one decided
      lastStart = c.start;
      const written = paragraph.slice(c.start, c.end);
      if (c.kind === 'numeric') {
        const good = (c.numbers ?? []).filter((n) => n >= 1 && n <= entries.length);
        if (good.length < (c.numbers ?? []).length) {
          note({ reason: 'notASource', cite: written, source: null, removed: true });
          // "[1, 3]" with two sources keeps "[1]"; "[3]" goes.
          edits.push({ start: c.start, end: c.end, by: good.length > 0 ? `[${good.join(', ')}]` : '' });
        }
        for (const n of good) flagged.add(n - 1);
        continue;
      }
      const problem = problems.get(c.text);
      if (problem) {
        const narrative = !/^\(/.test(written) && /\(/.test(written) && paragraph[c.start - 1] !== '(';
        const inParens = paragraph.lastIndexOf('(', c.start) > paragraph.lastIndexOf(')', c.start - 1);
        const removable = !narrative && inParens;
        note({ reason: problem.reason, cite: written, source: problem.source, removed: removable });
        if (removable) edits.push({ start: c.start, end: c.end, by: '' });
        continue;
      }
      for (const i of found.entries) flagged.add(i);
    }
    // "Jones et al. found …" with no year is no citation the checker reads, but it names a study: one by none of the
    // sources' authors is marked.
    const authors = new Set(entries.flatMap((e) => e.fields.authors.map((a) => nameKey(a.family.split(/\s+/).pop() ?? a.family))));
    for (const m of paragraph.matchAll(/(?<![\p{L}'’-])(\p{Lu}[\p{L}'’-]+)\s+et\s+al\.?(?!\s*\(\s*\d)/gu)) {
      if (raw.some((c) => m.index >= c.start && m.index < c.end) || authors.has(nameKey(m[1]!))) continue;
      note({ reason: 'notASource', cite: m[0], source: null, removed: false });
    }
    let text = paragraph;
    for (const e of edits) text = text.slice(0, e.start) + e.by + text.slice(e.end);
    draft.push(edits.length > 0 ? tidy(text) : text);
  }
  for (const i of [...flagged].sort((a, b) => a - b)) {
    const reason = sourceReason[checks[i]?.verdict ?? 'unchecked'];
    if (reason) note({ reason, cite: `[${i + 1}]`, source: i + 1, removed: false });
  }
  return { draft, citationNotes: notes };
}

/**
 * The checked draft so far from the streamed text: paragraphs are lines; the last, still being written, is cut
 * before a citation that has not closed yet ("[1", "(Miller, 20"), so no unchecked citation is ever shown.
 */
export function partialDraft(streamed: string, entries: readonly SourceEntry[], checks: readonly WriterSourceCheck[]): WriterPartial {
  const lines = streamed.split(/\r?\n/);
  const last = lines.pop() ?? '';
  const open = Math.max(last.lastIndexOf('['), last.lastIndexOf('('));
  const closed = Math.max(last.lastIndexOf(']'), last.lastIndexOf(')'));
  const shown = open > closed ? last.slice(0, open) : last;
  const paragraphs = [...lines, shown].map((p) => p.trim()).filter(Boolean);
  return checkDraft(paragraphs, entries, checks);
}
