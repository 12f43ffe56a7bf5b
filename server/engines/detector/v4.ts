/**
 * Detector v4: v3's stacked n-gram families and writing habits beside a fine-tuned transformer (encoder.ts), combined
 * by a small logistic model fitted on texts neither had trained on (fold 4 of the prompt-disjoint split; decision
 * 0027). Its file, model/detector-v4.json, holds the combiner, the calibration and what it was trained on; the
 * transformer itself is model/encoder-v4.onnx (server/models/registry.ts).
 */
import type { Analysis, DetectionResult, Detector } from './engine.ts';
import type { EncoderScorer } from './encoder.ts';
import { stackScore, type StackModel } from './logistic.ts';
import { joinProse } from './text.ts';

/** The combiner's inputs, in order. */
export const V4_FEATURES = ['v3_logit', 'encoder_mean', 'encoder_max', 'encoder_min', 'encoder_spread', 'log_windows'] as const;

/** The file written by `npm run train:detector:v4` (scripts/train-detector-v4.ts). */
export interface V4File {
  format: 4;
  version: string;
  /** The v3 model version it combines (its file must be that one). */
  base: string;
  encoder: { model: string; window: number; maxWindows: number };
  features: string[];
  /** Logistic model or small perceptron (logistic.ts stackScore) over V4_FEATURES; its output is the raw v4 score. */
  combine: StackModel;
  /** Calibrated logit = a * raw + b, 0 at the AI line. */
  platt: { a: number; b: number };
  training: Record<string, unknown>;
}

/**
 * The combiner's input: v3's raw document logit; the mean, highest and lowest window logit of the encoder, how far its
 * windows disagree, and how many there were (log).
 */
export function v4Input(v3Logit: number, windows: readonly number[]): number[] {
  if (windows.length === 0) return [v3Logit, 0, 0, 0, 0, 0];
  const mean = windows.reduce((a, b) => a + b, 0) / windows.length;
  const spread = Math.sqrt(windows.reduce((a, b) => a + (b - mean) ** 2, 0) / windows.length);
  return [v3Logit, mean, Math.max(...windows), Math.min(...windows), spread, Math.log(windows.length)];
}

/** The qualifying prose of an analysis, its sentences joined by spaces (text.ts proseOf, from segments at hand). */
export function proseOfAnalysis(a: Pick<Analysis, 'segments' | 'qualifying'>): string {
  return joinProse(a.qualifying.map((i) => a.segments[i] as Analysis['segments'][number]));
}

/** A loaded v4 detector. */
export class DetectorV4 {
  readonly v3: Detector;
  readonly file: V4File;
  readonly encoder: EncoderScorer;

  constructor(v3: Detector, file: V4File, encoder: EncoderScorer) {
    if (file.format !== 4) throw new Error(`detector v4 file format ${String(file.format)} is not supported; retrain with npm run train:detector:v4`);
    if (file.base !== v3.file.version || file.features.join(',') !== V4_FEATURES.join(',')) {
      throw new Error(`detector v4 file combines ${file.base} with features ${file.features.join(',')}; retrain with npm run train:detector:v4`);
    }
    this.v3 = v3;
    this.file = file;
    this.encoder = encoder;
  }

  /** The raw v4 score of an analysed text, from v3's logit and the encoder's window logits. */
  rawScore(v3Logit: number, windows: readonly number[]): number {
    return stackScore(this.file.combine, v4Input(v3Logit, windows));
  }

  /** Scores a text: v3's analysis and sentence windows, the combined document figure. */
  async detect(text: string): Promise<DetectionResult> {
    const a = this.v3.analyse(text);
    const none = this.v3.unqualified(a, this.file.version);
    if (none) return none;
    const windows = await this.encoder.score(proseOfAnalysis(a));
    const raw = this.rawScore(this.v3.documentLogit(a), windows);
    return this.v3.resultOf(a, () => this.file.platt.a * raw + this.file.platt.b, this.file.version);
  }
}
