/**
 * A first-order linear-chain sequence model and its Viterbi decoding. Besides per-token features (weights per label)
 * it has edge features: observations at the boundary between two tokens ("the previous token ends in a full stop",
 * "this token is 'In'") weighted per label pair, so what a transition costs depends on the punctuation and words
 * around it. The weights are trained as a conditional random field (`crf.ts`).
 */

import { mulberry32 } from '../humanizer/helpers.ts';

/** The committed model: weights per feature (sparse over labels) and label transitions. */
export interface SequenceModel {
  labels: string[];
  /** transitions[from + 1][to]; row 0 is the start of a sequence. */
  transitions: number[][];
  /** feature → [labelIndex, weight, labelIndex, weight, …] */
  weights: Record<string, number[]>;
  /** edge feature → [(from + 1) * L + to, weight, …]: transition weights that apply where the feature holds. */
  edges?: Record<string, number[]>;
}

/** A reference's features: per token, and per boundary (the edge into token i, i = 0 is the start). */
export interface SequenceFeatures {
  nodes: readonly (readonly string[])[];
  edges?: readonly (readonly string[])[];
  /**
   * Per token, what its text alone settles (decoding only): `only` the labels it may take, `never` the labels it may
   * not. A DOI is a "10.prefix/suffix" string, an ISBN a run of digits: no model weight should label anything else so.
   */
  constraints?: readonly (TokenConstraint | null)[];
}

/** Labels a token may (`only`) or may not (`never`) take, whatever the model's weights say. */
export interface TokenConstraint {
  only?: readonly string[];
  never?: readonly string[];
}

/** A score low enough that Viterbi never prefers it, finite so that sums stay comparable. */
const FORBIDDEN = -1e9;

/** A fast view of a model for decoding. */
export interface Decoder {
  labels: string[];
  decode(features: SequenceFeatures): number[];
}

/**
 * How decoding treats fields that a reference holds once. With `once`, those labels may not start a second span
 * after their first one ended (a title, a container, a publisher are one run of tokens): a beam search over
 * (label, labels already closed), exact while fewer than `beam` such states are alive at a token.
 */
export interface DecodeOptions {
  once?: readonly string[];
  beam?: number;
  /** Label pairs [from, to] that may never follow each other directly. */
  forbid?: readonly (readonly [string, string])[];
}

export function decoderOf(model: SequenceModel, options: DecodeOptions = {}): Decoder {
  const L = model.labels.length;
  let onceMask = 0;
  for (const l of options.once ?? []) {
    const i = model.labels.indexOf(l);
    if (i >= 0 && i < 31) onceMask |= 1 << i;
  }
  const beam = options.beam ?? 64;
  const table = new Map<string, Float64Array>();
  for (const [name, pairs] of Object.entries(model.weights)) {
    const row = new Float64Array(L);
    for (let k = 0; k < pairs.length; k += 2) row[pairs[k]!] = pairs[k + 1]!;
    table.set(name, row);
  }
  const edgeTable = new Map<string, { index: Int32Array; weight: Float64Array }>();
  for (const [name, pairs] of Object.entries(model.edges ?? {})) {
    const index = new Int32Array(pairs.length / 2);
    const weight = new Float64Array(pairs.length / 2);
    for (let k = 0; k < pairs.length; k += 2) {
      index[k / 2] = pairs[k]!;
      weight[k / 2] = pairs[k + 1]!;
    }
    edgeTable.set(name, { index, weight });
  }
  const trans = Float64Array.from(model.transitions.flat());
  for (const [from, to] of options.forbid ?? []) {
    const a = model.labels.indexOf(from);
    const b = model.labels.indexOf(to);
    // Edge weights are added to this table per token; a finite sum stays far below any allowed path.
    if (a >= 0 && b >= 0) trans[(a + 1) * L + b] = FORBIDDEN;
  }
  return {
    labels: model.labels,
    decode({ nodes, edges, constraints }) {
      const emissions = nodes.map((fs, i) => {
        const e = new Float64Array(L);
        for (const f of fs) {
          const row = table.get(f);
          if (row) for (let l = 0; l < L; l++) e[l]! += row[l]!;
        }
        const c = constraints?.[i];
        if (c) {
          for (let l = 0; l < L; l++) {
            const name = model.labels[l]!;
            if ((c.only && !c.only.includes(name)) || c.never?.includes(name)) e[l] = FORBIDDEN;
          }
        }
        return e;
      });
      const transitions = nodes.map((_, i) => {
        const fs = edges?.[i];
        if (!fs || fs.length === 0) return trans;
        let t: Float64Array | undefined;
        for (const f of fs) {
          const sparse = edgeTable.get(f);
          if (!sparse) continue;
          t ??= Float64Array.from(trans);
          for (let k = 0; k < sparse.index.length; k++) t[sparse.index[k]!]! += sparse.weight[k]!;
        }
        return t ?? trans;
      });
      // The unconstrained best path is also the constrained best when it breaks no constraint (most references).
      const path = viterbi(emissions, transitions, L);
      if (onceMask === 0 || !reenters(path, onceMask)) return path;
      // What a token's text settles outranks one span per field: when the two cannot both hold ("2 vols. (Florence:
      // Olschki, 2003), vol. ii," holds two volumes), the token constraints win.
      const once = constrainedViterbi(emissions, transitions, L, onceMask, beam);
      return once.some((l, i) => emissions[i]![l]! <= FORBIDDEN / 2) ? path : once;
    },
  };
}

