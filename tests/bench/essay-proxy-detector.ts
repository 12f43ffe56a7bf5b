/**
 * A stand-in for the essay detector being built on the detector-v3 branch, for the humanizer's bench only: the
 * approach the detector issue names (a linear model over word and character n-gram TF-IDF, as in the Kaggle
 * "LLM – Detect AI Generated Text" winners), trained on the essays of the training prompts — human essays against
 * machine essays including the third-party paraphrase attacks, never on our humanizer's output — with its
 * threshold set to flag at most 1% of the held-out human essays. It only tells the bench how far a rewrite moves a
 * text away from what such a detector learns; the product's figures are the real detector's.
 */
import { heldOut, type EssayRow } from './essays.ts';

const DIM = 1 << 20;

function hashOf(text: string, seed: number): number {
  let h = 2166136261 ^ seed;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0) & (DIM - 1);
}

/** Sparse L2-normalised sublinear TF-IDF vector (without IDF until fitted): word 1–2-grams, character 3–5-grams. */
function rawCounts(text: string): Map<number, number> {
  const counts = new Map<number, number>();
  const add = (k: number) => counts.set(k, (counts.get(k) ?? 0) + 1);
  const words = text.toLowerCase().match(/[\p{L}\p{N}']+|[^\s\p{L}\p{N}]/gu) ?? [];
  for (let i = 0; i < words.length; i++) {
    add(hashOf(words[i]!, 1));
    if (i > 0) add(hashOf(`${words[i - 1]} ${words[i]}`, 2));
  }
  const chars = ` ${text.toLowerCase().replace(/\s+/g, ' ')} `;
  for (let n = 3; n <= 5; n++) for (let i = 0; i + n <= chars.length; i++) add(hashOf(chars.slice(i, i + n), 10 + n));
  return counts;
}

interface Vec {
  idx: Int32Array;
  val: Float32Array;
}

/** The trained stand-in detector. */
export interface ProxyDetector {
  /** Probability-like score in 0..1. */
  score(text: string): number;
  /** Flags at most 1% of held-out human essays. */
  threshold: number;
  /** Share of held-out machine essays (no attack) flagged at that threshold. */
  heldOutRecall: number;
}

/** Trains the stand-in on the training prompts (deterministic; about a minute on this machine). */
export function trainProxyDetector(rows: EssayRow[]): ProxyDetector {
  const train = rows.filter((r) => !heldOut(r));
  const df = new Float32Array(DIM);
  const counted = train.map((r) => rawCounts(r.text));
  for (const c of counted) for (const k of c.keys()) df[k]! += 1;
  const idf = new Float32Array(DIM);
  for (let k = 0; k < DIM; k++) idf[k] = Math.log((1 + train.length) / (1 + df[k]!)) + 1;
  const vectorize = (c: Map<number, number>): Vec => {
    const idx = new Int32Array(c.size);
    const val = new Float32Array(c.size);
    let j = 0;
    let norm = 0;
    for (const [k, n] of c) {
      const v = (1 + Math.log(n)) * idf[k]!;
      idx[j] = k;
      val[j++] = v;
      norm += v * v;
    }
    norm = Math.sqrt(norm) || 1;
    for (let i = 0; i < val.length; i++) val[i]! /= norm;
    return { idx, val };
  };
  const vectors = counted.map(vectorize);
  const labels = train.map((r) => (r.label === 'ai' ? 1 : 0));
  // Class weights: the machine essays outnumber the human ones.
  const pos = labels.reduce<number>((a, b) => a + b, 0);
  const wPos = train.length / (2 * pos);
  const wNeg = train.length / (2 * (train.length - pos));
  const w = new Float32Array(DIM);
  let bias = 0;
  const lambda = 1e-6;
  let order = vectors.map((_, i) => i);
  let seed = 7;
  const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
  for (let epoch = 0; epoch < 6; epoch++) {
    order = order.map((i) => [rand(), i] as const).sort((a, b) => a[0] - b[0]).map(([, i]) => i);
    const rate = 0.5 / (1 + epoch);
    for (const i of order) {
      const v = vectors[i]!;
      let z = bias;
      for (let j = 0; j < v.idx.length; j++) z += w[v.idx[j]!]! * v.val[j]!;
      const p = 1 / (1 + Math.exp(-z));
      const g = (p - labels[i]!) * (labels[i] ? wPos : wNeg) * rate;
      for (let j = 0; j < v.idx.length; j++) {
        const k = v.idx[j]!;
        w[k] = w[k]! * (1 - lambda * rate) - g * v.val[j]!;
      }
      bias -= g;
    }
  }
  const score = (text: string) => {
    const v = vectorize(rawCounts(text));
    let z = bias;
    for (let j = 0; j < v.idx.length; j++) z += w[v.idx[j]!]! * v.val[j]!;
    return 1 / (1 + Math.exp(-z));
  };
  const humanScores = rows.filter((r) => heldOut(r) && r.label === 'human').map((r) => score(r.text)).sort((a, b) => b - a);
  const threshold = humanScores[Math.floor(humanScores.length * 0.01)] ?? 0.5;
  const machine = rows.filter((r) => heldOut(r) && r.label === 'ai' && !r.attack);
  const heldOutRecall = machine.filter((r) => score(r.text) > threshold).length / Math.max(1, machine.length);
  return { score, threshold, heldOutRecall };
}
