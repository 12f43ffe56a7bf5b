/**
 * Writing habits of a text: the slips, punctuation and rhythm that tell a person's writing from a language
 * model's across topics and generators. Students and learners misspell words, drop apostrophes ("dont"), write a
 * lower-case "i" or start a sentence in lower case, leave out the space after a comma; models almost never do.
 * Models also write sentences of even length, and weak ones repeat themselves. These signals do not depend on the
 * prompt, so they carry over to essays and generators the n-gram models never saw.
 *
 * Each sentence is reduced to additive counts (so any run of sentences — a document, a window, a mixed essay — is
 * described by summing them); `habitFeatures` turns the counts of a run into the stacker's features.
 */
import type { Token } from './text.ts';

/** A spelling lexicon: sorted, de-duplicated 32-bit hashes of the accepted lower-case word forms. */
export interface Lexicon {
  has(word: string): boolean;
}

/** 32-bit FNV-1a of a string (the lexicon's hash). */
export function wordHash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Encodes sorted hashes as base64 of little-endian deltas (varint), for the model file. */
export function encodeLexicon(hashes: readonly number[]): string {
  const sorted = [...new Set(hashes)].sort((a, b) => a - b);
  const bytes: number[] = [];
  let prev = 0;
  for (const h of sorted) {
    let d = h - prev;
    prev = h;
    while (d >= 0x80) {
      bytes.push((d & 0x7f) | 0x80);
      d = Math.floor(d / 128);
    }
    bytes.push(d);
  }
  return Buffer.from(bytes).toString('base64');
}

/** The lexicon stored in a model file. */
export function decodeLexicon(encoded: string): Lexicon {
  const bytes = Buffer.from(encoded, 'base64');
  const out: number[] = [];
  let prev = 0;
  let i = 0;
  while (i < bytes.length) {
    let d = 0;
    let mul = 1;
    for (;;) {
      const b = bytes[i++] as number;
      d += (b & 0x7f) * mul;
      if (b < 0x80) break;
      mul *= 128;
    }
    prev += d;
    out.push(prev);
  }
  const table = Uint32Array.from(out);
  return {
    has(word: string): boolean {
      const h = wordHash(word);
      let lo = 0;
      let hi = table.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const v = table[mid] as number;
        if (v === h) return true;
        if (v < h) lo = mid + 1;
        else hi = mid - 1;
      }
      return false;
    },
  };
}

/** Contractions written without their apostrophe: a typing habit of people, never of models. */
export const BARE_CONTRACTIONS: ReadonlySet<string> = new Set([
  'dont', 'doesnt', 'didnt', 'cant', 'couldnt', 'wouldnt', 'shouldnt', 'wont', 'isnt', 'arent', 'wasnt', 'werent',
  'hasnt', 'havent', 'hadnt', 'im', 'ive', 'youre', 'youve', 'theyre', 'theyve', 'thats', 'whats', 'theres',
  'youll', 'theyll', 'wouldve', 'couldve', 'shouldve', 'aint', 'ur',
]);

/** Endings whose stem, when it is a known word, makes a word known ("smartphones" is not a slip for "smartphone"). */
const SUFFIXES = ['s', 'es', 'ed', 'd', 'ing', 'ly', 'er', 'ers', 'ness', 'ment', 'ments', 'ism', 'ist', 'ists', 'al', 'ally', 'ity', 'ities', 'ize', 'ized', 'izing'];

/**
 * Whether an unknown lower-case word is a slip: one edit (a letter dropped, added, changed, or two swapped) away
 * from a frequent word. Unknown words that are no near miss (new coinages, names, jargon: "driverless",
 * "cybersecurity") are not slips; they are counted as rare words.
 */
export function isSlip(word: string, frequent: ReadonlyMap<string, number>): boolean {
  if (word.length < 3) return false;
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const known = (w: string) => w.length > 1 && frequent.has(w);
  for (let i = 0; i < word.length; i++) {
    if (known(word.slice(0, i) + word.slice(i + 1))) return true;
    if (i + 1 < word.length && known(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2))) return true;
    for (const ch of letters) if (ch !== word[i] && known(word.slice(0, i) + ch + word.slice(i + 1))) return true;
  }
  for (let i = 0; i <= word.length; i++) for (const ch of letters) if (known(word.slice(0, i) + ch + word.slice(i))) return true;
  return false;
}

