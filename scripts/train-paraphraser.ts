/**
 * `npm run train:paraphraser`: teaches the packaged Gemma 3 270M to paraphrase (training/humanizer/train_paraphraser.py,
 * a LoRA adapter on the dataset's aligned QuillBot and DIPPER spans) and puts the GGUF adapter at
 * server/engines/humanizer/model/paraphraser-v1.gguf. Makes the Python environment first when missing
 * (training/.venv, from training/requirements.txt) and the aligned pairs (training/humanizer/pairs.py). Needs the
 * model in the cache (npm run models). About 70 minutes on 2 cores. Arguments after `--` go to the Python script.
 *   TRAIN_VENV   another virtual environment to use (its bin/python)
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadConfig } from '../server/config.ts';
import { PROJECT_ROOT } from '../server/models/index.ts';
import { run, trainingPython } from './training-env.ts';

const python = trainingPython();
const args = process.argv.slice(2);
if (!existsSync(join(PROJECT_ROOT, 'training/.cache/paraphrase-pairs.jsonl'))) run(python, [join(PROJECT_ROOT, 'training/humanizer/pairs.py')]);
const cacheDir = loadConfig().modelCacheDir;
run(python, [join(PROJECT_ROOT, 'training/humanizer/train_paraphraser.py'), ...args], { ...process.env, MODEL_CACHE_DIR: cacheDir });
if (!args.includes('--check')) {
  const target = join(PROJECT_ROOT, 'server/engines/humanizer/model/paraphraser-v1.gguf');
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(join(PROJECT_ROOT, 'training/.cache/paraphraser/adapter.gguf'), target);
  console.log(`copied the adapter to ${target}; update its sha256 and bytes in server/models/registry.ts and its card`);
}
