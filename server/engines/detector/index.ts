/**
 * Offline AI-text detector: hashed char/word/shape n-gram models and writing-habit features, stacked (see
 * docs/decisions/0017-ai-detector-v3.md and docs/detector-model-card.md). The model is the committed file model/detector-v3.json,
 * written by `npm run train:detector`; the paraphrase classifier is model/paraphrase-v1.json, written by
 * `npm run train:paraphrase`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Detector, type DetectionResult, type ModelFile } from './engine.ts';
import { ParaphraseScorer, type ParaphraseFile } from './paraphrase.ts';

export type { DetectionResult, SentenceScore } from './engine.ts';

/** Path of the committed model file. */
export const MODEL_PATH = fileURLToPath(new URL('./model/detector-v3.json', import.meta.url));
/** Path of the committed paraphrase model file. */
export const PARAPHRASE_MODEL_PATH = fileURLToPath(new URL('./model/paraphrase-v1.json', import.meta.url));

let detector: Detector | null = null;
let paraphrase: ParaphraseScorer | null = null;

/** Loads the committed model (called at server start; `detect` calls it lazily too). */
export function loadModel(): void {
  if (detector) return;
  detector = new Detector(JSON.parse(readFileSync(MODEL_PATH, 'utf8')) as ModelFile);
}

/** Scores a text: overall calibrated AI probability, per-sentence scores and which parts qualify. */
export function detect(text: string): DetectionResult {
  loadModel();
  return (detector as Detector).detect(text);
}

/** The version of the loaded model. */
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
