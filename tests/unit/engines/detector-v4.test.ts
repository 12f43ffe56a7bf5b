import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectText, detectorPlan, loadV4 } from '../../../server/engines/detector/index.ts';
import { EncoderScorer, sampleWindows } from '../../../server/engines/detector/encoder.ts';

const plan = detectorPlan();
const fixture = new URL('../../fixtures/models/encoder-v4-logits.json', import.meta.url);
if (!plan.files) console.warn(`detector v4 tests skipped: ${plan.degraded ?? 'this build has no transformer (server/models/registry.ts lists none)'}`);

describe('detector v4 window sampling', () => {
  it('[TOOL-01] reads every window of a short text and an evenly spaced sample of a long one, first and last kept', () => {
    expect(sampleWindows([1, 2, 3])).toEqual([1, 2, 3]);
    const many = Array.from({ length: 18 }, (_, i) => i);
    const picked = sampleWindows(many);
    expect(picked).toHaveLength(8);
    expect(picked[0]).toBe(0);
    expect(picked.at(-1)).toBe(17);
    expect(new Set(picked).size).toBe(8);
  });
});

describe.skipIf(!plan.files)('detector v4 (the transformer is present)', () => {
  it('[TOOL-01] the TypeScript path (tokenizer, windows, onnxruntime-node) gives the logits onnxruntime gave in Python', async () => {
    expect(existsSync(fixture)).toBe(true);
    const cases = JSON.parse(readFileSync(fixture, 'utf8')) as Array<{ text: string; windows: number; logits: number[] }>;
    const scorer = await EncoderScorer.load(plan.files!.onnx, plan.files!.vocab, 1);
    for (const c of cases) {
      const got = await scorer.score(c.text);
      expect(got).toHaveLength(c.windows);
      got.forEach((v, i) => expect(Math.abs(v - (c.logits[i] as number))).toBeLessThan(2e-3));
    }
  });

  it('[TOOL-01] scores with v4, not degraded, and its highlights agree with its verdict', async () => {
    const { engine } = await loadV4();
    expect(engine).toEqual({ version: 'detector-v4', degraded: null });
    const cases = JSON.parse(readFileSync(fixture, 'utf8')) as Array<{ text: string }>;
    for (const c of cases) {
      const r = await detectText(c.text);
      expect(r.degraded).toBe(false);
      expect(r.modelVersion).toBe('detector-v4');
      if (!r.qualifies) continue;
      const marked = r.sentences.filter((s) => s.qualifies && s.score >= r.threshold).length;
      expect(marked > 0).toBe(r.isAi);
    }
  });
});
