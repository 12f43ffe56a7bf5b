/**
 * The plagiarism engine: pure TypeScript, no database, no HTTP. Candidate
 * sources come from the fingerprint index (server/services/plagiarism.ts);
 * this module aligns the checked text with each candidate and describes the
 * text's quotations and bibliography for the report's exclusions.
 */
import { alignPair, defaultAlignOptions, prepare, type AlignOptions, type Passage, type Prepared } from './align.ts';
import { bibliographyStart, quotedRanges, type Range } from './text.ts';

export { alignPair, defaultAlignOptions, prepare } from './align.ts';
export type { AlignOptions, Passage, Prepared } from './align.ts';
export { documentFingerprints, fingerprintParams, queryHashes, hash32, winnow, kgramHashes } from './fingerprint.ts';
export { panScores, type Annotation, type PanScores } from './measures.ts';
export { bibliographyStart, isStopword, quotedRanges, tokenize, stem } from './text.ts';

/** Named in every report, so a figure can be traced to the engine that made it. */
export const engineVersion = 'plagiarism-1';

/** A candidate source: its id in the library and its text. */
export interface SourceText<Id> {
  id: Id;
  text: string;
}

/** A passage and the source it comes from. */
export interface SourceMatch<Id> extends Passage {
  sourceId: Id;
}

/** What the exclusions need to know about the checked text itself. */
export interface TextLayout {
  quotes: Range[];
  bibliographyStart: number | null;
}

export function layoutOf(text: string): TextLayout {
  return { quotes: quotedRanges(text), bibliographyStart: bibliographyStart(text) };
}

/** Aligns the checked text with each candidate source; passages come out in text order. */
export function findMatches<Id>(text: string | Prepared, sources: SourceText<Id>[], options: AlignOptions = defaultAlignOptions): SourceMatch<Id>[] {
  const checked = typeof text === 'string' ? prepare(text) : text;
  const out: SourceMatch<Id>[] = [];
  for (const source of sources) {
    for (const passage of alignPair(checked, prepare(source.text), options)) out.push({ ...passage, sourceId: source.id });
  }
  return out.sort((a, b) => a.start - b.start || b.end - a.end);
}

/** The checked text aligned with each candidate's text (sources by their index), and its layout for the exclusions. */
export function alignText(text: string, sources: readonly string[]): { matches: SourceMatch<number>[]; layout: TextLayout } {
  return { matches: findMatches(text, sources.map((source, id) => ({ id, text: source }))), layout: layoutOf(text) };
}
