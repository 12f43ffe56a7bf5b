import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ModelFile } from '../../../server/engines/detector/engine.ts';
import { MODEL_PATH } from '../../../server/engines/detector/index.ts';
import { fitMlp, fitMlpEnsemble, linearScore, sigmoid, stackScore } from '../../../server/engines/detector/logistic.ts';

// A problem no linear model solves: the label is 1 when both inputs have the same sign (XOR of the signs),
// laid out on a fixed grid so the test is deterministic.
const grid: number[][] = [];
const labels: number[] = [];
for (let i = -6; i <= 6; i++) {
  for (let j = -6; j <= 6; j++) {
    if (i === 0 || j === 0) continue;
    grid.push([i / 2, j / 2, (i * 7 + j * 3) % 5]);
    labels.push(i * j > 0 ? 1 : 0);
  }
}
const weights = grid.map(() => 1);
const accuracy = (score: (x: number[]) => number) => grid.filter((x, k) => (score(x) >= 0 ? 1 : 0) === labels[k]).length / grid.length;
const options = { hidden: 4, l2: 1e-3, iterations: 400, rate: 0.05 };

describe('detector: the perceptron stacker [TOOL-01]', () => {
  it('learns an interaction a linear stacker cannot, deterministically', () => {
    const a = fitMlp(grid, labels, weights, { ...options, seed: 1 });
    const b = fitMlp(grid, labels, weights, { ...options, seed: 1 });
    expect(b).toEqual(a);
    expect(a.hidden?.weights).toHaveLength(4 * 3);
    expect(accuracy((x) => stackScore(a, x))).toBeGreaterThan(0.95);
    // The same model without its hidden layer is linear and stays near chance on this problem.
    const linear = { mean: a.mean, scale: a.scale, weights: [0.3, 0.3, 0], bias: 0 };
    expect(stackScore(linear, grid[0] as number[])).toBe(linearScore(linear, grid[0] as number[]));
    expect(accuracy((x) => stackScore(linear, x))).toBeLessThan(0.6);
  });

  it('writes an ensemble as one perceptron whose score is the mean of its members\' scores', () => {
    const seeds = [1, 2, 3];
    const members = seeds.map((seed) => fitMlp(grid, labels, weights, { ...options, seed }));
    const merged = fitMlpEnsemble(grid, labels, weights, { ...options, seeds });
    expect(merged.weights).toHaveLength(3 * 4);
    for (const x of grid) {
      const mean = members.reduce((s, m) => s + stackScore(m, x), 0) / members.length;
      expect(stackScore(merged, x)).toBeCloseTo(mean, 10);
    }
    // Different seeds give different members: averaging them is not a no-op.
    expect(members[1]?.hidden?.weights).not.toEqual(members[0]?.hidden?.weights);
  });

  it('the committed model\'s stacker is a perceptron over every declared input', () => {
    const file = JSON.parse(readFileSync(MODEL_PATH, 'utf8')) as ModelFile;
    const d = file.features.length;
    expect(file.stack.mean).toHaveLength(d);
    const units = file.stack.weights.length;
    expect(units).toBeGreaterThan(0);
    expect(file.stack.hidden?.weights).toHaveLength(units * d);
    expect(file.stack.hidden?.bias).toHaveLength(units);
    // At the stacker's mean input the score is finite and calibrates into (0, 1).
    const p = sigmoid(file.platt.a * stackScore(file.stack, file.stack.mean) + file.platt.b);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(1);
  });
});
