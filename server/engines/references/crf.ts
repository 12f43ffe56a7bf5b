/**
 * Trains the linear-chain model of `sequence.ts` (per-token weights per label, label transitions, edge features
 * weighted per label pair) as a conditional random field: the log-likelihood of the gold labels, by stochastic
 * gradient (AdaGrad, L2 on the weights each example touches), the weights of the second half of the epochs averaged.
 * Decoding is `sequence.ts`'s Viterbi. Deterministic: a seeded shuffle, fixed epochs, weights rounded, so a retrain
 * writes the same bytes.
 */
import { prng, type Example, type SequenceModel } from './sequence.ts';

export interface CrfOptions {
  epochs: number;
  seed: number;
  /** AdaGrad's base step. */
  rate?: number;
  /** L2 strength per example on the weights it touches. */
  l2?: number;
  /** Features seen fewer times than this in the training data are left out. */
  minCount?: number;
  /** Weights whose magnitude is below this are dropped from the model file. */
  prune?: number;
  /**
   * Trainings from `runs` shuffles (seeds seed, seed + 1, …), their weights averaged: the objective is convex, so
   * they aim at the same optimum, and the mean lands nearer to it than one run (the labels that rest on few examples
   * stop moving with the shuffle).
   */
  runs?: number;
  /** Average the weights over the last epochs' steps (from this epoch on, 0-based). */
  averageFrom?: number;
  log?: (line: string) => void;
}

const roundSig = (x: number, digits = 3) => (x === 0 ? 0 : Number(x.toPrecision(digits)));

function logSumExp(xs: Float64Array, n: number): number {
  let m = -Infinity;
  for (let i = 0; i < n; i++) if (xs[i]! > m) m = xs[i]!;
  if (m === -Infinity) return m;
  let s = 0;
  for (let i = 0; i < n; i++) s += Math.exp(xs[i]! - m);
  return m + Math.log(s);
}

