/**
 * Features of a stretch of prose that need no large language model: log-probabilities under a small n-gram
 * model of human text (normalised by word-frequency band, so that plain vocabulary is not in itself "machine-
 * like"), word-frequency ranks, and stylometry (sentence-length burstiness, vocabulary variety, function words,
 * punctuation, stock phrases, repetition).
 *
 * Each sentence is reduced once to additive sums (`SentenceStats`); a document and a window of sentences are
 * then both described by the same function of the summed stats, which keeps per-sentence scoring fast.
 */
import { FUNCTION_WORDS, STOCK_PHRASES } from './lexicon.ts';
import type { NgramModel, TokenScores } from './ngram.ts';
import { shapeHashes } from './style.ts';
import { normalise, tokenize, type Token } from './text.ts';

/** Word-frequency bands by rank in SUBTLEX-US: <100, <1,000, <5,000, <20,000, rarer or unknown. */
const BAND_LIMITS = [100, 1000, 5000, 20000];
/** Band index of punctuation tokens. */
const PUNCT_BAND = 5;
const BANDS = 6;

/** Per-band mean and standard deviation of trigram log-probabilities on human text. */
export interface BandNorm {
  mean: number[];
  std: number[];
}

const FW_INDEX = new Map(FUNCTION_WORDS.map((w, i) => [w, i]));
const STOCK_SINGLE = new Set(STOCK_PHRASES.filter((p) => !p.includes(' ')));
const STOCK_MULTI = STOCK_PHRASES.filter((p) => p.includes(' ')).map((p) => p.split(' '));
const PUNCT_KINDS = [',', ';', ':', '-', '(', '"', '?', '!', '...'];
// GLTR-style rank shares, separately for common tokens (bands 0-1 and punctuation) and content words.
const PRONOUN_START = new Set(['i', 'he', 'she', 'we', 'they', 'it', 'you']);

/** Additive statistics of one sentence. */
export interface SentenceStats {
  tokens: number;
  words: number;
  chars: number;
  charsSq: number;
  tri: number;
  triSq: number;
  uni: number;
  z: number;
  zSq: number;
  zLow: number;
  zHigh: number;
  pmi: number;
  pmiSq: number;
  gain: number;
  /** Tokens that are the top continuation / among the top 5 of their trigram context; same for bigram, top 10. */
  rank: number[];
  bandCount: number[];
  bandZ: number[];
  unk: number;
  logRank: number;
  fw: number[];
  punct: number[];
  contractions: number;
  possessives: number;
  stock: number;
  caps: number;
  nums: number;
  first: string;
  /** Lower-cased words in order, for variety and repetition measures. */
  list: string[];
  /** Hashes of the sentence's shape n-grams (see style.ts). */
  shapes: number[];
}


/** Lexical resources the features need: the language model, frequency ranks and band norms. */
export interface FeatureContext {
  lm: NgramModel;
  rank: Map<string, number>;
  norm: BandNorm;
}

function rankOf(rank: Map<string, number>, w: string): number | undefined {
  const direct = rank.get(w);
  if (direct !== undefined) return direct;
  const apostrophe = w.indexOf("'");
  if (apostrophe > 0) return rank.get(w.slice(0, apostrophe));
  const hyphen = w.lastIndexOf('-');
  if (hyphen > 0) return rank.get(w.slice(hyphen + 1));
  return undefined;
}

function bandOf(r: number | undefined): number {
  if (r === undefined) return BANDS - 2;
  for (let b = 0; b < BAND_LIMITS.length; b++) if (r < (BAND_LIMITS[b] as number)) return b;
  return BANDS - 2;
}

/** Tokens of a sentence as the features see them. */
export function sentenceTokens(text: string): Token[] {
  return tokenize(normalise(text));
}