/** Best label path; `trans[i]` is the (L + 1) × L transition table into token i (row 0: the start). */
function viterbi(emissions: Float64Array[], trans: Float64Array[], L: number): number[] {
  const n = emissions.length;
  if (n === 0) return [];
  const back: Int32Array[] = [new Int32Array(L)];
  let prev = new Float64Array(L);
  for (let l = 0; l < L; l++) prev[l] = emissions[0]![l]! + trans[0]![l]!;
  for (let i = 1; i < n; i++) {
    const t = trans[i]!;
    const e = emissions[i]!;
    const cur = new Float64Array(L);
    const bp = new Int32Array(L);
    for (let l = 0; l < L; l++) {
      let best = -Infinity;
      let arg = 0;
      for (let p = 0; p < L; p++) {
        const s = prev[p]! + t[(p + 1) * L + l]!;
        if (s > best) {
          best = s;
          arg = p;
        }
      }
      cur[l] = best + e[l]!;
      bp[l] = arg;
    }
    back.push(bp);
    prev = cur;
  }
  let last = 0;
  for (let l = 1; l < L; l++) if (prev[l]! > prev[last]!) last = l;
  const path = new Array<number>(n);
  path[n - 1] = last;
  for (let i = n - 1; i > 0; i--) path[i - 1] = back[i]![path[i]!]!;
  return path;
}

/** Whether a path starts a second span of a label of `onceMask`. */
function reenters(path: readonly number[], onceMask: number): boolean {
  let closed = 0;
  for (let i = 1; i < path.length; i++) {
    const p = path[i - 1]!;
    const l = path[i]!;
    if (l === p) continue;
    if ((closed & (1 << l)) !== 0) return true;
    closed |= (1 << p) & onceMask;
  }
  return false;
}

/**
 * Viterbi over states (label, closed labels): a label of `onceMask` cannot be entered again once its span ended. States
 * are merged when label and closed set agree (so the search is exact when no more than `beam` states survive per
 * token); otherwise the `beam` best are kept, ties broken by state so the result is deterministic.
 */
function constrainedViterbi(emissions: Float64Array[], trans: Float64Array[], L: number, onceMask: number, beam: number): number[] {
  const n = emissions.length;
  if (n === 0) return [];
  interface State {
    label: number;
    closed: number;
    score: number;
    back: State | undefined;
  }
  let states: State[] = [];
  for (let l = 0; l < L; l++) states.push({ label: l, closed: 0, score: emissions[0]![l]! + trans[0]![l]!, back: undefined });
  for (let i = 1; i < n; i++) {
    const t = trans[i]!;
    const e = emissions[i]!;
    const next = new Map<number, State>();
    for (const s of states) {
      const closed = s.closed;
      for (let l = 0; l < L; l++) {
        if (l !== s.label && (onceMask & closed & (1 << l)) !== 0) continue;
        const nextClosed = l === s.label ? closed : closed | ((1 << s.label) & onceMask);
        const score = s.score + t[(s.label + 1) * L + l]! + e[l]!;
        const key = nextClosed * 32 + l;
        const old = next.get(key);
        if (!old || score > old.score) next.set(key, { label: l, closed: nextClosed, score, back: s });
      }
    }
    states = [...next.values()];
    if (states.length > beam) {
      states.sort((a, b) => b.score - a.score || a.closed - b.closed || a.label - b.label);
      states.length = beam;
    }
  }
  let best = states[0]!;
  for (const s of states) if (s.score > best.score || (s.score === best.score && (s.closed < best.closed || (s.closed === best.closed && s.label < best.label)))) best = s;
  const path = new Array<number>(n);
  let s: State | undefined = best;
  for (let i = n - 1; i >= 0; i--) {
    path[i] = s!.label;
    s = s!.back;
  }
  return path;
}

/** A deterministic PRNG: the humanizer's mulberry32, one implementation for every engine. */
export const prng = mulberry32;

/** One labelled training sequence: features per token (and per boundary) and the gold label per token. */
export interface Example extends SequenceFeatures {
  labels: string[];
}
