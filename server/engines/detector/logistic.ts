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

/**
 * A linear model or, with `hidden`, a one-hidden-layer perceptron over standardised features: unit k computes
 * tanh(hidden.bias[k] + sum_j hidden.weights[k * d + j] * z_j), and `weights`/`bias` combine the units' outputs.
 */
export interface StackModel extends LinearModel {
  hidden?: { weights: number[]; bias: number[] };
}

/** The raw score (log-odds) of a feature vector. */
export function linearScore(model: LinearModel, x: readonly number[]): number {
  let s = model.bias;
  const { mean, scale, weights } = model;
  for (let j = 0; j < weights.length; j++) s += (weights[j] as number) * (((x[j] as number) - (mean[j] as number)) / (scale[j] as number));
  return s;
}

/** The raw score (log-odds) of a stack model: linear, or through its hidden layer. */
export function stackScore(model: StackModel, x: readonly number[]): number {
  const h = model.hidden;
  if (!h) return linearScore(model, x);
  const { mean, scale, weights } = model;
  const d = mean.length;
  let s = model.bias;
  for (let k = 0; k < weights.length; k++) {
    let a = h.bias[k] as number;
    const off = k * d;
    for (let j = 0; j < d; j++) a += (h.weights[off + j] as number) * (((x[j] as number) - (mean[j] as number)) / (scale[j] as number));
    s += (weights[k] as number) * Math.tanh(a);
  }
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

/**
 * The weighted mean and standard deviation of each column of `x`, the standardised design matrix (row-major) and the
 * weights normalised to sum 1: what both fitters start from. Sums run in a fixed order (deterministic).
 */
function standardise(x: readonly (readonly number[])[], w: readonly number[], n: number, d: number) {
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
  const z = new Float64Array(n * d);
  for (let i = 0; i < n; i++) {
    const row = x[i] as readonly number[];
    for (let j = 0; j < d; j++) z[i * d + j] = ((row[j] as number) - (mean[j] as number)) / (scale[j] as number);
  }
  const nw = new Float64Array(n);
  for (let i = 0; i < n; i++) nw[i] = (w[i] as number) / wsum;
  return { mean, scale, z, nw };
}

/** Fits a logistic regression on rows `x` (unstandardised), labels `y` and weights `w`. Deterministic. */
export function fitLogistic(x: readonly (readonly number[])[], y: readonly number[], w: readonly number[], opts: FitOptions): LinearModel {
  const n = x.length;
  const d = (x[0] ?? []).length;
  const { mean, scale, z, nw } = standardise(x, w, n, d);
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

/** Options of the perceptron stacker's fit. */
export interface MlpOptions {
  hidden: number;
  l2: number;
  iterations: number;
  /** Adam step size. */
  rate: number;
  /** Seed of the fixed initial weights. */
  seed: number;
}

/**
 * Fits a one-hidden-layer perceptron (tanh units, logistic output) on rows `x` (unstandardised), labels `y` and
 * weights `w` by full-batch Adam on the weighted log-loss plus L2 on the connection weights. Deterministic: the
 * initial weights come from a fixed-seed generator and every sum runs in a fixed order.
 */
export function fitMlp(x: readonly (readonly number[])[], y: readonly number[], w: readonly number[], opts: MlpOptions): StackModel {
  const n = x.length;
  const d = (x[0] ?? []).length;
  const H = opts.hidden;
  const { mean, scale, z, nw } = standardise(x, w, n, d);
  // Parameters in one vector: W1 (H x d), b1 (H), W2 (H), b2 (1). Initial weights uniform in ±0.52 (sd 0.3).
  const P = H * d + H + H + 1;
  const theta = new Float64Array(P);
  let seed = opts.seed >>> 0 || 1;
  const uniform = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 4294967296;
  };
  for (let k = 0; k < H * d; k++) theta[k] = (uniform() - 0.5) * 1.04;
  for (let k = 0; k < H; k++) theta[H * d + H + k] = (uniform() - 0.5) * 1.04;
  const b1 = H * d;
  const w2 = H * d + H;
  const b2 = P - 1;
  const m = new Float64Array(P);
  const v = new Float64Array(P);
  const g = new Float64Array(P);
  const act = new Float64Array(H);
  for (let t = 1; t <= opts.iterations; t++) {
    g.fill(0);
    for (let i = 0; i < n; i++) {
      const off = i * d;
      let o = theta[b2] as number;
      for (let k = 0; k < H; k++) {
        let a = theta[b1 + k] as number;
        const wo = k * d;
        for (let j = 0; j < d; j++) a += (theta[wo + j] as number) * (z[off + j] as number);
        const th = Math.tanh(a);
        act[k] = th;
        o += (theta[w2 + k] as number) * th;
      }
      const r = (nw[i] as number) * (sigmoid(o) - (y[i] as number));
      g[b2] = (g[b2] as number) + r;
      for (let k = 0; k < H; k++) {
        const th = act[k] as number;
        g[w2 + k] = (g[w2 + k] as number) + r * th;
        const da = r * (theta[w2 + k] as number) * (1 - th * th);
        g[b1 + k] = (g[b1 + k] as number) + da;
        const wo = k * d;
        for (let j = 0; j < d; j++) g[wo + j] = (g[wo + j] as number) + da * (z[off + j] as number);
      }
    }
    for (let k = 0; k < H * d; k++) g[k] = (g[k] as number) + opts.l2 * (theta[k] as number);
    for (let k = 0; k < H; k++) g[w2 + k] = (g[w2 + k] as number) + opts.l2 * (theta[w2 + k] as number);
    const c1 = 1 - 0.9 ** t;
    const c2 = 1 - 0.999 ** t;
    for (let k = 0; k < P; k++) {
      const gk = g[k] as number;
      m[k] = 0.9 * (m[k] as number) + 0.1 * gk;
      v[k] = 0.999 * (v[k] as number) + 0.001 * gk * gk;
      theta[k] = (theta[k] as number) - (opts.rate * ((m[k] as number) / c1)) / (Math.sqrt((v[k] as number) / c2) + 1e-8);
    }
  }
  return {
    mean,
    scale,
    weights: Array.from(theta.subarray(w2, w2 + H)),
    bias: theta[b2] as number,
    hidden: { weights: Array.from(theta.subarray(0, H * d)), bias: Array.from(theta.subarray(b1, b1 + H)) },
  };
}

/**
 * The mean of several perceptrons fitted from different fixed seeds (`seeds`), written as one perceptron whose hidden
 * layer holds all their units (the output weights divided by their number): averaging removes most of the
 * dependence on the initial weights.
 */
export function fitMlpEnsemble(
  x: readonly (readonly number[])[],
  y: readonly number[],
  w: readonly number[],
  opts: Omit<MlpOptions, 'seed'> & { seeds: readonly number[] },
): StackModel {
  const members = opts.seeds.map((seed) => fitMlp(x, y, w, { ...opts, seed }));
  const k = members.length;
  const first = members[0] as StackModel;
  return {
    mean: first.mean,
    scale: first.scale,
    weights: members.flatMap((m) => m.weights.map((v) => v / k)),
    bias: members.reduce((s, m) => s + m.bias, 0) / k,
    hidden: {
      weights: members.flatMap((m) => m.hidden?.weights ?? []),
      bias: members.flatMap((m) => m.hidden?.bias ?? []),
    },
  };
}
