/**
 * A small word trigram language model with interpolated Kneser-Ney smoothing, trained on human text (the Brown
 * corpus). Counts are pruned for size; the context statistics are kept from the full counts, so pruned n-grams
 * simply fall back to the lower order.
 */
import type { Token } from './text.ts';

/** The serialised model as stored in the model file. */
export interface NgramData {
  vocab: string[];
  /** N1+(• w) for each id. */
  uni: number[];
  /** Flat [v, w, N1+(• v w)] for kept bigrams. */
  bi: number[];
  /** Flat [N1+(• v •), N1+(v •)] for each id. */
  biCtx: number[];
  /** Flat [u, v, w, c(u v w)] for kept trigrams. */
  tri: number[];
  /** Flat [u, v, c(u v •), N1+(u v •)] for contexts that keep at least one trigram. */
  triCtx: number[];
  discount: [number, number];
}

const VS = 65536;
const SPECIAL = ['<s>', '<num>', '<unk>', '<unk-cap>', '<unk-ing>', '<unk-ed>', '<unk-ly>', '<unk-s>', '<unk-tion>'];
const BOS = 0;

/** The class of a word outside the vocabulary, by shape. */
function unknownClass(t: Token, first: boolean): string {
  if (t.cap && !first) return '<unk-cap>';
  const w = t.w;
  if (w.endsWith('ing')) return '<unk-ing>';
  if (w.endsWith('ed')) return '<unk-ed>';
  if (w.endsWith('ly')) return '<unk-ly>';
  if (/(?:tion|sion|ment|ness|ity)$/.test(w)) return '<unk-tion>';
  if (w.endsWith('s')) return '<unk-s>';
  return '<unk>';
}

/** Builds the model from tokenised sentences. Deterministic for a given input order. */
export function buildNgram(sentences: Token[][], minCount: number, minTrigram: number, minBigram: number): NgramData {
  const counts = new Map<string, number>();
  for (const s of sentences) for (const t of s) if (t.word && t.w !== '<num>') counts.set(t.w, (counts.get(t.w) ?? 0) + 1);
  const words = [...counts.entries()].filter(([, c]) => c >= minCount).map(([w]) => w);
  words.sort();
  const vocab = [...SPECIAL, ...words];
  if (vocab.length >= VS) throw new Error(`vocabulary of ${vocab.length} words is too large; raise minCount`);
  const ids = new Map(vocab.map((w, i) => [w, i]));
  const idOf = (t: Token, first: boolean): number => ids.get(t.w) ?? (ids.get(t.word ? unknownClass(t, first) : '<unk>') as number);

  const tri = new Map<number, number>();
  for (const s of sentences) {
    let u = BOS;
    let v = BOS;
    s.forEach((t, i) => {
      const w = idOf(t, i === 0);
      const key = (u * VS + v) * VS + w;
      tri.set(key, (tri.get(key) ?? 0) + 1);
      u = v;
      v = w;
    });
  }
  // Trigram contexts from full counts.
  const triCtx = new Map<number, [number, number]>();
  const biCont = new Map<number, number>();
  for (const [key, c] of tri) {
    const ctx = Math.floor(key / VS);
    const e = triCtx.get(ctx) ?? [0, 0];
    e[0] += c;
    e[1] += 1;
    triCtx.set(ctx, e);
    const bk = key % (VS * VS);
    biCont.set(bk, (biCont.get(bk) ?? 0) + 1);
  }
  const biRaw = new Map<number, number>();
  for (const [key, c] of tri) {
    const bk = key % (VS * VS);
    biRaw.set(bk, (biRaw.get(bk) ?? 0) + c);
  }
  const V = vocab.length;
  const biCtxArr = new Array<number>(2 * V).fill(0);
  const uni = new Array<number>(V).fill(0);
  for (const [bk, n] of biCont) {
    const v = Math.floor(bk / VS);
    const w = bk % VS;
    biCtxArr[2 * v] = (biCtxArr[2 * v] ?? 0) + n;
    biCtxArr[2 * v + 1] = (biCtxArr[2 * v + 1] ?? 0) + 1;
    uni[w] = (uni[w] ?? 0) + 1;
  }
  const biKeys = [...biCont.keys()].filter((k) => (biRaw.get(k) ?? 0) >= minBigram).sort((a, b) => a - b);
  const bi: number[] = [];
  for (const k of biKeys) bi.push(Math.floor(k / VS), k % VS, biCont.get(k) as number);
  const triKeys = [...tri.keys()].filter((k) => (tri.get(k) as number) >= minTrigram).sort((a, b) => a - b);
  const triArr: number[] = [];
  const keptCtx = new Set<number>();
  for (const k of triKeys) {
    const ctx = Math.floor(k / VS);
    triArr.push(Math.floor(ctx / VS), ctx % VS, k % VS, tri.get(k) as number);
    keptCtx.add(ctx);
  }
  const triCtxArr: number[] = [];
  for (const ctx of [...keptCtx].sort((a, b) => a - b)) {
    const e = triCtx.get(ctx) as [number, number];
    triCtxArr.push(Math.floor(ctx / VS), ctx % VS, e[0], e[1]);
  }
  return { vocab, uni, bi, biCtx: biCtxArr, tri: triArr, triCtx: triCtxArr, discount: [0.75, 0.8] };
}

