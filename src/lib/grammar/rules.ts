/**
 * Our own agreement and verb-form rules beside harper.js (issue 30): students' most common errors that harper.js
 * misses — a modal with a third-person verb ("should keeps"), a modal with "to" ("must to improve"), "a" or "an" before
 * a plural ("A students") and a plural with "who/that" and a singular verb ("students who works") — and the cleaning
 * of harper's answers: a capitalised word inside a sentence is a name, not a misspelling ("Ctrip"); a pronoun
 * followed by a plural noun and a verb is an apposition, not an agreement error ("you guys are"); one fix listed
 * twice is listed once; explanations lose their Markdown backticks. Each of our lints names its rule, whose
 * explanation the page shows in the reader's language (`editor.rule.*`).
 */
import type { GrammarFix, GrammarLint } from './lints.ts';

export const grammarRules = ['modalVerb', 'modalTo', 'articlePlural', 'relativeAgreement'] as const;
export type GrammarRule = (typeof grammarRules)[number];

const MODALS = new Set(['can', 'could', 'should', 'would', 'will', 'shall', 'may', 'might', 'must']);
/** Words after which a verb follows a pronoun + plural noun ("we students must", "you guys are"). */
const VERBISH = new Set(['are', 'were', 'have', 'had', 'do', 'did', 'can', 'could', 'should', 'would', 'will', 'shall', 'may', 'might', 'must', 'need', 'want', 'always', 'often', 'never', 'all', 'both']);
/** Words ending in "s" that are not a plural noun or a third-person verb. */
const NOT_S_FORM = new Set(
  (
    'always perhaps sometimes nevertheless thus besides afterwards towards nowadays regardless unless less ' +
    'hers its ours yours theirs this his us plus as was yes across whereas various previous famous serious ' +
    'series species means news lens gas bias atlas canvas alias chaos ethos pathos mathematics politics economics ' +
    'physics statistics ethics athletics headquarters crossroads whereabouts bus thesis crisis analysis basis ' +
    'campus status virus bonus census focus corpus genius chorus process success access business class glass ' +
    'address progress stress mass boss loss miss kiss dress pass cross less christmas'
  ).split(' '),
);
/** Irregular base forms of third-person verbs. */
const BASE: Readonly<Record<string, string>> = { has: 'have', is: 'be', does: 'do', goes: 'go' };

/** The base form of a third-person singular verb ("keeps" → "keep", "tries" → "try", "watches" → "watch"). */
export function baseForm(word: string): string | undefined {
  const lower = word.toLowerCase();
  if (BASE[lower]) return matchCase(word, BASE[lower]);
  if (!isSForm(lower)) return undefined;
  let base: string;
  if (/[^aeiou]ies$/.test(lower)) base = lower.slice(0, -3) + 'y';
  else if (/(?:ss|sh|ch|x|z|o)es$/.test(lower)) base = lower.slice(0, -2);
  else base = lower.slice(0, -1);
  return matchCase(word, base);
}

/** The singular of a regular plural noun ("students" → "student", "cities" → "city", "boxes" → "box"). */
const singular = baseForm;

function isSForm(lower: string): boolean {
  return lower.length >= 4 && /^[a-z]+s$/.test(lower) && !/(?:ss|us|is|ys)$/.test(lower) && !NOT_S_FORM.has(lower);
}

const matchCase = (model: string, word: string) => (model[0] === model[0]!.toUpperCase() ? word[0]!.toUpperCase() + word.slice(1) : word);

interface Word {
  text: string;
  lower: string;
  start: number;
  end: number;
}

