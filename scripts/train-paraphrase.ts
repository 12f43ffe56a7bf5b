/**
 * `npm run train:paraphrase`: trains the report's paraphrase classifier (sentences rewritten by our humanizer vs
 * plain machine and human sentences) and writes server/engines/detector/model/paraphrase-v1.json. Deterministic
 * for a given humanizer and main detector model; run it again after either changes.
 *   --check   train, compare with the committed file (writes nothing). Exit 0 when they match; 2 when the
 *             humanizer's outputs changed since the committed file was trained (expected while the humanizer is
 *             being developed: retrain); 1 when they differ otherwise
 *   --quiet   print only the result line
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { MODEL_PATH, PARAPHRASE_MODEL_PATH } from '../server/engines/detector/index.ts';
import type { ParaphraseFile } from '../server/engines/detector/paraphrase.ts';
import { trainParaphrase } from '../server/engines/detector/train/paraphrase.ts';

const check = process.argv.includes('--check');
const quiet = process.argv.includes('--quiet');
const started = performance.now();
const { file, json, report } = trainParaphrase(MODEL_PATH, { log: quiet ? undefined : (line) => console.log(line) });
const seconds = ((performance.now() - started) / 1000).toFixed(1);

if (!quiet) for (const line of report) console.log(line);

if (check) {
  let committed = '';
  try {
    committed = readFileSync(PARAPHRASE_MODEL_PATH, 'utf8');
  } catch {
    console.error(`no committed model at ${PARAPHRASE_MODEL_PATH}; run npm run train:paraphrase`);
    process.exit(1);
  }
  const old = JSON.parse(committed) as ParaphraseFile;
  if (old.humanizer !== file.humanizer || old.detector !== file.detector) {
    console.log(`the humanizer's outputs or the detector model changed since the committed paraphrase model was trained (humanizer ${old.humanizer} -> ${file.humanizer}, detector ${old.detector} -> ${file.detector}); run npm run train:paraphrase`);
    process.exit(2);
  }
  if (committed !== json) {
    console.error(`the committed paraphrase model differs from a fresh training run on the same humanizer outputs (${seconds} s); run npm run train:paraphrase and commit the file`);
    process.exit(1);
  }
  console.log(`the committed paraphrase model matches a fresh training run (${seconds} s)`);
} else {
  mkdirSync(dirname(PARAPHRASE_MODEL_PATH), { recursive: true });
  writeFileSync(PARAPHRASE_MODEL_PATH, json);
  console.log(`wrote ${PARAPHRASE_MODEL_PATH} (${(json.length / 1024 / 1024).toFixed(2)} MB) in ${seconds} s`);
}