/** Log-probabilities (natural log) of each token of a sentence under the unigram, bigram and trigram levels. */
export interface TokenScores {
  uni: number;
  bi: number;
  tri: number;
  /** Rank of the token among the kept continuations of its trigram context (0 = most frequent), -1 if absent. */
  triRank: number;
  /** Rank among the kept continuations of its bigram context, -1 if absent. */
  biRank: number;
}

/** Ranks of the entries of a flat table, within runs of equal context (entries are sorted by context). */
function ranksWithin(keys: number[], counts: number[], ctxOf: (key: number) => number): Map<number, number> {
  const ranks = new Map<number, number>();
  let i = 0;
  while (i < keys.length) {
    let j = i;
    const ctx = ctxOf(keys[i] as number);
    while (j < keys.length && ctxOf(keys[j] as number) === ctx) j++;
    const order = Array.from({ length: j - i }, (_, k) => i + k).sort((a, b) => (counts[b] as number) - (counts[a] as number) || (keys[a] as number) - (keys[b] as number));
    order.forEach((idx, r) => ranks.set(keys[idx] as number, r));
    i = j;
  }
  return ranks;
}

/** The loaded, queryable model. */
export class NgramModel {
  readonly ids: Map<string, number>;
  readonly logUni: Float64Array;
  private readonly bi = new Map<number, number>();
  private readonly biCtx: number[];
  private readonly tri = new Map<number, number>();
  private readonly biRanks: Map<number, number>;
  private readonly triRanks: Map<number, number>;
  private readonly triCtx = new Map<number, number>();
  private readonly triCtxTypes = new Map<number, number>();
  private readonly uniP: Float64Array;
  private readonly d2: number;
  private readonly d3: number;

  constructor(data: NgramData) {
    this.ids = new Map(data.vocab.map((w, i) => [w, i]));
    const V = data.vocab.length;
    let total = 0;
    for (const n of data.uni) total += n;
    this.uniP = new Float64Array(V);
    this.logUni = new Float64Array(V);
    for (let i = 0; i < V; i++) {
      const p = ((data.uni[i] ?? 0) + 0.5) / (total + 0.5 * V);
      this.uniP[i] = p;
      this.logUni[i] = Math.log(p);
    }
    const biKeys: number[] = [];
    const biCounts: number[] = [];
    for (let i = 0; i < data.bi.length; i += 3) {
      const key = (data.bi[i] as number) * VS + (data.bi[i + 1] as number);
      this.bi.set(key, data.bi[i + 2] as number);
      biKeys.push(key);
      biCounts.push(data.bi[i + 2] as number);
    }
    this.biRanks = ranksWithin(biKeys, biCounts, (k) => Math.floor(k / VS));
    const triKeys: number[] = [];
    const triCounts: number[] = [];
    this.biCtx = data.biCtx;
    for (let i = 0; i < data.tri.length; i += 4) {
      const key = ((data.tri[i] as number) * VS + (data.tri[i + 1] as number)) * VS + (data.tri[i + 2] as number);
      this.tri.set(key, data.tri[i + 3] as number);
      triKeys.push(key);
      triCounts.push(data.tri[i + 3] as number);
    }
    this.triRanks = ranksWithin(triKeys, triCounts, (k) => Math.floor(k / VS));
    for (let i = 0; i < data.triCtx.length; i += 4) {
      const ctx = (data.triCtx[i] as number) * VS + (data.triCtx[i + 1] as number);
      this.triCtx.set(ctx, data.triCtx[i + 2] as number);
      this.triCtxTypes.set(ctx, data.triCtx[i + 3] as number);
    }
    [this.d2, this.d3] = data.discount;
  }

  /** The id of a token in context (unknown words map to a class by shape). */
  id(t: Token, first: boolean): number {
    const known = this.ids.get(t.w);
    if (known !== undefined) return known;
    return this.ids.get(t.word ? unknownClass(t, first) : '<unk>') as number;
  }

  /** Whether a token is outside the vocabulary. */
  isUnknown(id: number): boolean {
    return id > 0 && id < SPECIAL.length && id !== 1;
  }

  /** Scores every token of one sentence; `out` receives one entry per token. */
  scoreSentence(tokens: Token[], out: TokenScores[]): void {
    let u = BOS;
    let v = BOS;
    for (let i = 0; i < tokens.length; i++) {
      const w = this.id(tokens[i] as Token, i === 0);
      const p1 = this.uniP[w] as number;
      // Bigram level on continuation counts.
      const ctxTotal = this.biCtx[2 * v] ?? 0;
      let p2 = p1;
      if (ctxTotal > 0) {
        const n = this.bi.get(v * VS + w) ?? 0;
        const types = this.biCtx[2 * v + 1] ?? 0;
        p2 = Math.max(n - this.d2, 0) / ctxTotal + ((this.d2 * types) / ctxTotal) * p1;
      }
      let p3 = p2;
      const ctx = u * VS + v;
      const c = this.triCtx.get(ctx);
      if (c !== undefined) {
        const n = this.tri.get(ctx * VS + w) ?? 0;
        const types = this.triCtxTypes.get(ctx) as number;
        p3 = Math.max(n - this.d3, 0) / c + ((this.d3 * types) / c) * p2;
      }
      out.push({ uni: Math.log(p1), bi: Math.log(p2), tri: Math.log(p3), triRank: this.triRanks.get(ctx * VS + w) ?? -1, biRank: this.biRanks.get(v * VS + w) ?? -1 });
      u = v;
      v = w;
    }
  }
}
