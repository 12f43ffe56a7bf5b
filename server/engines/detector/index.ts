/**
 * Offline AI-text detector. v4 (decision 0027): v3's hashed char/word/shape n-gram models and writing-habit features
 * (decision 0017, model/detector-v3.json) combined with a fine-tuned transformer (model/encoder-v4.onnx, read in
 * encoder.ts) by model/detector-v4.json. Where the transformer is absent or not the registry's file, v3 answers alone
 * and the result says so (`degraded`). The paraphrase classifier is model/paraphrase-v1.json.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MODELS, modelStatus } from '../../models/index.ts';
import { Detector, type DetectionResult, type ModelFile } from './engine.ts';
import { EncoderScorer } from './encoder.ts';
import { ParaphraseScorer, type ParaphraseFile } from './paraphrase.ts';
import { DetectorV4, type V4File } from './v4.ts';

export type { DetectionResult, SentenceScore } from './engine.ts';

/** Path of the committed v3 model file. */
export const MODEL_PATH = fileURLToPath(new URL('./model/detector-v3.json', import.meta.url));
/** Where detector v4's transformer is put (npm run train:encoder), and its vocabulary; the registry names them once v4 ships. */
export const ENCODER_PATH = fileURLToPath(new URL('./model/encoder-v4.onnx', import.meta.url));
export const ENCODER_VOCAB_PATH = fileURLToPath(new URL('./model/encoder-v4.vocab.txt', import.meta.url));
/** Path of the committed v4 combiner. */
export const V4_MODEL_PATH = fileURLToPath(new URL('./model/detector-v4.json', import.meta.url));
/** Path of the committed paraphrase model file. */
export const PARAPHRASE_MODEL_PATH = fileURLToPath(new URL('./model/paraphrase-v1.json', import.meta.url));

let detector: Detector | null = null;
let paraphrase: ParaphraseScorer | null = null;

/** Loads the committed v3 model (called at server start; `detect` calls it lazily too). */
export function loadModel(): void {
  if (detector) return;
  detector = new Detector(JSON.parse(readFileSync(MODEL_PATH, 'utf8')) as ModelFile);
}

/** Which detector answers, and why it is degraded when it is. */
export interface DetectorEngine {
  version: string;
  /** Null when the build's detector runs (v4, or v3 in a build without the transformer); else why v3 runs instead of v4. */
  degraded: string | null;
}

/** Which detector will answer, read off the files alone (nothing loaded): the start-up report says it. */
export function detectorPlan(): DetectorEngine & { files?: { onnx: string; vocab: string } } {
  const onnxEntry = MODELS.find((m) => m.name === 'detector-encoder-v4');
  const vocabEntry = MODELS.find((m) => m.name === 'detector-encoder-v4-vocab');
  const base = 'detector-v3';
  // Not in this build at all (the registry lists no transformer): v3 is the detector, and nothing is degraded.
  if (!onnxEntry || !vocabEntry) return { version: base, degraded: null };
  const [onnx, vocab] = [modelStatus(onnxEntry), modelStatus(vocabEntry)];
  for (const s of [onnx, vocab]) {
    if (s.state !== 'ready') return { version: base, degraded: `${s.entry.name}: ${s.state === 'missing' ? `not found at ${s.path}` : (s.detail ?? 'not the registry file')}` };
  }
  if (!existsSync(V4_MODEL_PATH)) return { version: base, degraded: `no combiner file at ${V4_MODEL_PATH}` };
  return { version: 'detector-v4', degraded: null, files: { onnx: onnx.path, vocab: vocab.path } };
}

let v4: Promise<{ detector: DetectorV4 | null; engine: DetectorEngine }> | null = null;

/** Loads v4 once per thread: the combiner file, the transformer and its vocabulary, each checked against the registry. */
export function loadV4(): Promise<{ detector: DetectorV4 | null; engine: DetectorEngine }> {
  v4 ??= (async () => {
    loadModel();
    const base = detector as Detector;
    const plan = detectorPlan();
    if (!plan.files) return { detector: null, engine: { version: base.file.version, degraded: plan.degraded } };
    try {
      const file = JSON.parse(readFileSync(V4_MODEL_PATH, 'utf8')) as V4File;
      const scorer = await EncoderScorer.load(plan.files.onnx, plan.files.vocab, 1);
      return { detector: new DetectorV4(base, file, scorer), engine: { version: file.version, degraded: null } };
    } catch (error) {
      return { detector: null, engine: { version: base.file.version, degraded: `the transformer could not be loaded: ${error instanceof Error ? error.message : String(error)}` } };
    }
  })();
  return v4;
}

/**
 * Scores a text with the best detector present: v4, or v3 alone (then `degraded` is set). The overall calibrated AI
 * probability, per-sentence scores and which parts qualify.
 */
export async function detectText(text: string, engine: ReturnType<typeof loadV4> = loadV4()): Promise<DetectionResult & { degraded: boolean }> {
  const { detector: d, engine: which } = await engine;
  if (d) return { ...(await d.detect(text)), degraded: false };
  return { ...detect(text), degraded: which.degraded !== null };
}

/** Scores a text with v3 alone (synchronous; the humanizer's checks, samples and training read it). */
export function detect(text: string): DetectionResult {
  loadModel();
  return (detector as Detector).detect(text);
}

/** The version of the loaded v3 model. */
export function modelVersion(): string {
  loadModel();
  return (detector as Detector).file.version;
}

/**
 * How much a sentence reads as machine text rewritten by a paraphrasing tool such as our humanizer (0..1). Expects
 * one sentence, as the report passes for each sentence the detector judged AI; a passage of several sentences gets
 * the mean of its sentences' raw scores. Calibrated so that 0.5, where the report marks a sentence
 * "AI-paraphrased", is reached by about 10% of plain machine sentences (held out). It says nothing about whether
 * the text is machine-written at all: ask `detect` first. Text without letters scores 0.
 */
export function paraphraseScore(text: string): number {
  if (!paraphrase) {
    loadModel();
    paraphrase = new ParaphraseScorer(JSON.parse(readFileSync(PARAPHRASE_MODEL_PATH, 'utf8')) as ParaphraseFile, detector as Detector);
  }
  return paraphrase.score(text);
}
