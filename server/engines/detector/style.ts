/**
 * The "style n-gram" feature: a linear model over hashed n-grams (n = 1..4) of a sentence's *shape*, where the
 * 300 most frequent English words and punctuation stay as they are and every other word becomes its frequency
 * band (#2 = rank under 1,000, #3 = under 10,000, …). It sees syntax and function-word patterns, not topic words,
 * so a text about cooking and one about physics are compared on how they are written.
 *
 * Trained on the paired texts of the dev data only (human and machine continuations of the same prompts, no Brown),
 * so it cannot learn "1960s vocabulary means human". Its score enters the main classifier as one feature, out of
 * fold during training. Sparse fitting (deterministic full-batch accelerated gradient descent) is here too.
 */
import { sigmoid } from './logistic.ts';
import type { Token } from './text.ts';

/** Words kept as themselves in shapes: the most frequent ones (by SUBTLEX rank). */
export const SHAPE_TOP = 300;
/** Longest n-gram. */
const MAX_N = 4;

/** The stored model: weights over 2^bits hashed n-grams. */
export interface StyleModel {
  bits: number;
  bias: number;
  weights: number[];
}

/** 32-bit FNV-1a of a string. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The shape of one token. */
function shapeOf(t: Token, rank: ReadonlyMap<string, number>): string {
  if (!t.word || t.w === '<num>') return t.w;
  const r = rank.get(t.w);
  if (r !== undefined && r < SHAPE_TOP) return t.w;
  return `#${Math.min(5, Math.floor(Math.log10(1 + (r ?? 99999))))}`;
}

/** Combines token hashes into the hash of the n-gram starting at `i` (FNV-style, seeded with n and a salt). */
export function ngramHash(hashes: readonly number[], i: number, n: number, salt: number): number {
  let h = (0x811c9dc5 ^ (n * 0x9e3779b1) ^ salt) >>> 0;
  for (let k = 0; k < n; k++) h = Math.imul(h ^ (hashes[i + k] as number), 0x01000193) >>> 0;
  return h;
}

const BOS = fnv1a('<s>');
const EOS = fnv1a('</s>');

/** Hashes (full 32 bits) of the shape n-grams of one sentence, sentence boundaries included. */
export function shapeHashes(tokens: readonly Token[], rank: ReadonlyMap<string, number>): number[] {
  const z = [BOS, ...tokens.map((t) => fnv1a(shapeOf(t, rank))), EOS];
  const out: number[] = [];
  for (let n = 1; n <= MAX_N; n++) {
    for (let i = 0; i + n <= z.length; i++) out.push(ngramHash(z, i, n, 0));
  }
  return out;
}

/** Hashes of a token string (exported for other sparse features built the same way). */
export const tokenHash = fnv1a;

/** A sparse, L2-normalised vector of log(1 + count) over hashed n-grams. */
export interface SparseVector {
  idx: Int32Array;
  val: Float64Array;
}

/** The sparse vector of a run of sentences, from their n-gram hashes. */
export function styleVector(hashLists: ReadonlyArray<readonly number[]>, bits: number): SparseVector {
  const mask = (1 << bits) - 1;
  const counts = new Map<number, number>();
  for (const list of hashLists) for (const h of list) counts.set(h & mask, (counts.get(h & mask) ?? 0) + 1);
  const entries = [...counts.entries()].sort((a, b) => a[0] - b[0]);
  const idx = new Int32Array(entries.length);
  const val = new Float64Array(entries.length);
  let norm = 0;
  entries.forEach(([k, c], i) => {
    idx[i] = k;
    val[i] = Math.log1p(c);
    norm += (val[i] as number) ** 2;
  });
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < val.length; i++) val[i] = (val[i] as number) / norm;
  return { idx, val };
}

/**
 * Raw score of a run of sentences straight from their n-gram hashes: the same value as
 * `styleScore(model, styleVector(hashLists, model.bits))` without building the sorted vector (inference speed).
 */
export function styleScoreOf(model: StyleModel, hashLists: ReadonlyArray<readonly number[]>): number {
  const mask = (1 << model.bits) - 1;
  const counts = new Map<number, number>();
  for (const list of hashLists) for (const h of list) counts.set(h & mask, (counts.get(h & mask) ?? 0) + 1);
  let norm = 0;
  let dot = 0;
  const w = model.weights;
  for (const [k, c] of counts) {
    const v = Math.log1p(c);
    norm += v * v;
    dot += (w[k] as number) * v;
  }
  return model.bias + (norm > 0 ? dot / Math.sqrt(norm) : 0);
}