function wordsOf(text: string): Word[] {
  return [...text.matchAll(/[A-Za-z]+(?:['’][A-Za-z]+)?/g)].map((m) => ({ text: m[0], lower: m[0].toLowerCase(), start: m.index, end: m.index + m[0].length }));
}

/** Two words are neighbours when only spaces stand between them (no comma, no full stop). */
const adjacent = (text: string, a: Word, b: Word) => /^\s+$/.test(text.slice(a.end, b.start));

const lint = (word: Word, kind: GrammarLint['kind'], rule: GrammarRule, fixes: GrammarFix[], start = word.start, end = word.end, text = word.text): GrammarLint => ({
  start,
  end,
  kind,
  problem: text,
  message: '',
  rule,
  fixes,
});

/** Our rules on one paragraph. */
export function ruleLints(text: string): GrammarLint[] {
  const words = wordsOf(text);
  const out: GrammarLint[] = [];
  for (let i = 0; i + 1 < words.length; i++) {
    const w = words[i]!;
    const next = words[i + 1]!;
    if (!adjacent(text, w, next)) continue;
    const after = words[i + 2];
    if (MODALS.has(w.lower)) {
      // "must to improve": the modal takes the bare verb.
      if (next.lower === 'to' && after && adjacent(text, next, after)) {
        out.push(lint(next, 'Grammar', 'modalTo', [{ kind: 'remove', text: '' }], next.start, after.start, text.slice(next.start, after.start)));
        continue;
      }
      // "should keeps": the base form.
      const base = baseForm(next.text);
      if (base) out.push(lint(next, 'Agreement', 'modalVerb', [{ kind: 'replace', text: base }]));
      continue;
    }
    // "A students who…": one thing, so the singular (or no article).
    if ((w.lower === 'a' || w.lower === 'an') && isSForm(next.lower) && after && adjacent(text, next, after) && ['who', 'that', 'which', 'are', 'were', 'have'].includes(after.lower)) {
      out.push(lint(next, 'Agreement', 'articlePlural', [{ kind: 'replace', text: singular(next.text)! }]));
    }
    // "students who works": the verb agrees with the plural before "who"/"that".
    if ((next.lower === 'who' || next.lower === 'that') && isSForm(w.lower) && after && adjacent(text, next, after) && isSForm(after.lower)) {
      const precededBySingular = i > 0 && ['a', 'an', 'one', 'each', 'every'].includes(words[i - 1]!.lower);
      if (!precededBySingular) out.push(lint(after, 'Agreement', 'relativeAgreement', [{ kind: 'replace', text: baseForm(after.text)! }]));
    }
  }
  return out;
}

const PRONOUNS = new Set(['i', 'you', 'we', 'they']);

/** True when harper's lint should not be shown (see the module's note). */
export function isFalseAlarm(text: string, lint: GrammarLint): boolean {
  if (lint.kind === 'Spelling' && /^[A-Z][a-z]/.test(lint.problem)) {
    // Inside a sentence a capitalised word is a name (a company, a place) the dictionary does not know.
    // The words since the last full stop: none means the word opens a sentence (where any word is capitalised).
    const sentence = text.slice(0, lint.start).split(/[.!?:]/).pop() ?? '';
    if (/\p{L}/u.test(sentence)) return true;
  }
  if (lint.kind === 'Agreement') {
    const before = text.slice(0, lint.start).match(/([A-Za-z]+)\s+$/)?.[1]?.toLowerCase();
    const after = text.slice(lint.end).match(/^\s+([A-Za-z]+)/)?.[1]?.toLowerCase();
    if (before && PRONOUNS.has(before) && after && VERBISH.has(after)) return true;
  }
  return false;
}

/** One fix per text, in harper's order. */
export function uniqueFixes(fixes: readonly GrammarFix[]): GrammarFix[] {
  const seen = new Set<string>();
  return fixes.filter((f) => {
    const key = `${f.kind}|${f.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Harper's explanation without Markdown: "Did you mean `there`?" reads "Did you mean “there”?". */
export const plainMessage = (message: string) => message.replace(/`([^`]+)`/g, '“$1”');

/** Harper's lints cleaned, and ours added where harper said nothing about the same words. */
export function withRules(text: string, harper: readonly GrammarLint[]): GrammarLint[] {
  const kept = harper.filter((l) => !isFalseAlarm(text, l)).map((l) => ({ ...l, message: plainMessage(l.message) }));
  const overlaps = (a: GrammarLint) => kept.some((b) => a.start < b.end && b.start < a.end);
  return [...kept, ...ruleLints(text).filter((l) => !overlaps(l))].sort((a, b) => a.start - b.start);
}
