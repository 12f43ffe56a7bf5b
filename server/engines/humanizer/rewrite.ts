import { lexicon } from './lexicon.ts';
import { NEVER_REPLACE, PHRASE_RULES, PLAIN_WORDS, type PhraseRule, type WordPos } from './phrases.ts';
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
}

// --- small token helpers ------------------------------------------------------------------------------------

const isWord = (t: Token | undefined): t is Token => !!t && /^[\p{L}\p{N}]/u.test(t.text);
const lower = (t: Token | undefined) => (t ? t.text.toLowerCase() : '');
// The tagger often reads a past tense after a noun as a participle ("The committee reviewed/VBN"): count both.
const FINITE = new Set(['VBD', 'VBZ', 'VBP', 'MD', 'VBN']);
const SUBJECT_TAGS = new Set(['PRP', 'DT', 'NNP', 'NNPS', 'EX', 'PRP$', 'NN', 'NNS', 'CD', 'JJ']);
const DETERMINERS = new Set(['the', 'these', 'those', 'this', 'that', 'his', 'her', 'its', 'their', 'our', 'my', 'your', 'them', 'us', 'which', 'whom']);
const ATTACH_LEFT = /^(?:[.,;:!?%)\]}…]|\.\.\.|['’][\p{L}]+)$/u;

function fresh(text: string, space = ' '): Token {
  return { text, space, prot: '', tag: '', lemma: text.toLowerCase(), fresh: true };
}

/** Tokens for a phrase like "also ," with spaces set; the last takes `space`. */
function phraseTokens(words: string[], space: string): Token[] {
  const out = words.map((w) => fresh(w));
  for (let i = 0; i < out.length; i++) out[i]!.space = i === out.length - 1 ? space : ATTACH_LEFT.test(out[i + 1]!.text) ? '' : ' ';
  return out;
}

function capitalized(t: Token): Token {
  if (t.prot || !/^\p{Ll}/u.test(t.text)) return t;
  return { ...t, text: t.text[0]!.toUpperCase() + t.text.slice(1), fresh: true };
}

/** The token with a lowercase first letter, or undefined when that could harm a name or "I". */
function decapitalized(t: Token, next: Token | undefined): Token | undefined {
  if (t.prot) return undefined;
  if (!/^\p{Lu}\p{Ll}*(?:['’]\p{Ll}+)?$/u.test(t.text)) return /^\p{Ll}/u.test(t.text) ? t : undefined;
  if (t.tag === 'NNP' || t.tag === 'NNPS' || /^I(?:['’]|$)/.test(t.text)) return undefined;
  const low = t.text.toLowerCase();
  if (!lexicon().common.has(low.replace(/['’]\p{Ll}+$/u, ''))) return undefined;
  if (next && /^\p{Lu}/u.test(next.text) && !next.prot) return undefined;
  return { ...t, text: low, fresh: true };
}

function withCase(word: string, like: string): string {
  return /^\p{Lu}/u.test(like) ? word[0]!.toUpperCase() + word.slice(1) : word;
}

/** Fixes "a"/"an" before position i after the word at i changed. */
function fixArticle(tokens: Token[], i: number): void {
  const prev = tokens[i - 1];
  const word = tokens[i];
  if (!prev || !word || prev.prot || !/^(?:a|an)$/i.test(prev.text)) return;
  const want = articleFor(word.text);
  if (want && want !== prev.text.toLowerCase()) tokens[i - 1] = { ...prev, text: withCase(want, prev.text), fresh: true };
}

const wordCount = (tokens: Token[]) => tokens.reduce((n, t) => n + (t.prot !== '' || isWord(t) ? 1 : 0), 0);
const sentenceText = (tokens: Token[]) => tokens.map((t, i) => t.text + (i === tokens.length - 1 ? '' : t.space)).join('');

function hasFiniteVerb(tokens: Token[], from = 0, to = tokens.length): boolean {
  for (let i = from; i < to; i++) if (FINITE.has(tokens[i]!.tag)) return true;
  return false;
}

/** True when tokens[from..] opens an independent clause: a subject-like word, then a finite verb soon after. */
function opensClause(tokens: Token[], from: number): boolean {
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

// --- stock phrases --------------------------------------------------------------------------------------------

interface CompiledRule {
  rule: PhraseRule;
  parts: Array<{ word?: string; verb?: string }>;
}
let phraseIndex: Map<string, CompiledRule[]> | undefined;

function phrases(): Map<string, CompiledRule[]> {
  if (phraseIndex) return phraseIndex;
  phraseIndex = new Map();
  for (const rule of PHRASE_RULES) {
    const parts = rule.match.split(' ').map((p) => (p.startsWith('~') ? { verb: p.slice(1) } : { word: p }));
    const key = parts[0]!.verb ? `~${parts[0]!.verb}` : parts[0]!.word!;
    const list = phraseIndex.get(key) ?? [];
    list.push({ rule, parts });
    phraseIndex.set(key, list);
  }
  return phraseIndex;
}

const BE: Record<string, string> = { VBZ: 'is', VBP: 'are', VB: 'be', VBG: 'being', VBN: 'been' };
const CAN: Record<string, string> = { VBZ: 'can', VBP: 'can', VBD: 'could' };
const VERB_FORM: Record<string, number> = { VBZ: 0, VBD: 1, VBN: 2, VBG: 3 };

/** The form of verb `lemma` (possibly "make sure") that matches Penn tag `tag`, or undefined. */
function inflect(lemma: string, tag: string): string | undefined {
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

function matchRule(tokens: Token[], i: number, c: CompiledRule): string | undefined | false {
  let verbTag: string | undefined;
  for (let k = 0; k < c.parts.length; k++) {
    const t = tokens[i + k];
    const part = c.parts[k]!;
    if (!t || t.prot || t.fresh) return false;
    if (part.word !== undefined) {
      if (lower(t) !== part.word) return false;
    } else if (!t.tag.startsWith('VB') || t.lemma !== part.verb || /['’]/.test(t.text)) return false;
    else verbTag ??= t.tag;
  }
  return verbTag;
}

/** Replaces stock phrases (sentence openers and wordy phrases) with plainer alternatives. */
function replacePhrases(tokens: Token[], s: Settings, rng: Rng): Token[] {
  const index = phrases();
  let out = tokens;
  for (let i = 0; i < out.length; i++) {
    const t = out[i]!;
    if (t.prot || t.fresh) continue;
    const candidates = [...(index.get(lower(t)) ?? []), ...(t.tag.startsWith('VB') ? (index.get(`~${t.lemma}`) ?? []) : [])];
    for (const c of candidates) {
      if ((c.rule.start && i !== 0) || (c.rule.mid && i === 0)) continue;
      const verbTag = matchRule(out, i, c);
      if (verbTag === false) continue;
      const after = out[i + c.parts.length];
      if (c.rule.nextTag && !(after && c.rule.nextTag.test(after.tag))) continue;
      if (c.rule.prevNot && c.rule.prevNot.includes(lower(out[i - 1]))) continue;
      if (rng() >= (c.rule.start ? (s.ultra ? 1 : 0.85) : s.ultra ? 0.9 : 0.7)) break;
      const end = i + c.parts.length;
      const next = out[end];
      const pool = c.rule.beforeDeterminer && DETERMINERS.has(lower(next)) ? c.rule.beforeDeterminer : [...c.rule.replace, ...(s.casual ? (c.rule.casual ?? []) : [])];
      const choice = pool[Math.floor(rng() * pool.length)]!;
      const words: string[] = [];
      let ok = true;
      for (const w of choice.split(' ').filter(Boolean)) {
        if (!w.startsWith('~')) words.push(w);
        else {
          const lemma = w.slice(1);
          const form = lemma === 'be' ? BE[verbTag ?? ''] : lemma === 'can' ? CAN[verbTag ?? ''] : inflect(lemma, verbTag ?? '');
          if (!form) ok = false;
          else words.push(...form.split(' '));
        }
      }
      if (!ok) continue;
      const replacement = phraseTokens(words, out[end - 1]!.space);
      if (i === 0) {
        if (replacement.length > 0 && /^\p{Lu}/u.test(t.text)) replacement[0] = capitalized(replacement[0]!);
        if (replacement.length === 0) {
          if (!next || (next.prot && !/^\p{Lu}/u.test(next.text)) || !isWord(next)) continue;
          out = [...out.slice(0, i), capitalized(next), ...out.slice(end + 1)];
          i--;
          break;
        }
      }
      out = [...out.slice(0, i), ...replacement, ...out.slice(end)];
      if (replacement.length > 0) fixArticle(out, i);
      i += replacement.length - 1;
      break;
    }
  }
  return out;
}

// --- word substitution ---------------------------------------------------------------------------------------

const PARTICLES = new Set(['up', 'out', 'off', 'down', 'over', 'away', 'back', 'on', 'in', 'through', 'around', 'about', 'along', 'apart', 'aside', 'forward']);
const SUBSTITUTABLE: Record<string, WordPos> = { NN: 'n', NNS: 'n', VB: 'v', VBD: 'v', VBG: 'v', VBN: 'v', VBP: 'v', VBZ: 'v', JJ: 'a', RB: 'r' };

function regularPlural(w: string): string {
  return /(s|x|z|ch|sh)$/.test(w) ? `${w}es` : /[^aeiou]y$/.test(w) ? `${w.slice(0, -1)}ies` : `${w}s`;
}

/** True when the word at i belongs to a WordNet multi-word expression in this text ("blood pressure", "look after"). */
function inCollocation(tokens: Token[], i: number, lemma: string): boolean {
  const { collocations } = lexicon();
  const forms = (t: Token | undefined) => (t && !t.prot ? [lower(t), t.lemma] : []);
  const here = [lower(tokens[i]), lemma];
  for (const a of forms(tokens[i - 1])) for (const b of here) if (collocations.has(`${a} ${b}`)) return true;
  for (const a of here) for (const b of forms(tokens[i + 1])) if (collocations.has(`${a} ${b}`)) return true;
  for (const a of here) for (const b of forms(tokens[i + 1])) for (const c of forms(tokens[i + 2])) if (collocations.has(`${a} ${b} ${c}`)) return true;
  for (const a of forms(tokens[i - 1])) for (const b of here) for (const c of forms(tokens[i + 1])) if (collocations.has(`${a} ${b} ${c}`)) return true;
  for (const a of forms(tokens[i - 2])) for (const b of forms(tokens[i - 1])) for (const c of here) if (collocations.has(`${a} ${b} ${c}`)) return true;
  return false;
}

/** Swaps words for synonyms that keep sense, part of speech, inflection and register. */
function substituteWords(tokens: Token[], s: Settings, rng: Rng): Token[] {
  const { synonyms, plurals } = lexicon();
  const out = tokens.slice();
  for (let i = 0; i < out.length; i++) {
    const t = out[i]!;
    const pos = SUBSTITUTABLE[t.tag];
    if (!pos || t.prot || t.fresh || !/^\p{L}+$/u.test(t.text)) continue;
    if (/^\p{Lu}/u.test(t.text) && (i !== 0 || !/^\p{Lu}\p{Ll}+$/u.test(t.text))) continue;
    const low = t.text.toLowerCase();
    const lemma = pos === 'n' ? (t.tag === 'NNS' ? t.lemma : low) : pos === 'v' ? t.lemma : low;
    const candidates = synonyms[pos].get(lemma);
    if (!candidates) continue;
    const curated = PLAIN_WORDS[pos][lemma] !== undefined;
    if (rng() >= (curated ? (s.ultra ? 1 : 0.85) : s.ultra ? 0.8 : 0.5)) continue;
    const next = out[i + 1];
    if (pos === 'n' && next && /^NN/.test(next.tag)) continue; // a compound's modifier ("care model")
    if (pos === 'v' && next && (next.tag === 'RP' || PARTICLES.has(lower(next)))) continue; // a phrasal verb
    if (inCollocation(out, i, lemma)) continue;
    const target = candidates[Math.floor(rng() * candidates.length)]!;
    if (NEVER_REPLACE.has(`${lemma}>${target}`)) continue;
    if (target === 'make sure' && lower(next) !== 'that') continue; // "make sure" takes a clause, "ensure" also a noun
    let form: string | undefined;
    if (pos === 'n') form = t.tag === 'NNS' ? (plurals.get(target) ?? (curated ? regularPlural(target) : undefined)) : target;
    else if (pos === 'v') form = inflect(target, t.tag);
    else form = target;
    if (!form || form === low) continue;
    // "at once", "in the end": a multi-word adverb cannot stand before the verb or adjective it modifies.
    if (pos === 'r' && form.includes(' ') && next && /^(?:VB|JJ|RB|MD)/.test(next.tag) && form !== 'more and more') continue;
    const first = form.split(' ')[0]!;
    const last = form.split(' ').pop()!;
    const near = [out[i - 2], out[i - 1], out[i + 1], out[i + 2]].map(lower);
    if (near.includes(first) || near.includes(last)) continue;
    out[i] = { ...t, text: withCase(form, t.text), fresh: true };
    fixArticle(out, i);
  }
  return out;
}

// --- contractions -----------------------------------------------------------------------------------------------

const NOT_CONTRACTIONS: Record<string, string> = {
  is: "isn't", are: "aren't", was: "wasn't", were: "weren't", do: "don't", does: "doesn't", did: "didn't",
  have: "haven't", has: "hasn't", had: "hadn't", could: "couldn't", would: "wouldn't", should: "shouldn't",
  will: "won't", must: "mustn't",
};
const PRONOUN_BE: Record<string, Record<string, string>> = {
  i: { am: "'m", will: "'ll", have: "'ve" },
  you: { are: "'re", will: "'ll", have: "'ve" },
  we: { are: "'re", will: "'ll", have: "'ve" },
  they: { are: "'re", will: "'ll", have: "'ve" },
  he: { is: "'s", will: "'ll" },
  she: { is: "'s", will: "'ll" },
  it: { is: "'s", will: "'ll" },
  that: { is: "'s" },
  there: { is: "'s" },
  what: { is: "'s" },
  who: { is: "'s" },
  here: { is: "'s" },
};

/** Contracts "do not", "it is", "we have (done)" … where the register allows, never before punctuation. */
function contract(tokens: Token[], s: Settings, rng: Rng): Token[] {
  if (s.contractions <= 0) return tokens;
  let out = tokens;
  for (let i = 0; i + 2 < out.length; i++) {
    const a = out[i]!;
    const b = out[i + 1]!;
    const after = out[i + 2]!;
    if (a.prot || b.prot || !isWord(after) || /['’]/.test(a.text) || a.space !== ' ') continue;
    const la = lower(a);
    const lb = lower(b);
    let merged: string | undefined;
    if (lb === 'not' && NOT_CONTRACTIONS[la] && !(la === 'have' || la === 'has' || la === 'had' ? !/^VBN|^RB/.test(after.tag) : false)) {
      merged = la === 'will' ? withCase("won't", a.text) : a.text + "n't";
    } else if (PRONOUN_BE[la]?.[lb] && (lb !== 'have' || after.tag === 'VBN') && !(a.tag === 'DT' || a.tag === 'WDT' || a.tag === 'IN')) {
      merged = a.text + PRONOUN_BE[la]![lb]!;
    } else if (la === 'that' && lb === 'is' && a.tag === 'DT' && after.tag !== 'VBG' && i === 0) {
      merged = `${a.text}'s`;
    }
    if (!merged || rng() >= s.contractions) continue;
    out = [...out.slice(0, i), { ...a, text: merged, space: b.space, fresh: true }, ...out.slice(i + 2)];
  }
  return out;
}

// --- sentence structure -------------------------------------------------------------------------------------------

const SPLIT_AT = new Set(['and', 'but', 'so', 'yet']);

const SAYING = new Set(['say', 'think', 'believe', 'suggest', 'claim', 'know', 'hope', 'feel', 'find', 'show', 'argue', 'insist', 'admit', 'realize', 'realise', 'fear', 'expect', 'report', 'reveal', 'note', 'add', 'tell', 'warn', 'guess', 'agree', 'announce', 'explain', 'recall', 'suspect', 'assume', 'notice', 'learn', 'discover', 'mean', 'decide', 'conclude']);

/** Drops the complementizer after verbs of saying and thinking ("said that he" → "said he"), as people often do. */
function dropThat(tokens: Token[], s: Settings, rng: Rng): Token[] {
  for (let i = 1; i < tokens.length - 3; i++) {
    const t = tokens[i]!;
    const verb = tokens[i - 1]!;
    if (lower(t) !== 'that' || t.prot || t.fresh || !verb.tag.startsWith('VB') || !SAYING.has(verb.lemma)) continue;
    if (!/^(?:PRP|DT|NNP|NNPS|NNS|EX)$/.test(tokens[i + 1]!.tag) || !opensClause(tokens, i + 1) || lower(tokens[i + 1]) === 'that' || lower(tokens[i + 1]) === 'this') continue;
    if (rng() >= (s.ultra ? 0.7 : 0.45)) continue;
    const out = tokens.slice();
    out[i - 1] = { ...verb, space: t.space };
    out.splice(i, 1);
    return out;
  }
  return tokens;
}

/** Drops the serial comma of a list ("red, white, and blue" → "red, white and blue"). */
function dropSerialComma(tokens: Token[], s: Settings, rng: Rng): Token[] {
  for (let i = 3; i < tokens.length - 2; i++) {
    const t = tokens[i]!;
    if (t.text !== ',' || !/^(?:and|or)$/.test(lower(tokens[i + 1])) || opensClause(tokens, i + 2)) continue;
    let earlier = -1;
    for (let k = i - 1; k >= Math.max(0, i - 6); k--) if (tokens[k]!.text === ',') earlier = k;
    if (earlier < 0 || tokens[i - 1]!.prot === 'quote' || rng() >= (s.ultra ? 0.7 : 0.5)) continue;
    const out = tokens.slice();
    out[i - 1] = { ...out[i - 1]!, space: t.space || ' ' };
    out.splice(i, 1);
    return out;
  }
  return tokens;
}

/** Splits a long sentence at ", and/but/so" or ";" joining two independent clauses. */
function splitSentence(tokens: Token[], s: Settings, rng: Rng): Token[][] | undefined {
  const words = wordCount(tokens);
  if (words < (s.ultra ? 18 : 22) || tokens[tokens.length - 1]!.text !== '.') return undefined;
  if (tokens.some((t) => t.prot === 'quote')) return undefined;
  const options: number[] = [];
  for (let i = 4; i < tokens.length - 5; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1]!;
    if (t.text === ';' && opensClause(tokens, i + 1)) options.push(i);
    else if (t.text === ',' && lower(next) === 'which' && FINITE.has(tokens[i + 2]!.tag) && wordCount(tokens.slice(i + 2)) >= 4) options.push(i);
    else if (t.text === ',' && SPLIT_AT.has(lower(next)) && opensClause(tokens, i + 2)) options.push(i);
  }
  const usable = options.filter((i) => hasFiniteVerb(tokens, 0, i) && wordCount(tokens.slice(0, i)) >= 5 && wordCount(tokens.slice(i)) >= 5);
  if (usable.length === 0 || rng() >= (s.ultra ? 0.8 : 0.5)) return undefined;
  const at = usable[Math.floor(rng() * usable.length)]!;
  const left = tokens.slice(0, at);
  const stop = fresh('.', tokens[at]!.space || ' ');
  left[left.length - 1] = { ...left[left.length - 1]!, space: '' };
  let right: Token[];
  if (tokens[at]!.text === ';') right = tokens.slice(at + 1);
  else if (lower(tokens[at + 1]) === 'which') {
    // ", which was …" → ". This was …"; a plural verb takes "These".
    const verb = tokens[at + 2]!;
    const plural = verb.tag === 'VBP' || /^(?:are|were|have|do)$/i.test(verb.text);
    right = [{ ...tokens[at + 1]!, text: plural ? 'These' : 'This', fresh: true }, ...tokens.slice(at + 2)];
  }
  else {
    const conj = tokens[at + 1]!;
    const keep = lower(conj) !== 'and' || rng() < 0.4;
    right = keep ? [{ ...conj, fresh: true }, ...tokens.slice(at + 2)] : tokens.slice(at + 2);
  }
  if (right[0]!.prot && !/^\p{Lu}/u.test(right[0]!.text)) return undefined;
  right[0] = capitalized(right[0]!);
  return [[...left, stop], right];
}

const FRONTABLE = new Set(['although', 'though', 'while', 'because', 'since', 'when', 'if', 'after', 'before', 'once', 'unless', 'whereas']);

/** Moves a subordinate clause to the other end of its sentence ("Although A, B." ⇄ "B, although A."). */
function reorderClauses(tokens: Token[], s: Settings, rng: Rng): Token[] | undefined {
  const last = tokens[tokens.length - 1]!;
  if (last.text !== '.' || tokens.some((t) => t.prot === 'quote') || rng() >= (s.ultra ? 0.6 : 0.3)) return undefined;
  const body = tokens.slice(0, -1);
  const commas = body.map((t, i) => (t.text === ',' ? i : -1)).filter((i) => i >= 0);
  const first = body[0]!;
  if (FRONTABLE.has(lower(first)) && commas.length === 1) {
    // "Although A, B." → "B, although A."
    const c = commas[0]!;
    const sub = body.slice(1, c);
    const main = body.slice(c + 1);
    if (sub.length < 2 || wordCount(sub) > 18 || main.length < 3 || !opensClause(main, 0) || !hasFiniteVerb(sub)) return undefined;
    const mainStart = capitalized(main[0]!);
    const subLast = { ...sub[sub.length - 1]!, space: '' };
    const mainLast = { ...main[main.length - 1]!, space: ' ' };
    const conj = { ...first, text: first.text.toLowerCase(), space: ' ', fresh: true };
    const m = main.length === 1 ? [{ ...mainStart, space: ' ' }] : [mainStart, ...main.slice(1, -1), mainLast];
    const sb = sub.length === 1 ? [subLast] : [...sub.slice(0, -1), subLast];
    return [...m, conj, ...sb, last];
  }
  if (commas.length === 0 && opensClause(body, 0)) {
    // "B because A." → "Because A, B."
    for (let i = 3; i < body.length - 2; i++) {
      const t = body[i]!;
      if (!FRONTABLE.has(lower(t)) || t.prot || /^NN/.test(body[i - 1]!.tag) || body[i - 1]!.tag === 'RB') continue;
      const main = body.slice(0, i);
      const sub = body.slice(i + 1);
      if (!opensClause(sub, 0) || wordCount(sub) > 15 || wordCount(main) < 3 || !hasFiniteVerb(main)) return undefined;
      const low = decapitalized(main[0]!, main[1]);
      if (!low) return undefined;
      const conj = { ...t, text: withCase(t.text, 'A'), space: ' ', fresh: true };
      const subLast = { ...sub[sub.length - 1]!, space: '' };
      const comma = fresh(',', ' ');
      const mainLast = { ...main[main.length - 1]!, space: '' };
      const m = main.length === 1 ? [{ ...low, space: '' }] : [low, ...main.slice(1, -1), mainLast];
      return [conj, ...sub.slice(0, -1), subLast, comma, ...m, last];
    }
  }
  return undefined;
}

const TIME_PREPOSITIONS = new Set(['in', 'on', 'during', 'since', 'until', 'by', 'after', 'before']);

/** Ultra: fronts a closing time phrase ("… in 2010." → "In 2010, …"). */
function frontTimePhrase(tokens: Token[], rng: Rng): Token[] | undefined {
  const last = tokens[tokens.length - 1]!;
  if (last.text !== '.' || tokens.some((t) => t.text === ',' || t.prot === 'quote')) return undefined;
  const body = tokens.slice(0, -1);
  for (let len = 2; len <= 4; len++) {
    const p = body.length - len;
    if (p < 4) break;
    const prep = body[p]!;
    const rest = body.slice(p + 1);
    if (!TIME_PREPOSITIONS.has(lower(prep)) || prep.prot) continue;
    if (!rest.some((t) => t.prot === 'date' || t.prot === 'number') || !rest.every((t) => t.prot === 'date' || t.prot === 'number' || /^(?:DT|JJ|CD|NNP)$/.test(t.tag))) continue;
    if (!opensClause(body, 0) || rng() >= 0.5) return undefined;
    const low = decapitalized(body[0]!, body[1]);
    if (!low) return undefined;
    const main = [low, ...body.slice(1, p)];
    main[main.length - 1] = { ...main[main.length - 1]!, space: '' };
    const phrase = [capitalized({ ...prep, fresh: true }), ...rest];
    phrase[phrase.length - 1] = { ...phrase[phrase.length - 1]!, space: '' };
    return [...phrase, fresh(',', ' '), ...main, last];
  }
  return undefined;
}

const MERGE_OPENERS: Record<string, string> = { however: 'but', also: 'and', plus: 'and', still: 'but' };

/** Joins two short neighbouring sentences with ", and" / ", but". */
function mergeSentences(a: Token[], b: Token[], s: Settings, rng: Rng): Token[] | undefined {
  const wa = wordCount(a);
  const wb = wordCount(b);
  const limit = s.ultra ? 12 : 10;
  if (wa > limit || wb > limit || wa < 3 || wb < 3) return undefined;
  if (a[a.length - 1]!.text !== '.' || b[b.length - 1]!.text !== '.') return undefined;
  if ([...a, ...b].some((t) => t.prot === 'quote' || t.text === ';' || t.text === ':')) return undefined;
  if (!opensClause(a, 0) || !hasFiniteVerb(a) || a.some((t) => t.text === ',' || FRONTABLE.has(lower(t)) || t.fresh)) return undefined;
  let rest = b;
  let conj = 'and';
  const opener = MERGE_OPENERS[lower(b[0])];
  if (opener && b[1]?.text === ',') {
    conj = opener;
    rest = b.slice(2);
  }
  // Only a sentence that continues the same subject joins its neighbour ("The team won, and they celebrated").
  if (!/^(?:he|she|it|they|we|this|these)$/i.test(rest[0]?.text ?? '') || !opensClause(rest, 0)) return undefined;
  if (rest.some((t) => t.text === ',') || rng() >= (s.ultra ? 0.6 : 0.45)) return undefined;
  const low = decapitalized(rest[0]!, rest[1]);
  if (!low) return undefined;
  const head = a.slice(0, -1);
  head[head.length - 1] = { ...head[head.length - 1]!, space: '' };
  return [...head, fresh(',', ' '), fresh(conj, ' '), low, ...rest.slice(1)];
}

// --- one sentence and one paragraph --------------------------------------------------------------------------------

function issueCount(tokens: Token[]): number {
  return grammarIssues(sentenceText(tokens)).length;
}

/** Keeps a rewrite only when it adds no rule violation to the sentence(s) it replaces. */
function accept(before: Token[], after: Token[][]): boolean {
  const old = issueCount(before);
  return after.reduce((n, sentence) => n + issueCount(sentence), 0) <= old;
}

/** Rewrites one tagged sentence: stock phrases, words, contractions, then structure. May return two sentences. */
export function rewriteSentence(tokens: Token[], s: Settings, rng: Rng): Token[][] {
  let out = replacePhrases(tokens, s, rng);
  out = substituteWords(out, s, rng);
  out = contract(out, s, rng);
  out = dropSerialComma(out, s, rng);
  out = dropThat(out, s, rng);
  let result: Token[][] = [out];
  const split = splitSentence(out, s, rng);
  if (split) result = split;
  else {
    const reordered = reorderClauses(out, s, rng) ?? (s.ultra ? frontTimePhrase(out, rng) : undefined);
    if (reordered) result = [reordered];
  }
  if (result.length === 1 && result[0] === tokens) return result;
  if (accept(tokens, result)) return result;
  // Fall back to the word-level rewrite alone, then to the sentence as it was.
  return out !== tokens && accept(tokens, [out]) ? [out] : [tokens];
}

/** Merges neighbouring short sentences of a paragraph where it reads naturally. */
export function mergePass(sentences: Token[][], s: Settings, rng: Rng): Token[][] {
  const out: Token[][] = [];
  for (let i = 0; i < sentences.length; i++) {
    const a = sentences[i]!;
    const b = sentences[i + 1];
    const merged = b ? mergeSentences(a, b, s, rng) : undefined;
    if (merged && issueCount(merged) <= issueCount(a) + issueCount(b!)) {
      merged[merged.length - 1] = { ...merged[merged.length - 1]!, space: b![b!.length - 1]!.space };
      out.push(merged);
      i++;
    } else out.push(a);
  }
  return out;
}
