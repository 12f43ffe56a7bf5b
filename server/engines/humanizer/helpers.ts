/**
 * Small helpers shared by the word-level (rewrite.ts) and clause-level (structure.ts) rewrites: token
 * construction, case, articles, clause tests and verb inflection.
 */
import { lexicon } from './lexicon.ts';
import { articleFor, grammarIssues } from './quality.ts';
import type { Token } from './tokens.ts';

/** A deterministic random source in [0, 1). */
export type Rng = () => number;

/** mulberry32: a small, fast, well-mixed PRNG; the same seed gives the same stream everywhere. */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How hard one pass rewrites, set from the mode and the register of the input. */
export interface Settings {
  ultra: boolean;
  /** Probability of contracting where a contraction is possible (0 in a formal register). */
  contractions: number;
  /** Informal alternatives ("what's more") are allowed. */
  casual: boolean;
  /** 0 for the first pass; Ultra's later passes rewrite what the earlier ones left. */
  pass: number;
  /** How much to change, 0..1 (1 = the mode's full rate): every step's probability is scaled by it. */
  strength: number;
  /**
   * Set for a sentence whose neighbour before it already ends "…, some people argue.": the same inversion twice in a
   * row ("…, some people argue. …, they claim.") reads as a tic.
   */
  noInversion?: boolean;
}

/** The probability of a step in this pass: the mode's figure (normal or Ultra) scaled by the strength. */
export const chance = (s: Settings, normal: number, ultra: number) => (s.ultra ? ultra : normal) * s.strength;

