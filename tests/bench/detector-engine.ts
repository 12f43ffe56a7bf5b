/**
 * Figures of the offline AI-text detector: held-out accuracy per domain and per generator (split by prompt, never
 * trained or calibrated on), speed on a 3,500-word essay, model load time and size; and of the paraphrase
 * classifier: held-out AUROC of sentences our humanizer rewrote against their plain machine originals, speed, load
 * and size. Prints Markdown; never fails on time. Standalone: ./node_modules/.bin/node tests/bench/detector-engine.ts
 */
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Detector, type ModelFile } from '../../server/engines/detector/engine.ts';
import { humanize } from '../../server/engines/humanizer/index.ts';
import { MODEL_PATH, PARAPHRASE_MODEL_PATH, detect, loadModel } from '../../server/engines/detector/index.ts';
import { ParaphraseScorer, type ParaphraseFile } from '../../server/engines/detector/paraphrase.ts';
import { segmentText } from '../../server/engines/detector/text.ts';
import { brownExamples, fnv1a, loadBrown, loadDetectorDataset, type Example } from '../../server/engines/detector/train/dataset.ts';
import { auroc, rateAtOrAbove } from '../../server/engines/detector/train/metrics.ts';
import { heldOutTable } from '../../server/engines/detector/train/train.ts';

/** A 3,500-word essay-like text made of held-out human passages, in paragraphs. */
function essay(pool: readonly Example[]): string {
  const paragraphs: string[] = [];
  let words = 0;
  for (const e of pool) {
    const n = e.text.split(/\s+/).length;
    const take = e.text.split(/\s+/).slice(0, Math.min(n, 3500 - words)).join(' ');
    paragraphs.push(take);
    words += take.split(/\s+/).length;
    if (words >= 3500) break;
  }
  return paragraphs.join('\n\n');
}

/** Markdown lines with the detector's figures. */
export async function detectorEngineFigures(): Promise<string[]> {
  const lines: string[] = ['## AI detector (offline engine)', ''];
  const size = statSync(MODEL_PATH).size;
  const t0 = performance.now();
  const file = JSON.parse(readFileSync(MODEL_PATH, 'utf8')) as ModelFile;
  const detector = new Detector(file);
  const loadMs = performance.now() - t0;
  loadModel();
  lines.push(`Model ${file.version}: ${(size / 1024 / 1024).toFixed(2)} MB, load ${loadMs.toFixed(0)} ms (read, parse, build tables). Default threshold ${file.threshold}.`, '');

  const dataset = loadDetectorDataset();
  const brown = loadBrown();
  const heldOut = [...(dataset ?? []), ...(brown ? brownExamples(brown) : [])].filter((e) => e.split === 'test');
  const pool = heldOut.filter((e) => e.label === 0);
  if (pool.length > 0) {
    const text = essay(pool);
    const words = text.split(/\s+/).length;
    detect(text);
    const runs = 5;
    const t1 = performance.now();
    for (let i = 0; i < runs; i++) detector.detect(text);
    const seconds = (performance.now() - t1) / 1000 / runs;
    lines.push(`Speed: ${Math.round(words / seconds).toLocaleString('en-US')} words/s on a ${words}-word essay (${(seconds * 1000).toFixed(0)} ms per run, mean of ${runs}).`, '');
  }
  if (!dataset) {
    lines.push('Held-out figures skipped: ../shared/datasets/detector is absent.');
    return lines;
  }
  const examples: Example[] = [];
  const probs: number[] = [];
  let tooShort = 0;
  for (const e of heldOut) {
    const r = detector.detect(e.text);
    if (!r.qualifies) {
      tooShort++;
      continue;
    }
    examples.push(e);
    probs.push(r.probability);
  }
  lines.push(
    `Held-out split (20% of prompts by hash, plus Brown passages of documents kept out of the language model): ${examples.length} texts scored, ${tooShort} under ${file.minWords} qualifying words not scored (most pubmed answers).`,
    '',
    ...heldOutTable(examples, probs, file.threshold),
    '',
    'Reference anchors: RAID accuracy at 5% FPR, Binoculars 0.79, Pangram 0.98; commercial detectors flagged a mean of 61% of human essays by second-language students (Liang et al., 2023).',
    '',
    ...paraphraseFigures(detector, heldOut),
  );
  return lines;
}

/** Figures of the paraphrase classifier on held-out machine texts rewritten by the humanizer as it is now. */
function paraphraseFigures(detector: Detector, heldOut: readonly Example[]): string[] {
  const lines = ['### Paraphrase classifier', ''];
  const size = statSync(PARAPHRASE_MODEL_PATH).size;
  const t0 = performance.now();
  const scorer = new ParaphraseScorer(JSON.parse(readFileSync(PARAPHRASE_MODEL_PATH, 'utf8')) as ParaphraseFile, detector);
  const loadMs = performance.now() - t0;
  const sentences = (t: string) => segmentText(t).filter((s) => s.qualifies).map((s) => s.text);
  const plain: string[] = [];
  const rewritten: string[] = [];
  let failed = 0;
  for (const e of heldOut) {
    if (e.label !== 1) continue;
    const h = fnv1a(e.text);
    let out: string;
    try {
      out = humanize(e.text, { ultra: (h >>> 8) % 2 === 1, seed: h }).text;
    } catch {
      failed++;
      continue;
    }
    const original = sentences(e.text);
    const seen = new Set(original);
    plain.push(...original);
    rewritten.push(...sentences(out).filter((s) => !seen.has(s)));
  }
  const t1 = performance.now();
  const p = plain.map((s) => scorer.score(s));
  const r = rewritten.map((s) => scorer.score(s));
  const seconds = (performance.now() - t1) / 1000;
  const words = [...plain, ...rewritten].reduce((n, s) => n + s.split(/\s+/).length, 0);
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  lines.push(
    `Model ${scorer.file.version} (trained on humanizer outputs ${scorer.file.humanizer}): ${(size / 1024 / 1024).toFixed(2)} MB, load ${loadMs.toFixed(0)} ms; ${Math.round(words / seconds).toLocaleString('en-US')} words/s sentence by sentence.`,
    '',
    `Held-out prompts, machine texts rewritten by the humanizer as it is now${failed ? ` (it failed on ${failed})` : ''}: ${rewritten.length} sentences it changed against ${plain.length} plain machine sentences.`,
    '',
    '| AUROC | changed sentences ≥ 0.5 | plain machine sentences ≥ 0.5 |',
    '|---:|---:|---:|',
    `| ${auroc(p, r).toFixed(3)} | ${pct(rateAtOrAbove(r, 0.5))} | ${pct(rateAtOrAbove(p, 0.5))} |`,
  );
  return lines;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const line of await detectorEngineFigures()) console.log(line);
}