export function trainCrf(examples: readonly Example[], options: CrfOptions): SequenceModel {
  const labels = [...new Set(examples.flatMap((e) => e.labels))].sort();
  const L = labels.length;
  const T = (L + 1) * L;
  const labelIndex = new Map(labels.map((l, i) => [l, i]));
  const minCount = options.minCount ?? 1;
  const indexOf = (lists: Iterable<readonly (readonly string[])[] | undefined>) => {
    const counts = new Map<string, number>();
    for (const seq of lists) for (const fs of seq ?? []) for (const f of fs) counts.set(f, (counts.get(f) ?? 0) + 1);
    const names = [...counts].filter(([, c]) => c >= minCount).map(([f]) => f);
    return new Map(names.sort().map((f, i) => [f, i]));
  };
  const featureIndex = indexOf(examples.map((e) => e.nodes));
  const edgeIndex = indexOf(examples.map((e) => e.edges));
  const F = featureIndex.size;
  const E = edgeIndex.size;
  // Parameters in one array: node weights, then transitions, then edge weights.
  const nodeBase = 0;
  const transBase = F * L;
  const edgeBase = transBase + T;
  const P = edgeBase + E * T;
  const w = new Float64Array(P);
  const g2 = new Float64Array(P);
  const avg = new Float64Array(P);
  const rate = options.rate ?? 0.1;
  const l2 = options.l2 ?? 1e-4;
  const ids = (fs: readonly string[], index: Map<string, number>) => Int32Array.from(fs.map((f) => index.get(f) ?? -1).filter((id) => id >= 0));
  const data = examples.map((e) => ({
    nodes: e.nodes.map((fs) => ids(fs, featureIndex)),
    edges: e.nodes.map((_, i) => ids(e.edges?.[i] ?? [], edgeIndex)),
    gold: e.labels.map((l) => labelIndex.get(l)!),
  }));
  // The example's gradient: a dense scratch array and the list of keys it touched (zeroed again after each step).
  const grad = new Float64Array(P);
  const touched = new Uint8Array(P);
  let keys = new Int32Array(1 << 16);
  let nKeys = 0;
  const add = (k: number, v: number) => {
    if (touched[k] === 0) {
      touched[k] = 1;
      if (nKeys === keys.length) {
        const bigger = new Int32Array(keys.length * 2);
        bigger.set(keys);
        keys = bigger;
      }
      keys[nKeys++] = k;
    }
    grad[k]! += v;
  };
  const runs = Math.max(1, options.runs ?? 1);
  const sum = new Float64Array(P);
  for (let run = 0; run < runs; run++) {
    w.fill(0);
    g2.fill(0);
    avg.fill(0);
    const random = prng(options.seed + run);
    const order = data.map((_, i) => i);
    const averageFrom = options.averageFrom ?? Math.floor(options.epochs / 2);
    for (let epoch = 0; epoch < options.epochs; epoch++) {
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      let loss = 0;
      for (const k of order) {
        const { nodes, edges, gold } = data[k]!;
        const n = gold.length;
        if (n === 0) continue;
        const em: Float64Array[] = nodes.map((row) => {
          const e = new Float64Array(L);
          for (const id of row) {
            const base = nodeBase + id * L;
            for (let l = 0; l < L; l++) e[l]! += w[base + l]!;
          }
          return e;
        });
        const tr: Float64Array[] = edges.map((row) => {
          const t = w.slice(transBase, transBase + T);
          for (const id of row) {
            const base = edgeBase + id * T;
            for (let x = 0; x < T; x++) t[x]! += w[base + x]!;
          }
          return t;
        });
        // Forward and backward in log space.
        const alpha: Float64Array[] = [];
        const beta: Float64Array[] = new Array(n);
        const tmp = new Float64Array(L);
        const a0 = new Float64Array(L);
        for (let l = 0; l < L; l++) a0[l] = tr[0]![l]! + em[0]![l]!;
        alpha.push(a0);
        for (let t = 1; t < n; t++) {
          const a = new Float64Array(L);
          const prev = alpha[t - 1]!;
          const tt = tr[t]!;
          for (let l = 0; l < L; l++) {
            for (let p = 0; p < L; p++) tmp[p] = prev[p]! + tt[(p + 1) * L + l]!;
            a[l] = logSumExp(tmp, L) + em[t]![l]!;
          }
          alpha.push(a);
        }
        beta[n - 1] = new Float64Array(L);
        for (let t = n - 2; t >= 0; t--) {
          const b = new Float64Array(L);
          const next = beta[t + 1]!;
          const tt = tr[t + 1]!;
          const e = em[t + 1]!;
          for (let p = 0; p < L; p++) {
            for (let l = 0; l < L; l++) tmp[l] = tt[(p + 1) * L + l]! + e[l]! + next[l]!;
            b[p] = logSumExp(tmp, L);
          }
          beta[t] = b;
        }
        const logZ = logSumExp(alpha[n - 1]!, L);
        let goldScore = 0;
        for (let t = 0; t < n; t++) goldScore += em[t]![gold[t]!]! + tr[t]![(t === 0 ? 0 : gold[t - 1]! + 1) * L + gold[t]!]!;
        loss += logZ - goldScore;
        // Gradient of the negative log-likelihood: expected minus observed counts.
        nKeys = 0;
        for (let t = 0; t < n; t++) {
          const pt = new Float64Array(L);
          for (let l = 0; l < L; l++) pt[l] = Math.exp(alpha[t]![l]! + beta[t]![l]! - logZ);
          pt[gold[t]!]! -= 1;
          for (const id of nodes[t]!) {
            const base = nodeBase + id * L;
            for (let l = 0; l < L; l++) if (Math.abs(pt[l]!) > 1e-6) add(base + l, pt[l]!);
          }
          // Pairwise marginals into token t (row 0 is the start).
          const pair = new Float64Array(T);
          const e = em[t]!;
          const b = beta[t]!;
          const tt = tr[t]!;
          if (t === 0) {
            for (let l = 0; l < L; l++) pair[l] = Math.exp(tt[l]! + e[l]! + b[l]! - logZ);
          } else {
            const a = alpha[t - 1]!;
            for (let p = 0; p < L; p++) for (let l = 0; l < L; l++) pair[(p + 1) * L + l] = Math.exp(a[p]! + tt[(p + 1) * L + l]! + e[l]! + b[l]! - logZ);
          }
          pair[(t === 0 ? 0 : gold[t - 1]! + 1) * L + gold[t]!]! -= 1;
          for (let x = 0; x < T; x++) {
            const v = pair[x]!;
            if (Math.abs(v) <= 1e-6) continue;
            add(transBase + x, v);
            for (const id of edges[t]!) add(edgeBase + id * T + x, v);
          }
        }
        for (let q = 0; q < nKeys; q++) {
          const key = keys[q]!;
          const g = grad[key]! + l2 * w[key]!;
          grad[key] = 0;
          touched[key] = 0;
          g2[key]! += g * g;
          w[key]! -= (rate * g) / Math.sqrt(g2[key]! + 1e-8);
        }
      }
      if (epoch >= averageFrom) {
        // Average of the end-of-epoch weights over the averaging epochs.
        for (let x = 0; x < P; x++) avg[x]! += w[x]!;
      }
      options.log?.(`  run ${run + 1}, epoch ${epoch + 1}: loss ${(loss / data.length).toFixed(3)} per sequence`);
    }
    const epochsAveraged = options.epochs - averageFrom;
    for (let x = 0; x < P; x++) sum[x]! += (epochsAveraged > 0 ? avg[x]! / epochsAveraged : w[x]!) / runs;
  }
  const final = sum;
  const prune = options.prune ?? 0.01;
  // Per feature, its weights as [index, weight, …] pairs over `width` slots, the small ones dropped.
  const sparse = (index: Map<string, number>, base: number, width: number) => {
    const out: Record<string, number[]> = {};
    for (const [name, f] of index) {
      const pairs: number[] = [];
      for (let x = 0; x < width; x++) {
        const v = roundSig(final[base + f * width + x]!);
        if (Math.abs(v) >= prune) pairs.push(x, v);
      }
      if (pairs.length > 0) out[name] = pairs;
    }
    return out;
  };
  const transitions: number[][] = [];
  for (let r = 0; r <= L; r++) transitions.push(Array.from({ length: L }, (_, l) => roundSig(final[transBase + r * L + l]!, 4)));
  const model: SequenceModel = { labels, transitions, weights: sparse(featureIndex, nodeBase, L) };
  if (E > 0) model.edges = sparse(edgeIndex, edgeBase, T);
  return model;
}
