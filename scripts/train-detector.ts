/**
 * `npm run train:detector`: trains the AI-text detector from ../shared/datasets/detector and the Brown corpus and
 * writes server/engines/detector/model/detector-v2.json. Deterministic: re-running writes the same bytes.
 *   --check   train, compare with the committed file, exit 1 when they differ (writes nothing)
 *   --quiet   print only the result line
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { MODEL_PATH } from '../server/engines/detector/index.ts';
import { trainModel } from '../server/engines/detector/train/train.ts';

const check = process.argv.includes('--check');
const quiet = process.argv.includes('--quiet');
const started = performance.now();
const { json, report } = trainModel(quiet ? undefined : (line) => console.log(line));
const seconds = ((performance.now() - started) / 1000).toFixed(1);

if (!quiet) for (const line of report) console.log(line);

if (check) {
  let committed = '';
  try {
    committed = readFileSync(MODEL_PATH, 'utf8');
  } catch {
    console.error(`no committed model at ${MODEL_PATH}; run npm run train:detector`);
    process.exit(1);
  }
  if (committed !== json) {
    console.error(`the committed model differs from a fresh training run (${seconds} s); run npm run train:detector and commit the file`);
    process.exit(1);
  }
  console.log(`the committed model matches a fresh training run (${seconds} s)`);
} else {
  mkdirSync(dirname(MODEL_PATH), { recursive: true });
  writeFileSync(MODEL_PATH, json);
  console.log(`wrote ${MODEL_PATH} (${(json.length / 1024 / 1024).toFixed(2)} MB) in ${seconds} s`);
}
