/**
 * Grammar and style suggestions from harper.js (docs/decisions/0024), as plain
 * data that crosses a worker boundary: offsets in UTF-16 code units (what the
 * editor counts; harper.js answers them so), the kind, the problem text and the fixes. The worker and the
 * bench use `lintParagraphs`; the island never imports harper.js.
 */
import type { Lint, Linter } from 'harper.js';
import { uniqueFixes, withRules, type GrammarRule } from './rules.ts';

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
  /** Harper's explanation (English; shown on English pages only); empty for our own rules. */
  message: string;
  /** One of our own rules (rules.ts), whose explanation the page shows in the reader's language. */
  rule?: GrammarRule;
  fixes: GrammarFix[];
}

/** At most this many fixes per suggestion (Harper can list a dozen spellings). */
export const maxFixes = 3;

const fixKinds = ['replace', 'remove', 'insertAfter'] as const;

const asKind = (kind: string): LintKind => ((lintKinds as readonly string[]).includes(kind) ? (kind as LintKind) : 'Miscellaneous');

/** A harper `Lint` as plain data (and frees the wasm objects). harper.js answers spans in UTF-16 units already. */
export function toGrammarLint(lint: Lint): GrammarLint {
  const span = lint.span();
  const fixes = uniqueFixes(lint.suggestions().map((s) => ({ kind: fixKinds[s.kind()] ?? 'replace', text: s.get_replacement_text() }))).slice(0, maxFixes);
  const result: GrammarLint = { start: span.start, end: span.end, kind: asKind(lint.lint_kind()), problem: lint.get_problem_text(), message: lint.message(), fixes };
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
    const lints = await linter.lint(text, { language: 'plaintext' });
    out.push(withRules(text, lints.map(toGrammarLint)));
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
