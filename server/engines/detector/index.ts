/**
 * Offline AI-text detector: a trained classifier over n-gram log-probability, word-frequency and stylometric
 * features (see docs/decisions/0011-ai-detector.md). The model is the committed file model/detector-v1.json,
 * written by `npm run train:detector`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Detector, type DetectionResult, type ModelFile } from './engine.ts';

export type { DetectionResult, SentenceScore } from './engine.ts';

/** Path of the committed model file. */
export const MODEL_PATH = fileURLToPath(new URL('./model/detector-v1.json', import.meta.url));

let detector: Detector | null = null;

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