function knownByStem(word: string, lexicon: Lexicon): boolean {
  for (const suf of SUFFIXES) {
    if (word.length - suf.length < 3 || !word.endsWith(suf)) continue;
    const stem = word.slice(0, -suf.length);
    if (lexicon.has(stem) || lexicon.has(`${stem}e`) || (stem.endsWith('i') && lexicon.has(`${stem.slice(0, -1)}y`))) return true;
  }
  return false;
}

/** Indexes of the additive counts of a sentence. */
const C = {
  words: 0, checked: 1, misspelled: 2, bare: 3, lowerI: 4, lowerStart: 5, noSpace: 6, commas: 7, exclaim: 8,
  wordChars: 9, sentences: 10, wordsSq: 11, colons: 12, parens: 13, dashes: 14, quotes: 15, midCaps: 16, allCaps: 17,
  numbers: 18, rare: 19,
} as const;
const COUNT = 20;

/** The additive counts of one sentence and its lower-cased words (for the type-token ratio and repetition). */
export interface SentenceHabits {
  counts: number[];
  words: string[];
}

const LETTERS = /^\p{L}+$/u;
const CONTRACTION_TAIL = /^(\p{L}+)(?:n't|'re|'ve|'ll|'d|'m|'s|')$/u;
// A letter run, then , ; : ! ? or a sentence-internal full stop, then a letter with no space: "culture,and".
const NO_SPACE = /\p{Ll}{2}[,;:!?]\p{L}|\p{Ll}{3}\.\p{Lu}\p{Ll}/gu;

