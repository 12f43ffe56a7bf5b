/**
 * The report's second classifier: does a sentence read as machine text that went through a paraphrasing tool
 * (our humanizer: its substitution vocabulary, injected contractions, split and merged sentences, words that fit
 * their context worse than the original did), rather than as plain machine text?
 *
 * A separate model file (model/paraphrase-v1.json, `npm run train:paraphrase`) so that the main detector's
 * reproducibility check does not depend on the humanizer, which changes over time. Two parts:
 * - a sparse linear model over hashed word unigrams, word bigrams and shape n-grams (style.ts) of the sentence;
 * - a logistic regression over the main detector's sentence features (n-gram log-probabilities, word
 *   frequencies, stylometry) plus that sparse score, Platt-calibrated on out-of-fold scores with the two classes
 *   weighted equally for the slope; the intercept puts 0.5 where only 10% of plain machine sentences score (out
 *   of fold), so a sentence at or above 0.5 — the report's "AI-paraphrased" mark — is seldom plain AI text.
 */
import type { Detector } from './engine.ts';
import { featureVector, sentenceStats, sentenceTokens } from './features.ts';
import { linearScore, sigmoid, type LinearModel } from './logistic.ts';
import { ngramHash, shapeHashes, styleScoreOf, tokenHash, type StyleModel } from './style.ts';
import { segmentText, type Token } from './text.ts';

/** The versioned model file written by `npm run train:paraphrase`. */
export interface ParaphraseFile {
  format: 1;
  version: string;
  /** Version of the main detector model whose language model and word list the features use. */
  detector: string;
  /** FNV-1a fingerprint of the humanizer outputs the model was trained on (changes when the humanizer does). */
  humanizer: string;
  sparse: StyleModel;
  dense: LinearModel;
  platt: { a: number; b: number };
  training: Record<string, unknown>;
}

/** Hashes of the sparse features of one token sequence: word unigrams, word bigrams and shape n-grams. */
export function paraphraseHashes(tokens: readonly Token[], rank: ReadonlyMap<string, number>): number[] {
  const out = shapeHashes(tokens, rank);
  const words = [tokenHash('<s>'), ...tokens.map((t) => tokenHash(t.w)), tokenHash('</s>')];
  for (let i = 1; i < words.length - 1; i++) out.push(ngramHash(words, i, 1, 1));
  for (let i = 0; i + 2 <= words.length; i++) out.push(ngramHash(words, i, 2, 1));
  return out;
}

/** Feature rows of one text (scored as one unit), for training and inference alike. */
export function paraphraseFeatures(text: string, detector: Detector): { hashes: number[]; dense: number[] } {
  const tokens = sentenceTokens(text);
  const stats = sentenceStats(tokens, detector.context);
  return { hashes: paraphraseHashes(tokens, detector.context.rank), dense: featureVector([stats]) };
}

/** A loaded paraphrase classifier. */
export class ParaphraseScorer {
  readonly file: ParaphraseFile;
  private readonly detector: Detector;

  constructor(file: ParaphraseFile, detector: Detector) {
    this.file = file;
    this.detector = detector;
    if (file.format !== 1) throw new Error(`paraphrase model format ${String(file.format)} is not supported; retrain with npm run train:paraphrase`);
  }

  /** Raw score (log-odds before calibration) of one sentence. */
  logit(sentence: string): number {
    const f = paraphraseFeatures(sentence, this.detector);
    const sparse = styleScoreOf(this.file.sparse, [f.hashes]);
    return linearScore(this.file.dense, [...f.dense, sparse]);
  }

  /**
   * Calibrated 0..1 score; 0 for text without letters. A text of several sentences gets the mean of its
   * sentences' raw scores (the model is trained on single sentences).
   */
  score(text: string): number {
    if (!/\p{L}/u.test(text)) return 0;
    const parts = segmentText(text).filter((s) => s.kind === 'prose' && /\p{L}/u.test(s.text));
    const sentences = parts.length > 1 ? parts.map((s) => s.text) : [text];
    let sum = 0;
    for (const s of sentences) sum += this.logit(s);
    return sigmoid(this.file.platt.a * (sum / sentences.length) + this.file.platt.b);
  }
}
