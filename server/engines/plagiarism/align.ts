/**
 * Passage alignment between a checked text and one source, in the manner of
 * the best PAN text-alignment systems (Sanchez-Perez, Sidorov and Gelbukh 2014):
 * seeds — exact word runs, and sentence pairs whose tf-idf vectors are close —
 * are clustered into passages when they lie near each other in the checked text
 * and in the source (in any order, so reordered sentences stay one passage),
 * then each passage is validated and trimmed.
 */
import { sentences, tokenize, type Sentence, type Token } from './text.ts';

/** A text ready for alignment: its words and sentences. */
export interface Prepared {
  text: string;
  tokens: Token[];
  sentences: Sentence[];
}

/** Tokenizes once; a checked text is aligned against many sources. */
export function prepare(text: string): Prepared {
  const tokens = tokenize(text);
  return { text, tokens, sentences: sentences(text, tokens) };
}

/** A passage of the checked text found in the source, by character offsets on both sides. */
export interface Passage {
  start: number;
  end: number;
  sourceStart: number;
  sourceEnd: number;
  /** Words of the checked text inside the passage. */
  words: number;
  /** Words of the passage met in the source (exact runs and shared content words). */
  matchedWords: number;
  /** The passage is a verbatim copy (one unbroken run of the same words). */
  identical: boolean;
}

/** Tuning of the aligner; the defaults are the ones the evaluation reports. */
export interface AlignOptions {
  /** Matched words below which a passage is noise, whatever the user's own filter. */
  minMatchedWords: number;
  /** Largest gap, in words of the checked text, bridged between two seeds of one passage. */
  gapWords: number;
  /** Largest distance, in source words, between seeds of one passage (reordering tolerance). */
  sourceGapWords: number;
  /** Cosine of tf-idf sentence vectors from which a sentence pair is a seed. */
  sentenceCosine: number;
  /** Shared content words a sentence seed needs at least. */
  sentenceShared: number;
  /** Matched words / words of the passage below which it is dropped. */
  minDensity: number;
}

export const defaultAlignOptions: AlignOptions = {
  minMatchedWords: 8,
  gapWords: 24,
  sourceGapWords: 120,
  sentenceCosine: 0.5,
  sentenceShared: 4,
  minDensity: 0.35,
};

interface Seed {
  s0: number;
  s1: number;
  r0: number;
  r1: number;
  /** Exact run (true) or similar sentences (false). */
  exact: boolean;
  /** Token indexes of the checked text this seed accounts for; null: all of s0..s1 (an exact run). */
  matched: number[] | null;
  cosine: number;
}

/** Per-text work that does not depend on the source: done once for a text checked against many. */
const trigramCache = new WeakMap<Token[], (string | null)[]>();
function trigramKeys(tokens: Token[]): (string | null)[] {
  let keys = trigramCache.get(tokens);
  if (!keys) {
    keys = [];
    for (let i = 0; i + 3 <= tokens.length; i++) {
      keys.push(tokens[i]!.stop && tokens[i + 1]!.stop && tokens[i + 2]!.stop ? null : `${tokens[i]!.stem} ${tokens[i + 1]!.stem} ${tokens[i + 2]!.stem}`);
    }
    trigramCache.set(tokens, keys);
  }
  return keys;
}

function forEachMatched(seed: Seed, fn: (k: number) => void): void {
  if (seed.matched) for (const k of seed.matched) fn(k);
  else for (let k = seed.s0; k < seed.s1; k++) fn(k);
}

const matchedCount = (seed: Seed) => (seed.matched ? seed.matched.length : seed.s1 - seed.s0);

const range = (a: number, b: number) => Array.from({ length: Math.max(0, b - a) }, (_, i) => a + i);

