import { describe, expect, it } from 'vitest';
import { humanize } from '../../../server/engines/humanizer/index.ts';
import { grammarIssues } from '../../../server/engines/humanizer/quality.ts';
import { DATASET_DIR, humanTagTrigrams, implausibleTrigramRate, loadDetectorTexts } from '../../bench/humanizer-engine.ts';

const data = loadDetectorTexts();
if (!data) console.warn(`[humanizer] ${DATASET_DIR} is absent: skipping the grammar check of outputs on the dataset.`);

/**
 * Grammar is judged two ways (docs/decisions/0010-humanizer-engine.md): rule violations (wrong a/an, doubled
 * words, lowercase sentence starts, stray punctuation, subject-verb agreement, a contraction before punctuation)
 * may not rise, and an independent tagger (`pos`, not the engine's) may find no more part-of-speech trigrams that
 * human text never has than it finds in the input.
 */
describe.skipIf(!data)('humanizer output is grammatical English on the dataset', () => {
  const sample = data ? data.machine.filter((_, i) => i % 10 === 0) : [];
  // Both tests judge the same outputs: each is computed once.
  const outputs = new Map<string, string>();
  const output = (i: number, ultra: boolean): string => {
    const key = `${i}:${ultra}`;
    let out = outputs.get(key);
    if (out === undefined) {
      out = humanize(sample[i]!.text, { ultra, seed: i }).text;
      outputs.set(key, out);
    }
    return out;
  };

  it('adds no rule violation to any text, in normal or Ultra mode', () => {
    const worse: string[] = [];
    sample.forEach((m, i) => {
      const before = grammarIssues(m.text).length;
      for (const ultra of [false, true]) {
        const out = output(i, ultra);
        const after = grammarIssues(out);
        if (after.length > before && worse.length < 5) worse.push(`${ultra ? 'Ultra' : 'normal'} #${i}: ${JSON.stringify(after)} in ${out.slice(0, 200)}`);
      }
    });
    expect(worse).toEqual([]);
  }, 120_000);

  it('keeps part-of-speech sequences as plausible as the input by an independent tagger', () => {
    const model = humanTagTrigrams(data!.human.filter((_, i) => i % 2 === 0));
    const texts = sample.slice(0, 600).map((m) => m.text);
    const input = implausibleTrigramRate(texts, model);
    for (const ultra of [false, true]) {
      const rate = implausibleTrigramRate(
        texts.map((_, i) => output(i, ultra)),
        model,
      );
      expect(rate).toBeLessThanOrEqual(input * 1.1 + 0.001);
    }
  }, 120_000);
});
