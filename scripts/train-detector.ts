/**
 * `npm run train:detector`: trains the AI-text detector from ../shared/datasets/essays, ../shared/datasets/detector
 * and the Brown corpus and writes server/engines/detector/model/detector-v3.json. Deterministic: re-running writes
 * the same bytes. The model records the fingerprint of a run on a small deterministic slice of the data, so that
 * the pipeline's reproducibility can be checked in seconds.
 *   --check         train, compare with the committed file, exit 1 when they differ (writes nothing; slow)
 *   --check-slice   train on the slice only and compare its fingerprint with the committed file's (fast)
 *   --permissive    train on permissively licensed data only (MIT, Apache-2.0, Brown) and write
 *                   model/detector-v3-permissive.json instead (not committed; see the model card)
 *   --quiet         print only the result line
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { MODEL_PATH } from '../server/engines/detector/index.ts';
import type { ModelFile } from '../server/engines/detector/engine.ts';
import { digest, serialiseModel, trainModel } from '../server/engines/detector/train/train.ts';

/** One prompt group in this many is kept by the slice run. */
const SLICE = 40;

const has = (flag: string) => process.argv.includes(flag);
const quiet = has('--quiet');
const permissive = has('--permissive');
const log = quiet ? undefined : (line: string) => console.log(line);
const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);

function committed(): ModelFile | null {
  try {
    return JSON.parse(readFileSync(MODEL_PATH, 'utf8')) as ModelFile;
  } catch {
    return null;
  }
}

const slice = trainModel({ slice: SLICE, permissive });
const sliceDigest = digest(slice.json);

if (has('--check-slice')) {
  const file = committed();
  if (!file) {
    console.error(`no committed model at ${MODEL_PATH}; run npm run train:detector`);
    process.exit(1);
  }
  if (file.training.sliceDigest !== sliceDigest) {
    console.error(`a training run on the 1-in-${SLICE} slice gives ${sliceDigest}, the committed model records ${String(file.training.sliceDigest)}: the training code or data changed since the model was trained; run npm run train:detector and commit the file (${seconds()} s)`);
    process.exit(1);
  }
  console.log(`the committed model matches a fresh training run on the 1-in-${SLICE} slice (${seconds()} s)`);
  process.exit(0);
}

const { file, report } = trainModel({ permissive, log });
const json = serialiseModel({ ...file, training: { ...file.training, sliceDigest } });
if (!quiet) for (const line of report) console.log(line);

if (has('--check')) {
  const current = committed();
  if (!current || serialiseModel(current) !== json) {
    console.error(`the committed model differs from a fresh training run (${seconds()} s); run npm run train:detector and commit the file`);
    process.exit(1);
  }
  console.log(`the committed model matches a fresh training run (${seconds()} s)`);
} else {
  const out = permissive ? join(dirname(MODEL_PATH), 'detector-v3-permissive.json') : MODEL_PATH;
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, json);
  console.log(`wrote ${out} (${(json.length / 1024 / 1024).toFixed(2)} MB) in ${seconds()} s`);
}