/** Exact runs of at least three words (not all function words), extended as far as they go. */
function exactSeeds(s: Token[], r: Token[]): Seed[] {
  const index = new Map<string, number[]>();
  const sourceKeys = trigramKeys(r);
  for (let j = 0; j < sourceKeys.length; j++) {
    const key = sourceKeys[j];
    if (key === null || key === undefined) continue;
    const list = index.get(key);
    if (!list) index.set(key, [j]);
    else if (list.length < 16) list.push(j);
  }
  const covered = new Map<number, number>();
  const seeds: Seed[] = [];
  const keys = trigramKeys(s);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (key === null || key === undefined) continue;
    const list = index.get(key);
    if (!list) continue;
    for (const j of list) {
      const diagonal = i - j;
      const until = covered.get(diagonal) ?? -1;
      if (until > i) continue;
      let a = i;
      let b = j;
      while (a > 0 && b > 0 && a - 1 >= until && s[a - 1]!.stem === r[b - 1]!.stem) {
        a--;
        b--;
      }
      let len = i - a + 3;
      while (a + len < s.length && b + len < r.length && s[a + len]!.stem === r[b + len]!.stem) len++;
      covered.set(diagonal, a + len);
      seeds.push({ s0: a, s1: a + len, r0: b, r1: b + len, exact: true, matched: null, cosine: 1 });
    }
  }
  return seeds;
}

const bagCache = new WeakMap<Prepared, Map<string, number>[]>();
const dfCache = new WeakMap<Prepared, Map<string, number>>();

/** In how many of a text's sentences each term occurs. */
function documentFrequencies(p: Prepared, bags: Map<string, number>[]): Map<string, number> {
  let df = dfCache.get(p);
  if (!df) {
    df = new Map();
    for (const b of bags) for (const term of b.keys()) df.set(term, (df.get(term) ?? 0) + 1);
    dfCache.set(p, df);
  }
  return df;
}

/** Sentence pairs whose tf-idf vectors of content stems are close (paraphrase, reordering within a sentence). */
function sentenceSeeds(sp: Prepared, rp: Prepared, options: AlignOptions): Seed[] {
  const bag = (p: Prepared, sentence: Sentence) => {
    const terms = new Map<string, number>();
    for (let i = sentence.first; i < sentence.last; i++) {
      const t = p.tokens[i]!;
      if (t.stop || t.stem.length < 3) continue;
      terms.set(t.stem, (terms.get(t.stem) ?? 0) + 1);
    }
    return terms;
  };
  const bags = (p: Prepared) => {
    let cached = bagCache.get(p);
    if (!cached) {
      cached = p.sentences.map((x) => bag(p, x));
      bagCache.set(p, cached);
    }
    return cached;
  };
  const sBags = bags(sp);
  const rBags = bags(rp);
  const sDf = documentFrequencies(sp, sBags);
  const rDf = documentFrequencies(rp, rBags);
  const total = sBags.length + rBags.length;
  const idf = (term: string) => Math.log(total / Math.max(1, (sDf.get(term) ?? 0) + (rDf.get(term) ?? 0)));
  const vector = (b: Map<string, number>) => {
    const v = new Map<string, number>();
    let norm = 0;
    for (const [term, tf] of b) {
      const x = tf * idf(term);
      v.set(term, x);
      norm += x * x;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [term, x] of v) v.set(term, x / norm);
    return v;
  };
  // Only sentences sharing enough terms with the source are worth a vector: most of a long text is not.
  const sharedWithSource = (b: Map<string, number>) => {
    let n = 0;
    for (const term of b.keys()) if (rDf.has(term)) n++;
    return n;
  };
  const sVecs = sBags.map((b) => (b.size >= options.sentenceShared && sharedWithSource(b) >= options.sentenceShared ? vector(b) : null));
  const rVecs = rBags.map(vector);
  const postings = new Map<string, number[]>();
  rVecs.forEach((v, j) => {
    for (const term of v.keys()) {
      const list = postings.get(term);
      if (list) list.push(j);
      else postings.set(term, [j]);
    }
  });
  const seeds: Seed[] = [];
  sVecs.forEach((v, i) => {
    if (!v) return;
    const dots = new Map<number, { dot: number; shared: number }>();
    for (const [term, x] of v) {
      const list = postings.get(term);
      // A term in a hundred sentences of one source says nothing about which of them was copied.
      if (!list || list.length > 100) continue;
      for (const j of list) {
        const acc = dots.get(j) ?? { dot: 0, shared: 0 };
        acc.dot += x * (rVecs[j]!.get(term) ?? 0);
        acc.shared++;
        dots.set(j, acc);
      }
    }
    // The few closest source sentences only: a text that repeats itself must not make seeds quadratic.
    const close = [...dots].filter(([, d]) => d.dot >= options.sentenceCosine && d.shared >= options.sentenceShared).sort((a, b) => b[1].dot - a[1].dot).slice(0, 3);
    for (const [j, { dot }] of close) {
      const ss = sp.sentences[i]!;
      const rs = rp.sentences[j]!;
      const terms = rBags[j]!;
      const matched = range(ss.first, ss.last).filter((k) => terms.has(sp.tokens[k]!.stem));
      seeds.push({ s0: ss.first, s1: ss.last, r0: rs.first, r1: rs.last, exact: false, matched, cosine: dot });
    }
  });
  return seeds;
}

