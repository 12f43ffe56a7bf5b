/**
 * `npm run train:detector:v4`: fits detector v4's combiner (server/engines/detector/train/train-v4.ts) on v3's
 * out-of-fold scores and the fine-tuned transformer's window logits, and writes
 * server/engines/detector/model/detector-v4.json with a report of v3 and v4 side by side on the held-out split
 * (also in training/.cache/detector-v4-report.md). Needs the transformer at server/engines/detector/model/encoder-v4.onnx
 * (npm run train:encoder puts it there) and the data of ../shared/datasets. Trains v3 again on the way (its out-of-fold
 * scores), which must give the committed v3 file byte for byte. Encoder scores are cached in training/.cache.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENCODER_PATH, ENCODER_VOCAB_PATH, MODEL_PATH, V4_MODEL_PATH } from '../server/engines/detector/index.ts';
import { EncoderScorer } from '../server/engines/detector/encoder.ts';
import { serialiseV4, trainV4 } from '../server/engines/detector/train/train-v4.ts';
import { serialiseModel, trainModel } from '../server/engines/detector/train/train.ts';
import type { ModelFile } from '../server/engines/detector/engine.ts';
import { PROJECT_ROOT, fileSha256 } from '../server/models/index.ts';

const started = performance.now();
const log = (line: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(0)} s] ${line}`);
// Read from where npm run train:encoder puts them, whether or not the registry lists them yet (it does once v4 ships).
const onnx = ENCODER_PATH;
const vocab = ENCODER_VOCAB_PATH;
if (!existsSync(onnx)) {
  console.error(`no transformer at ${onnx}: run npm run train:encoder first`);
  process.exit(1);
}
const sha = fileSha256(onnx);
const encoderTraining = JSON.parse(readFileSync(join(PROJECT_ROOT, 'training/.cache/encoder/training.json'), 'utf8')) as Record<string, unknown>;
if (encoderTraining.sha256 !== sha) {
  console.error(`${onnx} (SHA-256 ${sha}) is not the file training/.cache/encoder/training.json describes (${String(encoderTraining.sha256)}); run npm run train:encoder`);
  process.exit(1);
}
const threads = Number(process.env.TRAIN_THREADS ?? 2);
const encoder = await EncoderScorer.load(onnx, vocab, threads);

log('training v3 for its out-of-fold scores');
const v3 = trainModel({ log });
const committed = JSON.parse(readFileSync(MODEL_PATH, 'utf8')) as ModelFile;
const sameV3 = serialiseModel({ ...v3.file, training: { ...v3.file.training, sliceDigest: committed.training.sliceDigest } }) === serialiseModel(committed);
log(sameV3 ? 'v3 retrained: identical to the committed model' : 'WARNING: the retrained v3 differs from the committed model (the held-out v3 figures use the retrained one)');

const encoderInfo = { ...encoderTraining };
delete encoderInfo.log;
const result = await trainV4(v3, encoder, { modelSha: sha, encoderTraining: encoderInfo, cacheFile: join(PROJECT_ROOT, 'training/.cache/encoder-logits.json'), log });
writeFileSync(V4_MODEL_PATH, serialiseV4(result.file));
const report = [`# Detector v4 training report (${new Date().toISOString().slice(0, 10)})`, '', ...result.report].join('\n') + '\n';
writeFileSync(join(PROJECT_ROOT, 'training/.cache/detector-v4-report.md'), report);
console.log(result.report.slice(0, 2).join('\n'));
log(`wrote ${V4_MODEL_PATH}; the report is in training/.cache/detector-v4-report.md`);