/** Reduces one sentence to additive statistics. `norm` may be null while the band norms are being estimated. */
export function sentenceStats(tokens: Token[], ctx: FeatureContext, scores: TokenScores[] = []): SentenceStats {
  scores.length = 0;
  ctx.lm.scoreSentence(tokens, scores);
  const s: SentenceStats = {
    tokens: tokens.length, words: 0, chars: 0, charsSq: 0, tri: 0, triSq: 0, uni: 0, z: 0, zSq: 0, zLow: 0, zHigh: 0,
    pmi: 0, pmiSq: 0, gain: 0, rank: [0, 0, 0, 0, 0, 0], bandCount: new Array<number>(BANDS).fill(0), bandZ: new Array<number>(BANDS).fill(0),
    unk: 0, logRank: 0, fw: new Array<number>(FUNCTION_WORDS.length).fill(0), punct: new Array<number>(PUNCT_KINDS.length).fill(0),
    contractions: 0, possessives: 0, stock: 0, caps: 0, nums: 0, first: '', list: [], shapes: shapeHashes(tokens, ctx.rank),
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    const sc = scores[i] as TokenScores;
    let band = PUNCT_BAND;
    if (t.word) {
      s.words++;
      s.list.push(t.w);
      if (s.first === '') s.first = t.w;
      if (t.w === '<num>') {
        s.nums++;
        band = 0;
      } else {
        const r = rankOf(ctx.rank, t.w);
        band = bandOf(r);
        s.logRank += Math.log(1 + Math.min(r ?? 30000, 30000));
        const len = t.w.length;
        s.chars += len;
        s.charsSq += len * len;
        if (t.cap && i > 0) s.caps++;
        if (ctx.lm.isUnknown(ctx.lm.id(t, i === 0))) s.unk++;
        const f = FW_INDEX.get(t.w);
        if (f !== undefined) s.fw[f] = (s.fw[f] as number) + 1;
        if (/n't$|'(?:re|ll|ve|m|d)$/.test(t.w)) s.contractions++;
        else if (t.w.endsWith("'s") || t.w.endsWith("'")) s.possessives++;
        if (STOCK_SINGLE.has(t.w)) s.stock++;
      }
      s.uni += sc.uni;
    } else {
      const p = PUNCT_KINDS.indexOf(t.w);
      if (p >= 0) s.punct[p] = (s.punct[p] as number) + 1;
    }
    s.tri += sc.tri;
    s.triSq += sc.tri * sc.tri;
    const z = (sc.tri - (ctx.norm.mean[band] as number)) / (ctx.norm.std[band] as number);
    s.z += z;
    s.zSq += z * z;
    if (z < -2) s.zLow++;
    if (z > 1) s.zHigh++;
    s.bandCount[band] = (s.bandCount[band] as number) + 1;
    s.bandZ[band] = (s.bandZ[band] as number) + z;
    const pmi = sc.tri - sc.uni;
    s.pmi += pmi;
    s.pmiSq += pmi * pmi;
    s.gain += sc.tri - sc.bi;
    const r0 = band <= 1 || band === PUNCT_BAND ? 0 : 3;
    if (sc.triRank === 0) s.rank[r0] = (s.rank[r0] as number) + 1;
    if (sc.triRank >= 0 && sc.triRank < 5) s.rank[r0 + 1] = (s.rank[r0 + 1] as number) + 1;
    if (sc.biRank >= 0 && sc.biRank < 10) s.rank[r0 + 2] = (s.rank[r0 + 2] as number) + 1;
  }
  if (STOCK_MULTI.length && s.list.length > 1) {
    for (const phrase of STOCK_MULTI) {
      for (let i = 0; i + phrase.length <= s.list.length; i++) {
        let ok = true;
        for (let k = 0; k < phrase.length && ok; k++) ok = s.list[i + k] === phrase[k];
        if (ok) s.stock++;
      }
    }
  }
  return s;
}

/** Band of every token of a sentence with its trigram log-probability (for estimating band norms). */
export function bandedScores(tokens: Token[], ctx: Omit<FeatureContext, 'norm'>): Array<[number, number]> {
  const scores: TokenScores[] = [];
  ctx.lm.scoreSentence(tokens, scores);
  return tokens.map((t, i) => {
    const band = !t.word ? PUNCT_BAND : t.w === '<num>' ? 0 : bandOf(rankOf(ctx.rank, t.w));
    return [band, (scores[i] as TokenScores).tri];
  });
}

/** Number of bands (for band norms). */
export const BAND_COUNT = BANDS;

function mattr(words: string[], window: number): number {
  if (words.length === 0) return 0;
  if (words.length <= window) return new Set(words).size / words.length;
  const counts = new Map<string, number>();
  let distinct = 0;
  let total = 0;
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    const c = counts.get(w) ?? 0;
    if (c === 0) distinct++;
    counts.set(w, c + 1);
    if (i >= window) {
      const old = words[i - window] as string;
      const oc = counts.get(old) as number;
      if (oc === 1) distinct--;
      counts.set(old, oc - 1);
    }
    if (i >= window - 1) total += distinct / window;
  }
  return total / (words.length - window + 1);
}

const BLOCK = 100;

/** Share of words used once, and share of word trigrams seen before, in one block of words. */
function hapaxAndRepeats(words: readonly string[]): [number, number] {
  const counts = new Map<string, number>();
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  let hapax = 0;
  for (const c of counts.values()) if (c === 1) hapax++;
  const seen = new Set<string>();
  let repeated = 0;
  for (let i = 2; i < words.length; i++) {
    const key = `${words[i - 2]} ${words[i - 1]} ${words[i]}`;
    if (seen.has(key)) repeated++;
    else seen.add(key);
  }
  return [safe(hapax, words.length), safe(repeated, words.length - 2)];
}

const safe = (a: number, b: number) => (b > 0 ? a / b : 0);
const stdOf = (sum: number, sq: number, n: number) => (n > 1 ? Math.sqrt(Math.max(0, sq / n - (sum / n) ** 2)) : 0);

