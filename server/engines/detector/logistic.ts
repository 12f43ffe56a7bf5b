/**
 * Logistic regression: prediction (used at inference) and deterministic training with L2 regularisation and
 * sign constraints (projected accelerated gradient descent; used by the training script).
 */

/** A fitted linear model over standardised features. */
export interface LinearModel {
  mean: number[];
  scale: number[];
  weights: number[];
  bias: number;
}

/** The raw score (log-odds) of a feature vector. */
export function linearScore(model: LinearModel, x: readonly number[]): number {
  let s = model.bias;
  const { mean, scale, weights } = model;
  for (let j = 0; j < weights.length; j++) s += (weights[j] as number) * (((x[j] as number) - (mean[j] as number)) / (scale[j] as number));
  return s;
}

/** Logistic function. */
export function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

/** Training options. */
export interface FitOptions {
  l2: number;
  iterations: number;
  /** Per feature: +1 weight must be >= 0, -1 weight must be <= 0, 0 free. */
  signs?: readonly number[];
}

/** Fits a logistic regression on rows `x` (unstandardised), labels `y` and weights `w`. Deterministic. */
export function fitLogistic(x: readonly (readonly number[])[], y: readonly number[], w: readonly number[], opts: FitOptions): LinearModel {
  const n = x.length;
  const d = (x[0] ?? []).length;
  let wsum = 0;
  for (const v of w) wsum += v;
  const mean = new Array<number>(d).fill(0);
  const scale = new Array<number>(d).fill(0);
  for (let i = 0; i < n; i++) {
    const row = x[i] as readonly number[];
    for (let j = 0; j < d; j++) mean[j] = (mean[j] as number) + (w[i] as number) * (row[j] as number);
  }
  for (let j = 0; j < d; j++) mean[j] = (mean[j] as number) / wsum;
  for (let i = 0; i < n; i++) {
    const row = x[i] as readonly number[];
    for (let j = 0; j < d; j++) scale[j] = (scale[j] as number) + (w[i] as number) * ((row[j] as number) - (mean[j] as number)) ** 2;
  }
  for (let j = 0; j < d; j++) scale[j] = Math.sqrt((scale[j] as number) / wsum) || 1;
  // Standardised design matrix, row-major.
  const z = new Float64Array(n * d);
  for (let i = 0; i < n; i++) {
    const row = x[i] as readonly number[];
    for (let j = 0; j < d; j++) z[i * d + j] = ((row[j] as number) - (mean[j] as number)) / (scale[j] as number);
  }
  const nw = new Float64Array(n);
  for (let i = 0; i < n; i++) nw[i] = (w[i] as number) / wsum;
  // Step size from the gradient's Lipschitz constant: 0.25 * the largest eigenvalue of the weighted Gram matrix
  // of [Z 1], estimated by power iteration (a fixed number of steps from a fixed start, so deterministic).
  let vec = new Float64Array(d + 1).fill(1 / Math.sqrt(d + 1));
  let eigen = 1;
  for (let it = 0; it < 40; it++) {
    const out = new Float64Array(d + 1);
    for (let i = 0; i < n; i++) {
      const off = i * d;
      let s = vec[d] as number;
      for (let j = 0; j < d; j++) s += (vec[j] as number) * (z[off + j] as number);
      s *= nw[i] as number;
      for (let j = 0; j < d; j++) out[j] = (out[j] as number) + s * (z[off + j] as number);
      out[d] = (out[d] as number) + s;
    }
    let norm = 0;
    for (let j = 0; j <= d; j++) norm += (out[j] as number) ** 2;
    eigen = Math.sqrt(norm);
    for (let j = 0; j <= d; j++) out[j] = (out[j] as number) / eigen;
    vec = out;
  }
  const step = 1 / (0.25 * eigen * 1.05 + opts.l2);
  let beta = new Float64Array(d + 1);
  let momentum = new Float64Array(d + 1);
  const grad = new Float64Array(d + 1);
  let t = 1;
  const project = (b: Float64Array) => {
    if (!opts.signs) return;
    for (let j = 0; j < d; j++) {
      const s = opts.signs[j] ?? 0;
      if (s > 0 && (b[j] as number) < 0) b[j] = 0;
      else if (s < 0 && (b[j] as number) > 0) b[j] = 0;
    }
  };
  for (let it = 0; it < opts.iterations; it++) {
    grad.fill(0);
    for (let i = 0; i < n; i++) {
      let s = momentum[d] as number;
      const off = i * d;
      for (let j = 0; j < d; j++) s += (momentum[j] as number) * (z[off + j] as number);
      const r = ((nw[i] as number) * (sigmoid(s) - (y[i] as number)));
      for (let j = 0; j < d; j++) grad[j] = (grad[j] as number) + r * (z[off + j] as number);
      grad[d] = (grad[d] as number) + r;
    }
    for (let j = 0; j < d; j++) grad[j] = (grad[j] as number) + opts.l2 * (momentum[j] as number);
    const next = new Float64Array(d + 1);
    for (let j = 0; j <= d; j++) next[j] = (momentum[j] as number) - step * (grad[j] as number);
    project(next);
    const tNext = (1 + Math.sqrt(1 + 4 * t * t)) / 2;
    const m = new Float64Array(d + 1);
    for (let j = 0; j <= d; j++) m[j] = (next[j] as number) + ((t - 1) / tNext) * ((next[j] as number) - (beta[j] as number));
    beta = next;
    momentum = m;
    t = tNext;
  }
  return { mean, scale, weights: Array.from(beta.subarray(0, d)), bias: beta[d] as number };
}

/** Platt scaling: fits p = sigmoid(a * score + b) by Newton's method. */
export function fitPlatt(scores: readonly number[], labels: readonly number[], weights: readonly number[]): { a: number; b: number } {
  let a = 1;
  let b = 0;
  for (let it = 0; it < 50; it++) {
    let ga = 0, gb = 0, haa = 0, hab = 0, hbb = 0;
    for (let i = 0; i < scores.length; i++) {
      const s = scores[i] as number;
      const p = sigmoid(a * s + b);
      const r = (weights[i] as number) * (p - (labels[i] as number));
      const h = (weights[i] as number) * p * (1 - p) + 1e-9;
      ga += r * s;
      gb += r;
      haa += h * s * s;
      hab += h * s;
      hbb += h;
    }
    const det = haa * hbb - hab * hab;
    if (Math.abs(det) < 1e-18) break;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a -= da;
    b -= db;
    if (Math.abs(da) + Math.abs(db) < 1e-12) break;
  }
  return { a, b };
}
