/**
 * `npm run train:references`: trains the reference parser from ../shared/datasets/references (anystyle-core.xml,
 * train and dev splits, plus their renders in six styles) and writes server/engines/references/model/parser-v1.json.
 * Deterministic: re-running writes the same bytes.
 *   --check   train, compare with the committed file, exit 1 when they differ (writes nothing)
 *   --quiet   print only the result line
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { MODEL_PATH } from '../server/engines/references/parse.ts';
import { datasetAvailable, datasetPath } from '../server/engines/references/train/dataset.ts';
import { trainParser } from '../server/engines/references/train/train.ts';

const check = process.argv.includes('--check');
const quiet = process.argv.includes('--quiet');
if (!datasetAvailable()) {
  console.error(`no data set at ${datasetPath}`);
  process.exit(1);
}
const started = performance.now();
const { json, report } = trainParser({ log: quiet ? undefined : (line) => console.log(line) });
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (!quiet) for (const line of report) console.log(line);

if (check) {
  let committed = '';
  try {
    committed = readFileSync(MODEL_PATH, 'utf8');
  } catch {
    console.error(`no committed model at ${MODEL_PATH}; run npm run train:references`);
    process.exit(1);
  }
  if (committed !== json) {
    console.error(`the committed model differs from a fresh training run (${seconds} s); run npm run train:references and commit the file`);
    process.exit(1);
  }
  console.log(`the committed model matches a fresh training run (${seconds} s)`);
} else {
  mkdirSync(dirname(MODEL_PATH), { recursive: true });
  writeFileSync(MODEL_PATH, json);
  console.log(`wrote ${MODEL_PATH} (${(json.length / 1024 / 1024).toFixed(2)} MB) in ${seconds} s`);
}
