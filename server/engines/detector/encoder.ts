/**
 * The transformer family of detector v4: our fine-tuned MiniLM encoder (model/encoder-v4.onnx, int8, written by
 * `npm run train:encoder`) reads the qualifying prose in windows of 256 WordPiece tokens and gives each window a
 * logit (machine > 0). Runs in the engine worker threads through onnxruntime-node on one CPU thread per engine
 * thread. onnxruntime is imported on first use, so code that never scores (the admin command) never loads it.
 */
import { readFileSync } from 'node:fs';
import type { InferenceSession, Tensor } from 'onnxruntime-node';
import { WordPiece, windows } from '../../models/wordpiece.ts';

/** Tokens per window, [CLS] and [SEP] included (training/detector/train_encoder.py WINDOW). */
export const ENCODER_WINDOW = 256;
/**
 * At most this many windows are read from one text, evenly spaced over it (a 3,500-word essay has about 18): the
 * document's figure is their mean, so a sample of a long text gives nearly the same figure at a fraction of the time.
 */
export const MAX_WINDOWS = 8;

/** The windows a text is read in: every window of a short text, an evenly spaced sample of a long one. */
export function sampleWindows<T>(all: readonly T[], max = MAX_WINDOWS): T[] {
  if (all.length <= max) return [...all];
  return Array.from({ length: max }, (_, i) => all[Math.round((i * (all.length - 1)) / (max - 1))] as T);
}

/** A loaded encoder: tokenizer and inference session. */
export class EncoderScorer {
  private readonly session: InferenceSession;
  private readonly tokenizer: WordPiece;
  private readonly ort: typeof import('onnxruntime-node');

  private constructor(session: InferenceSession, tokenizer: WordPiece, ort: typeof import('onnxruntime-node')) {
    this.session = session;
    this.tokenizer = tokenizer;
    this.ort = ort;
  }

  /** Loads the ONNX file and its vocabulary; `threads` is onnxruntime's intra-op thread count. */
  static async load(modelPath: string, vocabPath: string, threads = 1): Promise<EncoderScorer> {
    const ort = await import('onnxruntime-node');
    const session = await ort.InferenceSession.create(modelPath, {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
    });
    return new EncoderScorer(session, new WordPiece(readFileSync(vocabPath, 'utf8')), ort);
  }

  /** The windows of a prose text (token ids, [CLS] and [SEP] included), sampled as `sampleWindows` does. */
  windowsOf(prose: string): number[][] {
    const ids = this.tokenizer.encode(prose);
    if (ids.length === 0) return [];
    return sampleWindows(windows(ids, this.tokenizer.cls, this.tokenizer.sep, ENCODER_WINDOW));
  }

  /** One logit per window, in order (one batch, padded to the longest window with the mask off). */
  async scoreWindows(batch: readonly number[][]): Promise<number[]> {
    if (batch.length === 0) return [];
    const width = Math.max(...batch.map((w) => w.length));
    const ids = new BigInt64Array(batch.length * width);
    const mask = new BigInt64Array(batch.length * width);
    batch.forEach((w, i) => {
      for (let j = 0; j < w.length; j++) {
        ids[i * width + j] = BigInt(w[j] as number);
        mask[i * width + j] = 1n;
      }
    });
    const dims = [batch.length, width];
    const out = await this.session.run({
      input_ids: new this.ort.Tensor('int64', ids, dims),
      attention_mask: new this.ort.Tensor('int64', mask, dims),
    });
    const logits = (out.logit as Tensor).data as Float32Array;
    return Array.from(logits, (v) => Number(v));
  }

  /** The window logits of a prose text. */
  async score(prose: string): Promise<number[]> {
    return this.scoreWindows(this.windowsOf(prose));
  }
}
