/**
 * The detector proper: a model file in, scores out. `index.ts` holds the default instance loaded from the
 * committed model; training builds instances from models it has just fitted.
 */
import { countWords } from '../../../src/domain/word-count.ts';
import { sentenceTokens, type BandNorm, type FeatureContext } from './features.ts';
import { HABIT_FEATURES, decodeLexicon, habitFeatures, sentenceHabits, type Lexicon, type SentenceHabits } from './habits.ts';
import { lexiconFingerprint } from './lexicon.ts';
import { sigmoid, stackScore, type StackModel } from './logistic.ts';
import { NgramModel, type NgramData } from './ngram.ts';
import { SPARSE_FAMILIES, charHashes, wordHashes, type SparseFamily } from './sparse.ts';
import { shapeHashes, styleScoreOf, type StyleModel } from './style.ts';
import { segmentText, type Segment } from './text.ts';

/** The versioned model file written by `npm run train:detector`. */
export interface ModelFile {
  format: 3;
  version: string;
  /** Fingerprint of the word lists of lexicon.ts (the paraphrase classifier's features read them). */
  lexicon: string;
  /** The stacker's inputs: `sparse_<family>` for each family (SPARSE_FAMILIES order), then `habit_<name>` (habits.ts). */
  features: string[];
  /** Fewer qualifying words than this and the text gets no verdict. */
  minWords: number;
  /** The AI line on the calibrated score (0.5): the calibration puts the default threshold there. */
  threshold: number;
  /** One linear model over hashed n-grams per sparse family (sparse.ts). */
  sparse: Record<SparseFamily, StyleModel>;
  /**
   * The stacker: a small perceptron (one tanh hidden layer, logistic output; logistic.ts `stackScore`) over the
   * families' logits and the writing-habit features (habits.ts), fitted on out-of-fold family logits. Its output is
   * the raw document score.
   */
  stack: StackModel;
  /** The spelling lexicon of the habit features (habits.ts encodeLexicon: hashes of accepted word forms). */
  spelling: string;
  /** Calibrated logit = a * raw score + b; 0 at the default threshold. */
  platt: { a: number; b: number };
  /**
   * Sentence logit = the text's calibrated logit + spread * a * (its window's summed family logits - the text's
   * word-weighted mean of them): the sentences of a text centre on its document score and differ from it as their
   * windows do.
   */
  sentence: { spread: number };
  /** Per-band trigram norms, SUBTLEX-US ranks and the Brown trigram model: the paraphrase classifier's features. */
  norm: BandNorm;
  /** SUBTLEX-US words, most frequent first. */
  freq: string[];
  lm: NgramData;
  training: Record<string, unknown>;
}

/** A per-sentence result. */
export interface SentenceScore {
  start: number;
  end: number;
  text: string;
  /** 0..1 AI score of the sentence, on the document's scale (flagged from the threshold). */
  score: number;
  qualifies: boolean;
}

/** The result of one detection. */
export interface DetectionResult {
  qualifies: boolean;
  reason?: 'tooShort' | 'notProse';
  /** The AI score, 0..1, rounded to 4 decimals; the text is flagged when it reaches `threshold` (0.5). */
  probability: number;
  aiShare: number;
  isAi: boolean;
  threshold: number;
  wordCount: number;
  qualifyingWordCount: number;
  sentences: SentenceScore[];
  modelVersion: string;
}

/** Sentences scored together with each sentence: itself and its neighbours on both sides. */
export const WINDOW_RADIUS = 1;

/** Hashed n-grams of one qualifying sentence, per sparse family. */
export type SentenceGrams = Record<SparseFamily, number[]>;

/** Intermediate analysis of a text, exposed for training and evaluation. */
export interface Analysis {
  segments: Segment[];
  /** Indexes into `segments` of the qualifying sentences, in order. */
  qualifying: number[];
  /** Sparse n-gram hashes of each qualifying sentence (same order as `qualifying`). */
  grams: SentenceGrams[];
  /** Words of each qualifying sentence. */
  words: number[];
  /** Writing-habit counts of each qualifying sentence (same order as `qualifying`). */
  habits: SentenceHabits[];
  wordCount: number;
  qualifyingWordCount: number;
}

/** Scores are rounded to this many decimals before any rule reads them, so what is stored is what was judged. */
const SCORE_DIGITS = 4;
const roundScore = (x: number) => Math.round(x * 10 ** SCORE_DIGITS) / 10 ** SCORE_DIGITS;
/** Highest sentence score in a text that is not flagged: just under the AI line, so no sentence is marked AI. */
const UNFLAGGED_CAP = 0.4999;

/** The feature names a model file lists. */
export const MODEL_FEATURES: readonly string[] = [...SPARSE_FAMILIES.map((f) => `sparse_${f}`), ...HABIT_FEATURES.map((h) => `habit_${h}`)];