/** Raw score (log-odds) of a sparse vector. */
export function styleScore(model: StyleModel, x: SparseVector): number {
  let s = model.bias;
  const w = model.weights;
  for (let k = 0; k < x.idx.length; k++) s += (w[x.idx[k] as number] as number) * (x.val[k] as number);
  return s;
}

/** Fits a sparse L2 logistic regression (deterministic: full batch, fixed step and step count). */
export function fitStyle(x: readonly SparseVector[], y: readonly number[], w: readonly number[], bits: number, l2: number, iterations: number, step = 2): StyleModel {
  const D = 1 << bits;
  let beta = new Float64Array(D);
  let mom = new Float64Array(D);
  let b = 0;
  let bm = 0;
  const grad = new Float64Array(D);
  let t = 1;
  let ws = 0;
  for (const v of w) ws += v;
  for (let it = 0; it < iterations; it++) {
    grad.fill(0);
    let gb = 0;
    for (let i = 0; i < x.length; i++) {
      const row = x[i] as SparseVector;
      let s = bm;
      for (let k = 0; k < row.idx.length; k++) s += (mom[row.idx[k] as number] as number) * (row.val[k] as number);
      const r = ((w[i] as number) / ws) * (sigmoid(s) - (y[i] as number));
      for (let k = 0; k < row.idx.length; k++) {
        const j = row.idx[k] as number;
        grad[j] = (grad[j] as number) + r * (row.val[k] as number);
      }
      gb += r;
    }
    const next = new Float64Array(D);
    for (let j = 0; j < D; j++) next[j] = (mom[j] as number) - step * ((grad[j] as number) + l2 * (mom[j] as number));
    const nb = bm - step * gb;
    const tNext = (1 + Math.sqrt(1 + 4 * t * t)) / 2;
    const c = (t - 1) / tNext;
    const m = new Float64Array(D);
    for (let j = 0; j < D; j++) m[j] = (next[j] as number) + c * ((next[j] as number) - (beta[j] as number));
    bm = nb + c * (nb - b);
    b = nb;
    beta = next;
    mom = m;
    t = tNext;
  }
  // Four significant digits are plenty for these weights and keep the model file small.
  const r4 = (v: number) => (v === 0 ? 0 : Number(v.toPrecision(4)));
  return { bits, bias: r4(b), weights: Array.from(beta, r4) };
}

/**
 * Fits a sparse logistic regression by AdaGrad over a few passes (deterministic: rows visited in a fixed order
 * given by `order`, no randomness). Far cheaper than full-batch descent on hundreds of thousands of hashed n-grams:
 * each pass touches every non-zero once. `w` are sample weights (scaled to mean 1 here); `l2` shrinks the weights
 * a row touches, in proportion to its weight.
 */
export function fitSparse(x: readonly SparseVector[], y: readonly number[], w: readonly number[], bits: number, opts: { epochs: number; rate: number; l2: number; order: readonly number[] }): StyleModel {
  const D = 1 << bits;
  const beta = new Float64Array(D);
  const g2 = new Float64Array(D);
  let b = 0;
  let bg2 = 0;
  let ws = 0;
  for (const v of w) ws += v;
  const scale = w.length / (ws || 1);
  for (let epoch = 0; epoch < opts.epochs; epoch++) {
    for (const i of opts.order) {
      const row = x[i] as SparseVector;
      let s = b;
      for (let k = 0; k < row.idx.length; k++) s += (beta[row.idx[k] as number] as number) * (row.val[k] as number);
      const wi = (w[i] as number) * scale;
      const g = wi * (sigmoid(s) - (y[i] as number));
      for (let k = 0; k < row.idx.length; k++) {
        const j = row.idx[k] as number;
        const gj = g * (row.val[k] as number) + opts.l2 * wi * (beta[j] as number);
        g2[j] = (g2[j] as number) + gj * gj;
        beta[j] = (beta[j] as number) - (opts.rate * gj) / Math.sqrt((g2[j] as number) + 1e-8);
      }
      bg2 += g * g;
      b -= (opts.rate * g) / Math.sqrt(bg2 + 1e-8);
    }
  }
  const r4 = (v: number) => (v === 0 ? 0 : Number(v.toPrecision(4)));
  return { bits, bias: r4(b), weights: Array.from(beta, r4) };
}