interface Cluster {
  s0: number;
  s1: number;
  r0: number;
  r1: number;
  seeds: Seed[];
}

const sourceDistance = (a: { r0: number; r1: number }, b: { r0: number; r1: number }) => Math.max(0, Math.max(a.r0, b.r0) - Math.min(a.r1, b.r1));

function absorb(c: Cluster, seed: { s0: number; s1: number; r0: number; r1: number; seeds?: Seed[] } & Partial<Seed>): void {
  c.s0 = Math.min(c.s0, seed.s0);
  c.s1 = Math.max(c.s1, seed.s1);
  c.r0 = Math.min(c.r0, seed.r0);
  c.r1 = Math.max(c.r1, seed.r1);
}

function cluster(seeds: Seed[], options: AlignOptions): Cluster[] {
  seeds.sort((a, b) => a.s0 - b.s0 || b.s1 - a.s1);
  let clusters: Cluster[] = [];
  for (const seed of seeds) {
    let best: Cluster | undefined;
    let bestDistance = Infinity;
    for (let k = clusters.length - 1; k >= 0; k--) {
      const c = clusters[k]!;
      if (seed.s0 - c.s1 > options.gapWords) continue;
      const d = sourceDistance(c, seed);
      if (d <= options.sourceGapWords && d < bestDistance) {
        best = c;
        bestDistance = d;
      }
    }
    if (best) {
      absorb(best, seed);
      best.seeds.push(seed);
    } else {
      clusters.push({ s0: seed.s0, s1: seed.s1, r0: seed.r0, r1: seed.r1, seeds: [seed] });
    }
  }
  // Clusters that grew into each other become one.
  for (let changed = true; changed; ) {
    changed = false;
    clusters.sort((a, b) => a.s0 - b.s0);
    const merged: Cluster[] = [];
    for (const c of clusters) {
      const last = merged.at(-1);
      if (last && c.s0 - last.s1 <= options.gapWords && sourceDistance(last, c) <= options.sourceGapWords) {
        absorb(last, c);
        last.seeds.push(...c.seeds);
        changed = true;
      } else {
        merged.push(c);
      }
    }
    clusters = merged;
  }
  return clusters;
}

/**
 * Keeps the seeds that account for words no stronger seed explains, and drops
 * stray short runs at the edges (chance matches of a common phrase nearby):
 * a sentence seed over a verbatim sentence, or a common phrase met again
 * elsewhere in the source, must not widen the passage on either side.
 */
