/**
 * A first-order sequence labeller: averaged structured perceptron (Collins, 2002) with Viterbi decoding. Training is
 * deterministic (a seeded shuffle, fixed epochs), so a retrain writes the same bytes.
 */

/** The committed model: weights per feature (sparse over labels) and label transitions. */
export interface SequenceModel {
  labels: string[];
  /** transitions[from + 1][to]; row 0 is the start of a sequence. */
  transitions: number[][];
  /** feature → [labelIndex, weight, labelIndex, weight, …] */
  weights: Record<string, number[]>;
}

/** A fast view of a model for decoding. */
export interface Decoder {
  labels: string[];
  decode(features: readonly (readonly string[])[]): number[];
}

export function decoderOf(model: SequenceModel): Decoder {
  const L = model.labels.length;
  const table = new Map<string, Float64Array>();
  for (const [name, pairs] of Object.entries(model.weights)) {
    const row = new Float64Array(L);
    for (let k = 0; k < pairs.length; k += 2) row[pairs[k]!] = pairs[k + 1]!;
    table.set(name, row);
  }
  const trans = model.transitions.map((r) => Float64Array.from(r));
  return {
    labels: model.labels,
    decode(features) {
      const emissions = features.map((fs) => {
        const e = new Float64Array(L);
        for (const f of fs) {
          const row = table.get(f);
          if (row) for (let l = 0; l < L; l++) e[l]! += row[l]!;
        }
        return e;
      });
      return viterbi(emissions, trans, L);
    },
  };
}

function viterbi(emissions: Float64Array[], trans: Float64Array[], L: number): number[] {
  const n = emissions.length;
  if (n === 0) return [];
  const score: Float64Array[] = [];
  const back: Int32Array[] = [];
  const first = new Float64Array(L);
  for (let l = 0; l < L; l++) first[l] = emissions[0]![l]! + trans[0]![l]!;
  score.push(first);
  back.push(new Int32Array(L));
  for (let i = 1; i < n; i++) {
    const prev = score[i - 1]!;
    const cur = new Float64Array(L);
    const bp = new Int32Array(L);
    for (let l = 0; l < L; l++) {
      let best = -Infinity;
      let arg = 0;
      for (let p = 0; p < L; p++) {
        const s = prev[p]! + trans[p + 1]![l]!;
        if (s > best) {
          best = s;
          arg = p;
        }
      }
      cur[l] = best + emissions[i]![l]!;
      bp[l] = arg;
    }
    score.push(cur);
    back.push(bp);
  }
  let last = 0;
  const end = score[n - 1]!;
  for (let l = 1; l < L; l++) if (end[l]! > end[last]!) last = l;
  const path = new Array<number>(n);
  path[n - 1] = last;
  for (let i = n - 1; i > 0; i--) path[i - 1] = back[i]![path[i]!]!;
  return path;
}

/** A deterministic PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One labelled training sequence: features per token and the gold label per token. */
export interface Example {
  features: string[][];
  labels: string[];
}

/** Rounds to `digits` significant digits so the model file is small and byte-stable. */
const roundSig = (x: number, digits = 4) => (x === 0 ? 0 : Number(x.toPrecision(digits)));

/** Trains the averaged perceptron; features seen fewer than `minCount` times are ignored. */
export function trainPerceptron(examples: readonly Example[], options: { epochs: number; seed: number; minCount?: number; log?: (line: string) => void }): SequenceModel {
  const labels = [...new Set(examples.flatMap((e) => e.labels))].sort();
  const L = labels.length;
  const labelIndex = new Map(labels.map((l, i) => [l, i]));
  const counts = new Map<string, number>();
  for (const e of examples) for (const fs of e.features) for (const f of fs) counts.set(f, (counts.get(f) ?? 0) + 1);
  const minCount = options.minCount ?? 1;
  const featureIndex = new Map<string, number>();
  for (const [f, c] of [...counts].sort((a, b) => (a[0] < b[0] ? -1 : 1))) if (c >= minCount) featureIndex.set(f, featureIndex.size);
  const F = featureIndex.size;
  const w = new Float64Array(F * L);
  const u = new Float64Array(F * L);
  const T = (L + 1) * L;
  const tw = new Float64Array(T);
  const tu = new Float64Array(T);
  const data = examples.map((e) => ({
    ids: e.features.map((fs) => Int32Array.from(fs.map((f) => featureIndex.get(f) ?? -1).filter((id) => id >= 0))),
    gold: e.labels.map((l) => labelIndex.get(l)!),
  }));
  const random = prng(options.seed);
  const order = data.map((_, i) => i);
  let c = 1;
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    let errors = 0;
    let tokens = 0;
    for (const k of order) {
      const { ids, gold } = data[k]!;
      const emissions = ids.map((row) => {
        const e = new Float64Array(L);
        for (const id of row) {
          const base = id * L;
          for (let l = 0; l < L; l++) e[l]! += w[base + l]!;
        }
        return e;
      });
      const trans: Float64Array[] = [];
      for (let r = 0; r <= L; r++) trans.push(tw.subarray(r * L, r * L + L));
      const guess = viterbi(emissions, trans, L);
      tokens += gold.length;
      for (let t = 0; t < gold.length; t++) {
        const g = gold[t]!;
        const p = guess[t]!;
        const gPrev = t === 0 ? 0 : gold[t - 1]! + 1;
        const pPrev = t === 0 ? 0 : guess[t - 1]! + 1;
        if (g !== p) {
          errors++;
          for (const id of ids[t]!) {
            w[id * L + g]! += 1;
            u[id * L + g]! += c;
            w[id * L + p]! -= 1;
            u[id * L + p]! -= c;
          }
        }
        if (g !== p || gPrev !== pPrev) {
          tw[gPrev * L + g]! += 1;
          tu[gPrev * L + g]! += c;
          tw[pPrev * L + p]! -= 1;
          tu[pPrev * L + p]! -= c;
        }
      }
      c++;
    }
    options.log?.(`  epoch ${epoch + 1}: ${((1 - errors / Math.max(1, tokens)) * 100).toFixed(2)}% tokens right in training`);
  }
  const weights: Record<string, number[]> = {};
  const names = [...featureIndex.keys()];
  for (let f = 0; f < F; f++) {
    const pairs: number[] = [];
    for (let l = 0; l < L; l++) {
      const avg = roundSig(w[f * L + l]! - u[f * L + l]! / c, 3);
      if (Math.abs(avg) >= 0.01) pairs.push(l, avg);
    }
    if (pairs.length > 0) weights[names[f]!] = pairs;
  }
  const transitions: number[][] = [];
  for (let r = 0; r <= L; r++) transitions.push(Array.from({ length: L }, (_, l) => roundSig(tw[r * L + l]! - tu[r * L + l]! / c)));
  return { labels, transitions, weights };
}