/** True for a word or number token (not punctuation). */
export function isWord(t: Token | undefined): t is Token {
  if (!t) return false;
  const c = t.text.charCodeAt(0);
  if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57)) return true;
  return c > 127 && /^[\p{L}\p{N}]/u.test(t.text);
}
export const lower = (t: Token | undefined) => (t ? t.text.toLowerCase() : '');
// The tagger often reads a past tense after a noun as a participle ("The committee reviewed/VBN"): count both.
export const FINITE = new Set(['VBD', 'VBZ', 'VBP', 'MD', 'VBN']);
export const SUBJECT_TAGS = new Set(['PRP', 'DT', 'NNP', 'NNPS', 'EX', 'PRP$', 'NN', 'NNS', 'CD', 'JJ']);
export const ATTACH_LEFT = /^(?:[.,;:!?%)\]}…]|\.\.\.|['’][\p{L}]+)$/u;

/** A token the engine wrote. */
export function fresh(text: string, space = ' '): Token {
  return { text, space, prot: '', tag: '', lemma: text.toLowerCase(), fresh: true };
}

/** Tokens for a phrase like "also ," with spaces set; the last takes `space`. */
export function phraseTokens(words: string[], space: string): Token[] {
  const out = words.map((w) => fresh(w));
  for (let i = 0; i < out.length; i++) out[i]!.space = i === out.length - 1 ? space : ATTACH_LEFT.test(out[i + 1]!.text) ? '' : ' ';
  return out;
}

/** The token with a capital first letter (protected tokens are never changed). */
export function capitalized(t: Token): Token {
  if (t.prot || !/^\p{Ll}/u.test(t.text)) return t;
  return { ...t, text: t.text[0]!.toUpperCase() + t.text.slice(1), fresh: true, recased: !t.fresh };
}

/** The token with a lowercase first letter, or undefined when that could harm a name or "I". */
export function decapitalized(t: Token, next: Token | undefined): Token | undefined {
  if (t.prot) return undefined;
  if (!/^\p{Lu}\p{Ll}*(?:['’]\p{Ll}+)?$/u.test(t.text)) return /^\p{Ll}/u.test(t.text) ? t : undefined;
  if (t.tag === 'NNP' || t.tag === 'NNPS' || /^I(?:['’]|$)/.test(t.text)) return undefined;
  const low = t.text.toLowerCase();
  if (!lexicon().common.has(low.replace(/['’]\p{Ll}+$/u, ''))) return undefined;
  if (next && /^\p{Lu}/u.test(next.text) && !next.prot) return undefined;
  return { ...t, text: low, fresh: true };
}

/** `word` with the first letter's case of `like`. */
export function withCase(word: string, like: string): string {
  return /^\p{Lu}/u.test(like) ? word[0]!.toUpperCase() + word.slice(1) : word;
}

/** Fixes "a"/"an" before position i after the word at i changed. */
export function fixArticle(tokens: Token[], i: number): void {
  const prev = tokens[i - 1];
  const word = tokens[i];
  if (!prev || !word || prev.prot || !/^(?:a|an)$/i.test(prev.text)) return;
  const want = articleFor(word.text);
  if (want && want !== prev.text.toLowerCase()) tokens[i - 1] = { ...prev, text: withCase(want, prev.text), fresh: true };
}

/** Words (and protected spans) in a token list. */
export const wordCount = (tokens: Token[]) => tokens.reduce((n, t) => n + (t.prot !== '' || isWord(t) ? 1 : 0), 0);
/** The text of a sentence without its trailing space. */
export const sentenceText = (tokens: Token[]) => tokens.map((t, i) => t.text + (i === tokens.length - 1 ? '' : t.space)).join('');

/** True when tokens[from..to) hold a finite verb. */
export function hasFiniteVerb(tokens: Token[], from = 0, to = tokens.length): boolean {
  for (let i = from; i < to; i++) if (FINITE.has(tokens[i]!.tag)) return true;
  return false;
}

/** True when tokens[from..] opens an independent clause: a subject-like word, then a finite verb soon after. */
export function opensClause(tokens: Token[], from: number): boolean {
  const first = tokens[from];
  if (!first || !SUBJECT_TAGS.has(first.tag)) return false;
  if (first.tag === 'DT' && !/^(?:the|a|an|this|that|these|those|some|many|most|each|every|all|both|no)$/i.test(first.text)) return false;
  for (let i = from + 1; i < Math.min(tokens.length, from + 7); i++) {
    const t = tokens[i]!;
    if (FINITE.has(t.tag)) return true;
    if (t.text === ',' || t.tag === 'IN' || t.tag === 'WDT' || t.tag === 'WP') return false;
  }
  return false;
}

const VERB_FORM: Record<string, number> = { VBZ: 0, VBD: 1, VBN: 2, VBG: 3 };

/** The form of verb `lemma` (possibly "make sure") that matches Penn tag `tag`, or undefined. */
export function inflect(lemma: string, tag: string): string | undefined {
  const [head, ...rest] = lemma.split(' ');
  let form: string | undefined;
  if (tag === 'VB' || tag === 'VBP') form = head;
  else {
    const index = VERB_FORM[tag];
    if (index === undefined) return undefined;
    form = lexicon().verbForms.get(head!)?.[index];
  }
  if (!form) return undefined;
  return [form, ...rest].join(' ');
}

// Participles whose simple past differs ("taken" → "took"); every other verb's past is its participle.
export const PAST_OF_PARTICIPLE: Record<string, string> = Object.fromEntries(
  `arisen arose awoken awoke beaten beat become became begun began bitten bit blown blew broken broke chosen chose come came
  done did drawn drew driven drove eaten ate fallen fell flown flew forbidden forbade forgotten forgot forgiven forgave
  frozen froze given gave gone went gotten got grown grew hidden hid known knew lain lay overcome overcame overtaken overtook
  overthrown overthrew proven proved ridden rode risen rose run ran seen saw shaken shook shown showed sewn sewed shrunk
  shrank sung sang sunk sank spoken spoke sprung sprang stolen stole stricken struck striven strove sworn swore swum swam
  taken took torn tore thrown threw undertaken undertook undone undid woken woke worn wore woven wove withdrawn withdrew
  written wrote rewritten rewrote mistaken mistook foreseen foresaw forsaken forsook outgrown outgrew overseen oversaw
  overridden overrode overdone overdid slain slew trodden trod stunk stank rung rang drunk drank`
    .split(/\s+/)
    .reduce<Array<[string, string]>>((pairs, w, i, all) => (i % 2 === 0 ? [...pairs, [w, all[i + 1]!]] : pairs), []),
);

/** The simple past of a verb from its past participle ("funded" → "funded", "written" → "wrote"). */
export function pastFromParticiple(participle: string): string {
  return PAST_OF_PARTICIPLE[participle] ?? participle;
}

/** The third person singular present of a verb lemma ("fund" → "funds", "watch" → "watches", "carry" → "carries"). */
export function presentS(lemma: string): string {
  if (lemma === 'be') return 'is';
  if (lemma === 'have') return 'has';
  if (/(?:s|x|z|ch|sh|o)$/.test(lemma)) return `${lemma}es`;
  if (/[^aeiou]y$/.test(lemma)) return `${lemma.slice(0, -1)}ies`;
  return `${lemma}s`;
}

// Steps never change a token list they have handed on, so a list's count is computed once.
const issueCache = new WeakMap<Token[], number>();

/** Rule violations in a sentence (see quality.ts). */
export function issueCount(tokens: Token[]): number {
  let n = issueCache.get(tokens);
  if (n === undefined) {
    n = grammarIssues(sentenceText(tokens)).length;
    issueCache.set(tokens, n);
  }
  return n;
}

/** The tokens with the last one's trailing space set. */
export function withLastSpace(tokens: Token[], space: string): Token[] {
  if (tokens.length === 0) return tokens;
  const out = tokens.slice();
  out[out.length - 1] = { ...out[out.length - 1]!, space };
  return out;
}

/** True when any token of the list was moved or written by an earlier step (no step undoes another). */
export const touched = (tokens: Token[]) => tokens.some((t) => t.fresh || t.moved);

/** The tokens marked as moved (a later pass will not move them back). */
export const markMoved = (tokens: Token[]) => tokens.map((t) => (t.moved ? t : { ...t, moved: true }));

const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * Occurrences of a protected string in a text as a whole word: "C" (of "1.1°C") is not counted inside "Climate", nor
 * "one" inside "someone". Counted there, a rewrite that lower-cased "Climate" or changed "someone" looked like a lost
 * span, and the paragraph (or an LLM answer) was thrown away.
 */
export function spanOccurrences(text: string, needle: string): number {
  if (!needle) return 0;
  let n = 0;
  const wordStart = WORD_CHAR.test(needle[0]!);
  const wordEnd = WORD_CHAR.test(needle[needle.length - 1]!);
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
    if ((wordStart && WORD_CHAR.test(text[at - 1] ?? '')) || (wordEnd && WORD_CHAR.test(text[at + needle.length] ?? ''))) continue;
    n++;
  }
  return n;
}