/** Each family's logit of a run of sentences, in SPARSE_FAMILIES order. */
export function familyScores(models: Record<SparseFamily, StyleModel>, grams: readonly SentenceGrams[]): number[] {
  return SPARSE_FAMILIES.map((f) => styleScoreOf(models[f], grams.map((g) => g[f])));
}

/** The stacker's input vector: the families' logits, then the habit features. */
export function stackInput(family: readonly number[], habits: readonly SentenceHabits[]): number[] {
  return [...family, ...habitFeatures(habits)];
}

/**
 * Scores runs of sentences under the model's family weights, counting hashed n-grams in a reusable typed array
 * (several times faster than a Map per call). Gives exactly `familyScores`' values: n-grams are summed in the order of
 * their first occurrence, as a Map iterates them.
 */
class FastScorer {
  private readonly weights: Float64Array[];
  private readonly biases: number[];
  private readonly mask: number;
  private readonly counts: Float64Array;
  private readonly touched: Int32Array;

  constructor(models: Record<SparseFamily, StyleModel>) {
    const bits = models[SPARSE_FAMILIES[0]].bits;
    if (SPARSE_FAMILIES.some((f) => models[f].bits !== bits)) throw new Error('detector model families must share one hash size');
    this.weights = SPARSE_FAMILIES.map((f) => Float64Array.from(models[f].weights));
    this.biases = SPARSE_FAMILIES.map((f) => models[f].bias);
    this.mask = (1 << bits) - 1;
    this.counts = new Float64Array(1 << bits);
    this.touched = new Int32Array(1 << bits);
  }

  score(grams: readonly SentenceGrams[], from = 0, to = grams.length): number {
    return this.families(grams, from, to).reduce((a, b) => a + b, 0);
  }

  /** Each family's logit (its bias included), in SPARSE_FAMILIES order. */
  families(grams: readonly SentenceGrams[], from = 0, to = grams.length): number[] {
    const out: number[] = [];
    const { counts, touched, mask } = this;
    SPARSE_FAMILIES.forEach((f, fi) => {
      const w = this.weights[fi] as Float64Array;
      let n = 0;
      for (let s = from; s < to; s++) {
        const list = (grams[s] as SentenceGrams)[f];
        for (let k = 0; k < list.length; k++) {
          const j = (list[k] as number) & mask;
          if (counts[j] === 0) touched[n++] = j;
          counts[j] = (counts[j] as number) + 1;
        }
      }
      let norm = 0;
      let dot = 0;
      for (let k = 0; k < n; k++) {
        const j = touched[k] as number;
        const v = Math.log1p(counts[j] as number);
        norm += v * v;
        dot += (w[j] as number) * v;
        counts[j] = 0;
      }
      out.push((norm > 0 ? dot / Math.sqrt(norm) : 0) + (this.biases[fi] as number));
    });
    return out;
  }
}

/** A loaded detector. */
export class Detector {
  readonly file: ModelFile;
  /** SUBTLEX-US rank of each word (the shape n-grams read it). */
  readonly rank: Map<string, number>;
  /** The spelling lexicon of the habit features. */
  readonly spelling: Lexicon;
  private readonly scorer: FastScorer;
  private lazyContext: FeatureContext | null = null;

  constructor(file: ModelFile) {
    if (file.format !== 3) throw new Error(`detector model format ${String(file.format)} is not supported; retrain with npm run train:detector`);
    if (file.lexicon !== lexiconFingerprint() || file.features.join(',') !== MODEL_FEATURES.join(',')) {
      throw new Error('detector model was trained with other features or word lists; retrain with npm run train:detector');
    }
    this.file = file;
    this.rank = new Map<string, number>();
    file.freq.forEach((w, i) => this.rank.set(w, i));
    this.spelling = decodeLexicon(file.spelling);
    this.scorer = new FastScorer(file.sparse);
  }

  /** The dense features' resources (the Brown trigram model is built on first use: only the paraphrase classifier reads it). */
  get context(): FeatureContext {
    this.lazyContext ??= { lm: new NgramModel(this.file.lm), rank: this.rank, norm: this.file.norm };
    return this.lazyContext;
  }

  /** Segments a text and reduces its qualifying sentences to n-gram hashes. */
  analyse(text: string): Analysis {
    const segments = segmentText(text);
    const qualifying: number[] = [];
    const grams: SentenceGrams[] = [];
    const words: number[] = [];
    const habits: SentenceHabits[] = [];
    let qualifyingWordCount = 0;
    segments.forEach((s, i) => {
      if (!s.qualifies) return;
      qualifying.push(i);
      const tokens = sentenceTokens(s.text);
      grams.push({ char: charHashes(s.text), word: wordHashes(tokens), shape: shapeHashes(tokens, this.rank) });
      words.push(s.words);
      habits.push(sentenceHabits(s.text, tokens, this.spelling, this.rank));
      qualifyingWordCount += s.words;
    });
    return { segments, qualifying, grams, words, habits, wordCount: countWords(text), qualifyingWordCount };
  }

  /** Each family's logit of the whole text. */
  familyLogits(a: Pick<Analysis, 'grams'>): number[] {
    return this.scorer.families(a.grams);
  }

