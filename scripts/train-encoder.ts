/**
 * `npm run train:encoder`: fine-tunes detector v4's transformer (training/detector/train_encoder.py) and puts the
 * int8 ONNX file at server/engines/detector/model/encoder-v4.onnx. Makes the Python environment first when missing
 * (training/.venv, from training/requirements.txt), and the data export (scripts/export-detector-data.ts).
 * Arguments after `--` go to the Python script (e.g. `-- --check`, `-- --windows 16000`). About an hour on 2 cores.
 *   TRAIN_VENV   another virtual environment to use (its bin/python)
 */
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { ENCODER_PATH } from '../server/engines/detector/index.ts';
import { PROJECT_ROOT } from '../server/models/index.ts';
import { run, trainingPython } from './training-env.ts';

const python = trainingPython();
const args = process.argv.slice(2);
if (!existsSync(join(PROJECT_ROOT, 'training/.cache/detector-texts.jsonl'))) run(process.execPath, [join(PROJECT_ROOT, 'scripts/export-detector-data.ts')]);
run(python, [join(PROJECT_ROOT, 'training/detector/train_encoder.py'), ...args]);
if (!args.includes('--check')) {
  copyFileSync(join(PROJECT_ROOT, 'training/.cache/encoder/model.onnx'), ENCODER_PATH);
  console.log('copied the model to server/engines/detector/model/encoder-v4.onnx; now run npm run train:detector:v4 and update server/models/registry.ts');
}
