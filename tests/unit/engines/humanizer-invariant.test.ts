import { describe, expect, it } from 'vitest';
import { DATASET_DIR, invariantInWorkers, loadDetectorTexts } from '../../bench/humanizer-engine.ts';

const present = loadDetectorTexts() !== undefined;
if (!present) console.warn(`[humanizer] ${DATASET_DIR} is absent: skipping the protected-span invariant over the dataset.`);

describe.skipIf(!present)('humanizer invariant on every text of the dataset', () => {
  it('keeps every protected span of every text verbatim in normal and Ultra mode, and still changes most texts', async () => {
    // Two worker threads, each with every other text in both modes: the halves run on both cores.
    const { normal, ultra } = await invariantInWorkers();
    expect(normal.failures).toEqual([]);
    expect(ultra.failures).toEqual([]);
    expect(normal.texts).toBeGreaterThan(10_000);
    // The invariant must not hold by doing nothing.
    expect(normal.changed / normal.texts).toBeGreaterThan(0.5);
    expect(ultra.changed / ultra.texts).toBeGreaterThan(normal.changed / normal.texts);
  }, 400_000);
});
