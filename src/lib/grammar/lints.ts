/**
 * Grammar and style suggestions from harper.js (docs/decisions/0024), as plain
 * data that crosses a worker boundary: offsets in UTF-16 code units (what the
 * editor counts), the kind, the problem text and the fixes. The worker and the
 * bench use `lintParagraphs`; the island never imports harper.js.
 */
import type { Lint, Linter } from 'harper.js';

/** Harper's categories (its `LintKind`); the page names each in the reader's language (`editor.kind.*`). */
export const lintKinds = [
  'Agreement',
  'BoundaryError',
  'Capitalization',
  'Eggcorn',
  'Enhancement',
  'Formatting',
  'Grammar',
  'Malapropism',
  'Miscellaneous',
  'Nonstandard',
  'Punctuation',
  'Readability',
  'Redundancy',
  'Regionalism',
  'Repetition',
  'Spelling',
  'Style',
  'Typo',
  'Usage',
  'WordChoice',
  'WordOrder',
] as const;
export type LintKind = (typeof lintKinds)[number];

/** One fix: the text that replaces the problem, removes it, or goes after it. */
export interface GrammarFix {
  kind: 'replace' | 'remove' | 'insertAfter';
  text: string;
}

/** One suggestion inside a paragraph. */
export interface GrammarLint {
  /** UTF-16 offsets in the paragraph's text. */
  start: number;
  end: number;
  kind: LintKind;
  /** The words the suggestion is about. */
  problem: string;
  /** Harper's explanation (English; shown on English pages only). */
  message: string;
  fixes: GrammarFix[];
}

/** At most this many fixes per suggestion (Harper can list a dozen spellings). */
export const maxFixes = 3;

const fixKinds = ['replace', 'remove', 'insertAfter'] as const;

/** Maps offsets in Unicode code points (Harper's) to UTF-16 code units (the editor's). */
export function codePointToUtf16(text: string): (codePoint: number) => number {
  if (!/[\uD800-\uDBFF]/.test(text)) return (n) => n;
  const units: number[] = [];
  let unit = 0;
  for (const char of text) {
    units.push(unit);
    unit += char.length;
  }
  units.push(unit);
  return (n) => units[Math.min(Math.max(n, 0), units.length - 1)]!;
}

const asKind = (kind: string): LintKind => ((lintKinds as readonly string[]).includes(kind) ? (kind as LintKind) : 'Miscellaneous');

/** A harper `Lint` as plain data (and frees the wasm objects). */
export function toGrammarLint(lint: Lint, toUtf16: (n: number) => number): GrammarLint {
  const span = lint.span();
  const fixes = lint
    .suggestions()
    .slice(0, maxFixes)
    .map((s) => ({ kind: fixKinds[s.kind()] ?? 'replace', text: s.get_replacement_text() }));
  const result: GrammarLint = { start: toUtf16(span.start), end: toUtf16(span.end), kind: asKind(lint.lint_kind()), problem: lint.get_problem_text(), message: lint.message(), fixes };
  lint.free();
  return result;
}

/** Lints each paragraph on its own (a changed paragraph is linted again, not the whole essay). */
export async function lintParagraphs(linter: Linter, paragraphs: readonly string[]): Promise<GrammarLint[][]> {
  const out: GrammarLint[][] = [];
  for (const text of paragraphs) {
    if (!text.trim()) {
      out.push([]);
      continue;
    }
    const toUtf16 = codePointToUtf16(text);
    const lints = await linter.lint(text, { language: 'plaintext' });
    out.push(lints.map((lint) => toGrammarLint(lint, toUtf16)).sort((a, b) => a.start - b.start));
  }
  return out;
}

/** The paragraph's text with a fix applied. */
export function applyFix(text: string, lint: Pick<GrammarLint, 'start' | 'end'>, fix: GrammarFix): string {
  if (fix.kind === 'insertAfter') return text.slice(0, lint.end) + fix.text + text.slice(lint.end);
  return text.slice(0, lint.start) + (fix.kind === 'remove' ? '' : fix.text) + text.slice(lint.end);
}

/** Messages between the page and the grammar worker. */
export type GrammarRequest = { id: number; paragraphs: string[] };
export type GrammarResponse = { id: number; lints: GrammarLint[][] } | { id: number; error: string };
