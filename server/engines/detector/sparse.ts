/**
 * Sparse n-gram families of detector v3, each scored by its own linear model over hashed n-grams (see style.ts for
 * the vector, the scoring and the fitting, shared with the shape n-grams):
 * - `char`: character 3- to 5-grams of the normalised sentence, case kept. They see spelling, morphology, typing
 *   habits (a missing capital, "dont", a typo) and punctuation spacing, and little of the topic.
 * - `word`: lower-cased word unigrams and bigrams (the Kaggle "LLM - Detect AI Generated Text" winners' staple);
 *   topic-prone, so it is trained on many prompts and judged on prompt-disjoint folds.
 * - `shape`: the shape n-grams of style.ts (function words and punctuation as they are, other words as their
 *   frequency band): syntax without vocabulary.
 */
import { ngramHash, tokenHash } from './style.ts';
import { normalise, type Token } from './text.ts';

/** The sparse families a model can use, in the order their scores are appended to the dense features. */
export const SPARSE_FAMILIES = ['char', 'word', 'shape'] as const;
export type SparseFamily = (typeof SPARSE_FAMILIES)[number];

/** Shortest and longest character n-gram. */
const CHAR_MIN = 3;
const CHAR_MAX = 5;

/** Hashes (32 bits) of the character 3- to 5-grams of one sentence, padded with a space on each side. */
export function charHashes(sentence: string): number[] {
  const s = ` ${normalise(sentence)} `;
  const codes: number[] = [];
  for (const c of s) codes.push(c.codePointAt(0) as number);
  const out: number[] = [];
  for (let n = CHAR_MIN; n <= CHAR_MAX; n++) {
    const seed = (0x811c9dc5 ^ Math.imul(n, 0x9e3779b1) ^ 7) >>> 0;
    for (let i = 0; i + n <= codes.length; i++) {
      let h = seed;
      for (let k = 0; k < n; k++) h = Math.imul(h ^ (codes[i + k] as number), 0x01000193) >>> 0;
      out.push(h);
    }
  }
  return out;
}

const WORD_BOS = tokenHash('<s>');
const WORD_EOS = tokenHash('</s>');

/** Hashes of the lower-cased word unigrams and bigrams of one sentence (sentence boundaries in the bigrams). */
export function wordHashes(tokens: readonly Token[]): number[] {
  const z = [WORD_BOS, ...tokens.map((t) => tokenHash(t.w)), WORD_EOS];
  const out: number[] = [];
  for (let i = 1; i < z.length - 1; i++) out.push(ngramHash(z, i, 1, 3));
  for (let i = 0; i + 2 <= z.length; i++) out.push(ngramHash(z, i, 2, 3));
  return out;
}