function trim(c: Cluster): Cluster {
  const strength = (x: Seed) => (x.exact ? 1_000 + (x.s1 - x.s0) : x.cosine);
  const owned = new Set<number>();
  let seeds: Seed[] = [];
  for (const seed of [...c.seeds].sort((a, b) => strength(b) - strength(a))) {
    let fresh = 0;
    forEachMatched(seed, (k) => {
      if (!owned.has(k)) fresh++;
    });
    if (fresh < Math.max(3, matchedCount(seed) * 0.5)) continue;
    forEachMatched(seed, (k) => owned.add(k));
    seeds.push(seed);
  }
  seeds = seeds.sort((a, b) => a.s0 - b.s0);
  const stray = (seed: Seed, gap: number) => seed.exact && seed.s1 - seed.s0 <= 4 && gap > 3;
  while (seeds.length > 1 && stray(seeds[0]!, Math.min(...seeds.slice(1).map((x) => x.s0)) - seeds[0]!.s1)) seeds.shift();
  while (seeds.length > 1) {
    const lastSeed = seeds.at(-1)!;
    if (!stray(lastSeed, lastSeed.s0 - Math.max(...seeds.slice(0, -1).map((x) => x.s1)))) break;
    seeds.pop();
  }
  const out: Cluster = { s0: Infinity, s1: -Infinity, r0: Infinity, r1: -Infinity, seeds };
  for (const seed of seeds) absorb(out, seed);
  return out;
}

const openers = new Set(['"', '“', '‘', '(', '[', "'"]);
const closers = new Set(['.', ',', ';', ':', '!', '?', '"', '”', '’', ')', ']', "'"]);

/** Widens a word span over the punctuation glued to it, so a copied sentence is covered to its full stop. */
function charSpan(text: string, tokens: Token[], first: number, last: number): { start: number; end: number } {
  let start = tokens[first]!.start;
  let end = tokens[last - 1]!.end;
  while (start > 0 && openers.has(text[start - 1]!)) start--;
  while (end < text.length && closers.has(text[end]!)) end++;
  return { start, end };
}

/** Finds every passage of `checked` that comes from `source`. */
export function alignPair(checked: Prepared, source: Prepared, options: AlignOptions = defaultAlignOptions): Passage[] {
  if (checked.tokens.length < 3 || source.tokens.length < 3) return [];
  const seeds = [...exactSeeds(checked.tokens, source.tokens), ...sentenceSeeds(checked, source, options)];
  if (seeds.length === 0) return [];
  const passages: Passage[] = [];
  for (const raw of cluster(seeds, options)) {
    const c = trim(raw);
    // Marks relative to the passage's first word: matched by any seed (1), by an exact run (2).
    const marks = new Uint8Array(c.s1 - c.s0);
    let longestRun = 0;
    let sentencePairs = 0;
    let bestCosine = 0;
    for (const seed of c.seeds) {
      forEachMatched(seed, (k) => {
        marks[k - c.s0] = marks[k - c.s0]! | (seed.exact ? 3 : 1);
      });
      if (seed.exact) {
        longestRun = Math.max(longestRun, seed.s1 - seed.s0);
      } else {
        sentencePairs++;
        bestCosine = Math.max(bestCosine, seed.cosine);
      }
    }
    const span = c.s1 - c.s0;
    let matchedWords = 0;
    let exactWords = 0;
    for (const m of marks) {
      if (m) matchedWords++;
      if (m & 2) exactWords++;
    }
    const evidence = longestRun >= 6 || sentencePairs >= 2 || bestCosine >= 0.7 || (longestRun >= 4 && sentencePairs >= 1);
    if (!evidence || matchedWords < options.minMatchedWords || matchedWords / span < options.minDensity) continue;
    const diagonals = new Set(c.seeds.filter((x) => x.exact).map((x) => x.s0 - x.r0));
    const identical = exactWords >= span * 0.98 && diagonals.size === 1 && Math.abs(c.r1 - c.r0 - span) <= 1;
    const here = charSpan(checked.text, checked.tokens, c.s0, c.s1);
    const there = charSpan(source.text, source.tokens, c.r0, c.r1);
    passages.push({ start: here.start, end: here.end, sourceStart: there.start, sourceEnd: there.end, words: span, matchedWords, identical });
  }
  // The same stretch of the checked text matched twice (a source that repeats itself): keep the stronger.
  passages.sort((a, b) => b.matchedWords - a.matchedWords);
  const kept: Passage[] = [];
  for (const p of passages) {
    const clash = kept.some((k) => Math.min(k.end, p.end) - Math.max(k.start, p.start) > 0.5 * (p.end - p.start));
    if (!clash) kept.push(p);
  }
  return kept.sort((a, b) => a.start - b.start);
}