/** Counts of one sentence from its raw text and its tokens (sentenceTokens). */
export function sentenceHabits(raw: string, tokens: readonly Token[], lexicon: Lexicon, frequent: ReadonlyMap<string, number>): SentenceHabits {
  const c = new Array<number>(COUNT).fill(0);
  const words: string[] = [];
  c[C.sentences] = 1;
  const trimmed = raw.trimStart();
  const first = trimmed.match(/\p{L}/u)?.[0];
  if (first !== undefined && first === first.toLowerCase() && first !== first.toUpperCase() && /^["'(]?\p{L}/u.test(trimmed)) c[C.lowerStart] = 1;
  c[C.noSpace] = (raw.match(NO_SPACE) ?? []).length;
  // The raw forms of the word tokens, to see case (tokens are lower-cased).
  const rawWords = raw.normalize('NFKC').match(/\p{L}[\p{L}\p{M}]*(?:['’\-.]\p{L}[\p{L}\p{M}]*)*(?:['’]s|['’])?|\p{N}+(?:[.,:/]\p{N}+)*%?/gu) ?? [];
  let wi = 0;
  let firstWord = true;
  for (const t of tokens) {
    if (!t.word) {
      if (t.w === ',') c[C.commas] = (c[C.commas] as number) + 1;
      else if (t.w === '!' || t.w === '?') c[C.exclaim] = (c[C.exclaim] as number) + 1;
      else if (t.w === ';' || t.w === ':') c[C.colons] = (c[C.colons] as number) + 1;
      else if (t.w === '(' || t.w === ')') c[C.parens] = (c[C.parens] as number) + 1;
      else if (t.w === '-') c[C.dashes] = (c[C.dashes] as number) + 1;
      else if (t.w === '"') c[C.quotes] = (c[C.quotes] as number) + 1;
      continue;
    }
    const form = (rawWords[wi++] ?? t.w).replace(/’/g, "'");
    c[C.words] = (c[C.words] as number) + 1;
    if (t.w === '<num>') {
      c[C.numbers] = (c[C.numbers] as number) + 1;
      firstWord = false;
      continue;
    }
    words.push(t.w);
    c[C.wordChars] = (c[C.wordChars] as number) + t.w.length;
    if (form === 'i') c[C.lowerI] = (c[C.lowerI] as number) + 1;
    const isLower = form === t.w;
    if (!firstWord && !isLower && form.length > 0) {
      if (form.length >= 2 && form === form.toUpperCase() && form !== 'I') c[C.allCaps] = (c[C.allCaps] as number) + 1;
      else c[C.midCaps] = (c[C.midCaps] as number) + 1;
    }
    firstWord = false;
    if (!isLower) continue;
    if (BARE_CONTRACTIONS.has(t.w)) {
      c[C.bare] = (c[C.bare] as number) + 1;
      continue;
    }
    // Spelling: lower-case words of letters (and hyphenated or contracted forms, checked by their parts).
    let parts: string[];
    const contraction = t.w.match(CONTRACTION_TAIL);
    if (contraction) parts = [contraction[1] as string];
    else if (t.w.includes('-')) parts = t.w.split('-').filter(Boolean);
    else parts = [t.w];
    if (!parts.every((p) => LETTERS.test(p))) continue;
    if (parts.length === 1 && (parts[0] as string).length < 2) continue;
    c[C.checked] = (c[C.checked] as number) + 1;
    if (contraction && lexicon.has(t.w)) continue;
    for (const p of parts) {
      if (lexicon.has(p) || knownByStem(p, lexicon)) continue;
      if (isSlip(p, frequent)) c[C.misspelled] = (c[C.misspelled] as number) + 1;
      else c[C.rare] = (c[C.rare] as number) + 1;
      break;
    }
  }
  c[C.wordsSq] = (c[C.words] as number) * (c[C.words] as number);
  return { counts: c, words };
}

/** Names of the stacker's habit features, in order. */
export const HABIT_FEATURES: readonly string[] = [
  'misspelled', 'bareContractions', 'lowerI', 'lowerStart', 'noSpaceAfterPunct', 'commas', 'exclaimQuestion',
  'wordLength', 'sentenceLength', 'sentenceLengthCv', 'mattr', 'repeatedTrigrams', 'colons', 'parens', 'dashes',
  'quotes', 'midCaps', 'allCaps', 'numbers', 'logWords', 'rareWords',
];

/** Moving-average type-token ratio over windows of 50 words (the whole text's ratio when shorter). */
function mattr(words: readonly string[], window = 50): number {
  if (words.length === 0) return 0;
  if (words.length <= window) return new Set(words).size / words.length;
  const counts = new Map<string, number>();
  let types = 0;
  let sum = 0;
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    const n = counts.get(w) ?? 0;
    if (n === 0) types++;
    counts.set(w, n + 1);
    if (i >= window) {
      const old = words[i - window] as string;
      const m = (counts.get(old) as number) - 1;
      counts.set(old, m);
      if (m === 0) types--;
    }
    if (i >= window - 1) sum += types / window;
  }
  return sum / (words.length - window + 1);
}

/** Share of word trigrams that occur more than once in the text (weak generators loop). */
function repeatedTrigrams(words: readonly string[]): number {
  if (words.length < 3) return 0;
  const seen = new Map<string, number>();
  for (let i = 0; i + 3 <= words.length; i++) {
    const k = `${words[i]} ${words[i + 1]} ${words[i + 2]}`;
    seen.set(k, (seen.get(k) ?? 0) + 1);
  }
  let repeated = 0;
  for (const n of seen.values()) if (n > 1) repeated += n;
  return repeated / (words.length - 2);
}

/** The habit features of a run of sentences. */
export function habitFeatures(sentences: readonly SentenceHabits[]): number[] {
  const c = new Array<number>(COUNT).fill(0);
  const words: string[] = [];
  for (const s of sentences) {
    for (let k = 0; k < COUNT; k++) c[k] = (c[k] as number) + (s.counts[k] as number);
    for (const w of s.words) words.push(w);
  }
  const n = Math.max(1, c[C.words] as number);
  const sents = Math.max(1, c[C.sentences] as number);
  const per100 = (k: number) => Math.log1p((100 * (c[k] as number)) / n);
  const meanLen = (c[C.words] as number) / sents;
  const varLen = Math.max(0, (c[C.wordsSq] as number) / sents - meanLen * meanLen);
  return [
    Math.log1p((100 * (c[C.misspelled] as number)) / Math.max(1, c[C.checked] as number)),
    per100(C.bare),
    per100(C.lowerI),
    (c[C.lowerStart] as number) / sents,
    per100(C.noSpace),
    per100(C.commas),
    (c[C.exclaim] as number) / sents,
    (c[C.wordChars] as number) / Math.max(1, words.length),
    Math.log(1 + meanLen),
    meanLen > 0 ? Math.sqrt(varLen) / meanLen : 0,
    mattr(words),
    repeatedTrigrams(words),
    (c[C.colons] as number) / sents,
    (c[C.parens] as number) / sents,
    (c[C.dashes] as number) / sents,
    (c[C.quotes] as number) / sents,
    per100(C.midCaps),
    per100(C.allCaps),
    per100(C.numbers),
    Math.log(n),
    Math.log1p((100 * (c[C.rare] as number)) / Math.max(1, c[C.checked] as number)),
  ];
}