  /** Raw document score (the stacker's log-odds, before calibration). */
  documentLogit(a: Pick<Analysis, 'grams' | 'habits'>): number {
    return stackScore(this.file.stack, stackInput(this.scorer.families(a.grams), a.habits));
  }

  /** Calibrated score (0..1, the AI line at 0.5) from a raw document score. */
  calibrate(logit: number): number {
    return sigmoid(this.file.platt.a * logit + this.file.platt.b);
  }

  /** Summed family logits of the window around each qualifying sentence. */
  windowScores(a: Pick<Analysis, 'grams'>): number[] {
    return a.grams.map((_, i) => this.scorer.score(a.grams, Math.max(0, i - WINDOW_RADIUS), Math.min(a.grams.length, i + WINDOW_RADIUS + 1)));
  }

  /**
   * Sentence scores anchored on the document: each sentence's logit is the document's calibrated logit `z` plus how
   * far its window stands out from the text's other windows. A flagged text therefore always has a sentence at or over
   * the AI line, and an unflagged one none (capped just under it), so the share and the verdict agree.
   */
  sentenceScores(z: number, a: Pick<Analysis, 'grams' | 'words'>, flagged: boolean): number[] {
    const w = this.windowScores(a);
    let sum = 0;
    let total = 0;
    w.forEach((v, k) => {
      sum += v * (a.words[k] as number);
      total += a.words[k] as number;
    });
    const mean = total > 0 ? sum / total : 0;
    const deltas = w.map((v) => this.file.sentence.spread * this.file.platt.a * (v - mean));
    if (!flagged) {
      // No sentence of an unflagged text reaches the AI line. Rather than cut every high sentence to the same
      // "49%", the deviations from the document are shrunk by one factor so that the highest lands just under
      // the line and the others keep their order and spacing below it.
      const capLogit = Math.log(UNFLAGGED_CAP / (1 - UNFLAGGED_CAP));
      const top = Math.max(0, ...deltas);
      const factor = z + top > capLogit && top > 0 ? Math.max(0, (capLogit - z) / top) : 1;
      return deltas.map((d) => Math.min(roundScore(sigmoid(z + factor * d)), UNFLAGGED_CAP));
    }
    const scores = deltas.map((d) => roundScore(sigmoid(z + d)));
    let top = 0;
    scores.forEach((s, k) => {
      if (s > (scores[top] as number)) top = k;
    });
    if (scores.length > 0 && (scores[top] as number) < this.file.threshold) scores[top] = this.file.threshold;
    return scores;
  }

  /** Scores a text. */
  detect(text: string): DetectionResult {
    const a = this.analyse(text);
    return this.resultOf(a, (a2) => this.file.platt.a * this.documentLogit(a2) + this.file.platt.b, this.file.version);
  }

  /** The result for an analysed text, that does not qualify. */
  unqualified(a: Analysis, version: string): DetectionResult | null {
    const { file } = this;
    if (a.qualifyingWordCount >= file.minWords) return null;
    const sentences: SentenceScore[] = a.segments.map((s) => ({ start: s.start, end: s.end, text: s.text, score: 0, qualifies: false }));
    // Long enough overall but mostly headings, lists, code, tables or another language: not prose.
    const reason = a.wordCount >= file.minWords && a.qualifyingWordCount < a.wordCount / 2 ? 'notProse' : 'tooShort';
    return { qualifies: false, reason, probability: 0, aiShare: 0, isAi: false, sentences, threshold: file.threshold, wordCount: a.wordCount, qualifyingWordCount: a.qualifyingWordCount, modelVersion: version };
  }

  /**
   * The result of an analysed text whose calibrated document logit (0 at the AI line) `logitOf` gives: the verdict, and
   * the sentences anchored on it. Detector v4 passes its own logit; the sentences read v3's windows either way.
   */
  resultOf(a: Analysis, logitOf: (a: Analysis) => number, version: string): DetectionResult {
    const { file } = this;
    const none = this.unqualified(a, version);
    if (none) return none;
    const z = logitOf(a);
    const probability = roundScore(sigmoid(z));
    const isAi = probability >= file.threshold;
    const scores = this.sentenceScores(z, a, isAi);
    const sentences: SentenceScore[] = a.segments.map((s) => ({ start: s.start, end: s.end, text: s.text, score: 0, qualifies: s.qualifies }));
    let aiWords = 0;
    a.qualifying.forEach((segmentIndex, k) => {
      const sentence = sentences[segmentIndex] as SentenceScore;
      sentence.score = scores[k] as number;
      if (sentence.score >= file.threshold) aiWords += a.words[k] as number;
    });
    return {
      qualifies: true, probability, aiShare: a.qualifyingWordCount > 0 ? aiWords / a.qualifyingWordCount : 0, isAi, sentences,
      threshold: file.threshold, wordCount: a.wordCount, qualifyingWordCount: a.qualifyingWordCount, modelVersion: version,
    };
  }
}
