import { readFileSync } from 'node:fs';
import type { Token } from './tokens.ts';

/**
 * The engine's fluency model: a word bigram language model with stupid backoff (Brants et al., 2007) counted on
 * the Brown Corpus (`data/lm.json`, built by `scripts/build-humanizer-lm.ts`; counts only). A candidate word is kept
 * only when it scores at least as well in its context as the word it replaces: the score is comparable across
 * candidates at one position, which is all the engine asks of it.
 */
interface LmFile {
  tokens: number;
  u: Record<string, number>;
  b: Record<string, number>;
}

interface Model {
  total: number;
  u: Map<string, number>;
  b: Map<string, number>;
}

const BACKOFF = Math.log(0.4);
let cached: Model | undefined;

function model(): Model {
  if (cached) return cached;
  const file = JSON.parse(readFileSync(new URL('./data/lm.json', import.meta.url), 'utf8')) as LmFile;
  cached = { total: file.tokens, u: new Map(Object.entries(file.u)), b: new Map(Object.entries(file.b)) };
  return cached;
}

/** The model's token for an engine token (the same normalisation as the builder's). */
export function lmWord(t: Token | undefined, edge: '<s>' | '</s>'): string {
  if (!t) return edge;
  if (t.prot === 'number' || t.prot === 'date') return '<num>';
  if (t.prot) return '<unk>';
  const w = t.text.toLowerCase().replace(/’/g, "'");
  if (w === '“' || w === '”') return '"';
  return w;
}

/** log S(w | v) under stupid backoff; unseen words count half an occurrence. */
export function logScore(v: string, w: string): number {
  const m = model();
  const cw = m.u.get(w) ?? 0.5;
  const cvw = m.b.get(`${v} ${w}`);
  if (cvw !== undefined) return Math.log(cvw / (m.u.get(v) ?? 1));
  return BACKOFF + Math.log(cw / m.total);
}

/** Score of the words `words` (already model tokens) in the context `prev … next`: the bigrams they take part in. */
export function localScore(prev: string, words: string[], next: string): number {
  let s = 0;
  let v = prev;
  for (const w of words) {
    s += logScore(v, w);
    v = w;
  }
  return s + logScore(v, next);
}

/** Mean log score per token of a sentence (its fluency, comparable between two versions of one sentence). */
export function fluency(tokens: Token[]): number {
  let s = 0;
  let v = '<s>';
  for (const t of tokens) {
    const w = lmWord(t, '</s>');
    s += logScore(v, w);
    v = w;
  }
  s += logScore(v, '</s>');
  return s / (tokens.length + 1);
}

/**
 * Pointwise mutual information of the bigram "v w" (natural log), or -Infinity when the pair was never seen: how
 * much more often w follows v than chance. A preposition that its head selects ("wait for", "depend on", "good at")
 * follows it far more often than chance; one that opens a free adverbial does not.
 */
export function pmi(v: string, w: string): number {
  const m = model();
  const cvw = m.b.get(`${v} ${w}`);
  if (cvw === undefined) return -Infinity;
  return Math.log((cvw * m.total) / ((m.u.get(v) ?? 1) * (m.u.get(w) ?? 1)));
}