/** The feature vector of a run of sentences (a whole text or a window). */
export function featureVector(stats: readonly SentenceStats[]): number[] {
  let tokens = 0, words = 0, chars = 0, charsSq = 0, tri = 0, triSq = 0, uni = 0, z = 0, zSq = 0, zLow = 0, zHigh = 0;
  let pmi = 0, pmiSq = 0, gain = 0, unk = 0, logRank = 0, contractions = 0, possessives = 0, stock = 0, caps = 0, nums = 0;
  const bandCount = new Array<number>(BANDS).fill(0);
  const bandZ = new Array<number>(BANDS).fill(0);
  const rank = [0, 0, 0, 0, 0, 0];
  let sentTri = 0, sentTriSq = 0, sentZ = 0, sentZSq = 0;
  const fw = new Array<number>(FUNCTION_WORDS.length).fill(0);
  const punct = new Array<number>(PUNCT_KINDS.length).fill(0);
  let lenSum = 0, lenSq = 0, startRepeat = 0, startThe = 0, startPronoun = 0;
  const all: string[] = [];
  let prevFirst = '';
  for (const s of stats) {
    tokens += s.tokens; words += s.words; chars += s.chars; charsSq += s.charsSq; tri += s.tri; triSq += s.triSq;
    uni += s.uni; z += s.z; zSq += s.zSq; zLow += s.zLow; zHigh += s.zHigh; pmi += s.pmi; pmiSq += s.pmiSq;
    gain += s.gain; unk += s.unk; logRank += s.logRank; contractions += s.contractions; possessives += s.possessives;
    stock += s.stock; caps += s.caps; nums += s.nums;
    for (let b = 0; b < BANDS; b++) {
      bandCount[b] = (bandCount[b] as number) + (s.bandCount[b] as number);
      bandZ[b] = (bandZ[b] as number) + (s.bandZ[b] as number);
    }
    for (let r = 0; r < 6; r++) rank[r] = (rank[r] as number) + (s.rank[r] as number);
    const mt = safe(s.tri, s.tokens);
    const mz = safe(s.z, s.tokens);
    sentTri += mt;
    sentTriSq += mt * mt;
    sentZ += mz;
    sentZSq += mz * mz;
    for (let f = 0; f < fw.length; f++) fw[f] = (fw[f] as number) + (s.fw[f] as number);
    for (let p = 0; p < punct.length; p++) punct[p] = (punct[p] as number) + (s.punct[p] as number);
    lenSum += s.words;
    lenSq += s.words * s.words;
    if (s.first !== '' && s.first === prevFirst) startRepeat++;
    if (s.first === 'the') startThe++;
    if (PRONOUN_START.has(s.first)) startPronoun++;
    prevFirst = s.first;
    for (const w of s.list) all.push(w);
  }
  const n = stats.length;
  const letterWords = words - nums;
  const sentMean = safe(lenSum, n);
  const sentStd = stdOf(lenSum, lenSq, n);
  // Hapax share and repeated trigrams grow or shrink with length; measuring them in blocks of about 100 words
  // keeps a long essay comparable with the short passages the model was trained on.
  let hapaxSum = 0, repSum = 0, blocks = 0;
  const blockCount = Math.max(1, Math.round(all.length / BLOCK));
  for (let b = 0; b < blockCount; b++) {
    const part = all.slice(Math.floor((b * all.length) / blockCount), Math.floor(((b + 1) * all.length) / blockCount));
    const [h, r] = hapaxAndRepeats(part);
    hapaxSum += h;
    repSum += r;
    blocks++;
  }
  const common = (bandCount[0] as number) + (bandCount[1] as number) + (bandCount[PUNCT_BAND] as number);
  const content = tokens - common;
  const wordsNonPunct = bandCount.slice(0, BANDS - 1).reduce((a, b) => a + b, 0);
  const v: number[] = [
    safe(tri, tokens), stdOf(tri, triSq, tokens), safe(uni, words), safe(z, tokens), stdOf(z, zSq, tokens),
    safe(zLow, tokens), safe(zHigh, tokens), safe(pmi, tokens), stdOf(pmi, pmiSq, tokens), safe(gain, tokens),
    ...bandZ.map((bz, b) => safe(bz, bandCount[b] as number)),
    ...bandCount.slice(0, BANDS - 1).map((c) => safe(c, wordsNonPunct)),
    safe(unk, letterWords), safe(logRank, letterWords), stdOf(sentTri, sentTriSq, n), stdOf(sentZ, sentZSq, n),
    ...rank.map((c, r) => safe(c, r < 3 ? common : content)),
    sentMean, sentStd, safe(sentStd, sentMean), safe(chars, letterWords), stdOf(chars, charsSq, letterWords),
    mattr(all, 40), safe(hapaxSum, blocks),
    ...fw.map((c) => safe(c, words)), safe(fw.reduce((a, b) => a + b, 0), words),
    ...punct.map((c) => safe(c, words)), safe(contractions, words), safe(possessives, words), safe(stock * 100, words),
    safe(repSum, blocks), safe(startRepeat, n - 1), safe(startThe, n), safe(startPronoun, n),
    safe(caps, letterWords), safe(nums, words),
  ];
  return v;
}
