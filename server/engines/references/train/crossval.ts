/**
 * K-fold cross-validation of the parser over the train and dev splits only (the held-out split is never read here):
 * how features and settings are chosen (docs/decisions/0019). Each fold trains on the other folds' references plus
 * their renders in six styles and is scored on its own references as written, strict spans per label.
 *   ./node_modules/.bin/node server/engines/references/train/crossval.ts [--folds 4] [--epochs 10] [--seed 1]
 */
import { fileURLToPath } from 'node:url';
import { fnv1a, loadDataset, tokensWithLabels, type LabelledReference } from './dataset.ts';
import { f1, FieldScores } from './metrics.ts';
import { decodeLabels, fitModel, trainingSettings } from './train.ts';

/** Scores of K folds over train + dev, merged. */
export function crossValidate(data: LabelledReference[], options: { folds?: number; epochs?: number; seed?: number; log?: (line: string) => void } = {}): FieldScores {
  const folds = options.folds ?? 4;
  const pool = data.filter((r) => r.split !== 'test');
  const foldOf = (r: LabelledReference) => fnv1a(`cv:${r.text}`) % folds;
  const scores = new FieldScores();
  for (let k = 0; k < folds; k++) {
    const fit = pool.filter((r) => foldOf(r) !== k);
    const held = pool.filter((r) => foldOf(r) === k);
    const model = fitModel(fit, { epochs: options.epochs ?? trainingSettings.epochs, seed: options.seed });
    const fold = new FieldScores();
    for (const r of held) {
      const t = tokensWithLabels(r);
      const guess = decodeLabels(model, t.text);
      fold.add(t.labels, guess);
      scores.add(t.labels, guess);
    }
    options.log?.(`fold ${k + 1}/${folds}: ${held.length} references, strict F1 ${(f1(fold.overall()) * 100).toFixed(1)}`);
  }
  return scores;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? Number(process.argv[i + 1]) : undefined;
  };
  const started = performance.now();
  const scores = crossValidate(loadDataset(), { folds: arg('--folds'), epochs: arg('--epochs'), seed: arg('--seed'), log: (l) => console.log(l) });
  for (const line of scores.table()) console.log(line);
  console.log(`(${((performance.now() - started) / 1000).toFixed(0)} s)`);
}
