/**
 * The detector proper: a model file in, scores out. `index.ts` holds the default instance loaded from the
 * committed model; training builds instances from models it has just fitted.
 */
import { countWords } from '../../../src/domain/word-count.ts';
import { FEATURE_NAMES, LEXICAL_NAMES, featureVector, lexicalScores, sentenceStats, sentenceTokens, type BandNorm, type FeatureContext, type SentenceStats } from './features.ts';
import { lexiconFingerprint } from './lexicon.ts';
import { linearScore, sigmoid, type LinearModel } from './logistic.ts';
import { NgramModel, type NgramData } from './ngram.ts';
import { styleScoreOf, type StyleModel } from './style.ts';
import { segmentText, type Segment } from './text.ts';

/** The versioned model file written by `npm run train:detector`. */
export interface ModelFile {
  format: 2;
  version: string;
  lexicon: string;
  features: string[];
  /** Fewer qualifying words than this and the text gets no verdict. */
  minWords: number;
  /** Default decision threshold on the calibrated probability. */
  threshold: number;
  doc: LinearModel;
  platt: { a: number; b: number };
  window: LinearModel;
  /** Sentence score = sigmoid(doc * doc logit + window * window logit + bias). */
  sentence: { doc: number; window: number; bias: number };
  norm: BandNorm;
  /** SUBTLEX-US words, most frequent first. */
  freq: string[];
  lm: NgramData;
  /** Naive-Bayes log-ratios of word use (machine over human) learned from the training texts. */
  lexical: { words: string[]; ratios: number[] };
  /** Linear model over hashed shape n-grams (style.ts), learned from the paired dev texts. */
  style: StyleModel;
  training: Record<string, unknown>;
}

/** A per-sentence result. */
export interface SentenceScore {
  start: number;
  end: number;
  text: string;
  /** 0..1 AI likelihood. */
  score: number;
  qualifies: boolean;
}

/** The result of one detection. */
export interface DetectionResult {
  qualifies: boolean;
  reason?: 'tooShort' | 'notProse';
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

/** Intermediate analysis of a text, exposed for training and evaluation. */
export interface Analysis {
  segments: Segment[];
  /** Indexes into `segments` of the qualifying sentences, in order. */
  qualifying: number[];
  stats: SentenceStats[];
  wordCount: number;
  qualifyingWordCount: number;
}

/** A loaded detector. */
export class Detector {
  readonly file: ModelFile;
  readonly context: FeatureContext;
  readonly ratios: Map<string, number>;

  constructor(file: ModelFile) {
    if (file.format !== 2) throw new Error(`detector model format ${String(file.format)} is not supported; retrain with npm run train:detector`);
    if (file.lexicon !== lexiconFingerprint() || file.features.join(',') !== [...FEATURE_NAMES, ...LEXICAL_NAMES].join(',')) {
      throw new Error('detector model was trained with other features or word lists; retrain with npm run train:detector');
    }
    this.file = file;
    const rank = new Map<string, number>();
    file.freq.forEach((w, i) => rank.set(w, i));
    this.context = { lm: new NgramModel(file.lm), rank, norm: file.norm };
    this.ratios = new Map(file.lexical.words.map((w, i) => [w, file.lexical.ratios[i] as number]));
  }

  /**
   * The full feature vector of a run of sentences, with lexical log-ratios from `ratios` and the style score from
   * `style` (default: the model's; training passes out-of-fold ones).
   */
  vector(stats: readonly SentenceStats[], ratios: ReadonlyMap<string, number> = this.ratios, style: StyleModel = this.file.style): number[] {
    return [...featureVector(stats), ...lexicalScores(stats, ratios, this.context.rank), styleScoreOf(style, stats.map((s) => s.shapes))];
  }

  /** Segments a text and reduces its qualifying sentences to statistics. */
  analyse(text: string): Analysis {
    const segments = segmentText(text);
    const qualifying: number[] = [];
    const stats: SentenceStats[] = [];
    let qualifyingWordCount = 0;
    segments.forEach((s, i) => {
      if (!s.qualifies) return;
      qualifying.push(i);
      stats.push(sentenceStats(sentenceTokens(s.text), this.context));
      qualifyingWordCount += s.words;
    });
    return { segments, qualifying, stats, wordCount: countWords(text), qualifyingWordCount };
  }

  /** Feature vectors of the windows around each qualifying sentence. */
  windowVectors(stats: readonly SentenceStats[], ratios: ReadonlyMap<string, number> = this.ratios, style: StyleModel = this.file.style): number[][] {
    return stats.map((_, i) => this.vector(stats.slice(Math.max(0, i - WINDOW_RADIUS), i + WINDOW_RADIUS + 1), ratios, style));
  }

  /** Raw document score (log-odds before calibration). */
  documentLogit(stats: readonly SentenceStats[]): number {
    return linearScore(this.file.doc, this.vector(stats));
  }

  /** Calibrated probability from a raw document score. */
  calibrate(logit: number): number {
    return sigmoid(this.file.platt.a * logit + this.file.platt.b);
  }

  /** Scores a text. */
  detect(text: string): DetectionResult {
    const { file } = this;
    const a = this.analyse(text);
    const sentences: SentenceScore[] = a.segments.map((s) => ({ start: s.start, end: s.end, text: s.text, score: 0, qualifies: s.qualifies }));
    const base = { threshold: file.threshold, wordCount: a.wordCount, qualifyingWordCount: a.qualifyingWordCount, modelVersion: file.version };
    if (a.qualifyingWordCount < file.minWords) {
      for (const s of sentences) s.qualifies = false;
      // Long enough overall but mostly headings, lists, code, tables or another language: not prose.
      const reason = a.wordCount >= file.minWords && a.qualifyingWordCount < a.wordCount / 2 ? 'notProse' : 'tooShort';
      return { qualifies: false, reason, probability: 0, aiShare: 0, isAi: false, sentences, ...base };
    }
    const docLogit = this.documentLogit(a.stats);
    const probability = this.calibrate(docLogit);
    const windows = this.windowVectors(a.stats);
    let aiWords = 0;
    a.qualifying.forEach((segmentIndex, k) => {
      const w = linearScore(file.window, windows[k] as number[]);
      const score = sigmoid(file.sentence.doc * docLogit + file.sentence.window * w + file.sentence.bias);
      const sentence = sentences[segmentIndex] as SentenceScore;
      sentence.score = score;
      if (score >= file.threshold) aiWords += (a.segments[segmentIndex] as Segment).words;
    });
    return {
      qualifies: true,
      probability,
      aiShare: a.qualifyingWordCount > 0 ? aiWords / a.qualifyingWordCount : 0,
      isAi: probability >= file.threshold,
      sentences,
      ...base,
    };
  }
}
