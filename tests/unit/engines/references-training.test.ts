import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { featureVersion } from '../../../server/engines/references/features.ts';
import { MODEL_PATH, type ParserModelFile } from '../../../server/engines/references/parse.ts';
import { datasetAvailable, loadDataset, splitOf } from '../../../server/engines/references/train/dataset.ts';
import { trainParser } from '../../../server/engines/references/train/train.ts';

const ready = datasetAvailable();
if (!ready) console.warn('reference parser training check skipped: ../shared/datasets/references is absent');

describe('reference parser model', () => {
  it('the committed model was trained on the features the code computes', () => {
    const model = JSON.parse(readFileSync(MODEL_PATH, 'utf8')) as ParserModelFile;
    expect(model.featureVersion).toBe(featureVersion);
    expect(model.labels).toEqual(expect.arrayContaining(['author', 'date', 'title', 'journal', 'container-title', 'volume', 'pages', 'doi', 'url', 'isbn']));
    // Boundary features weigh label pairs: a title followed by "In" is likely to end there.
    expect(Object.keys(model.edges ?? {}).length).toBeGreaterThan(50);
  });

  it('splits by a hash of the text: the same reference always lands in the same split, about 20% held out', () => {
    expect(splitOf('Smith, J. (2020). Title. Journal, 1, 2–3.')).toBe(splitOf('Smith, J. (2020). Title. Journal, 1, 2–3.'));
    if (!ready) return;
    const data = loadDataset();
    const held = data.filter((r) => r.split === 'test').length / data.length;
    expect(held).toBeGreaterThan(0.15);
    expect(held).toBeLessThan(0.25);
  });

  // The full retrain (npm run train:references -- --check, about a minute) runs in the bench; here a small one twice.
  it.skipIf(!ready)('training is deterministic: two runs on the same references write the same bytes', () => {
    const data = loadDataset();
    const a = trainParser({ data, limit: 60, epochs: 5, report: false });
    const b = trainParser({ data, limit: 60, epochs: 5, report: false });
    expect(a.json).toBe(b.json);
  }, 60_000);
});
