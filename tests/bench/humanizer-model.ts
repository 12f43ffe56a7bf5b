/**
 * The humanizer's model engine (issue 27): the embedded paraphraser (Gemma 3 270M + our adapter, server/llm/embedded.ts)
 * through the same loop and checks as the product, on machine essays of held-out prompts from the two sources the
 * paraphraser never saw in training (argugpt_machine and ndhal_fce_prompts_gpt; its pairs come from nyuad and outfox).
 * Per mode: words changed, protected spans kept, negations lost, our detector's and the stand-in detector's flag rates
 * before and after, which engine wrote the spans, seconds per 500 words, model size. The rule engine's figures on the
 * same essays beside it.
 *
 *   ./node_modules/.bin/node tests/bench/humanizer-model.ts [--texts=20]
 *
 * Prints figures; never fails on time. Skips, saying why, without the dataset or the model files.
 */
import { pathToFileURL } from 'node:url';
import { statSync } from 'node:fs';
import { detect, modelVersion } from '../../server/engines/detector/index.ts';
import { humanize, type HumanizeResult } from '../../server/engines/humanizer/index.ts';
import { embeddedTransport, humanizeWithModel, type LlmHumanizeResult } from '../../server/engines/humanizer/llm.ts';
import { lostMeaningWords } from '../../server/engines/humanizer/quality.ts';
import { embeddedPlan } from '../../server/llm/embedded.ts';
import { DEFAULT_MODEL_CACHE } from '../../server/models/index.ts';
import { trainProxyDetector } from './essay-proxy-detector.ts';
import { heldOutMachineEssays, loadEssays } from './essays.ts';
import { lostSpans } from './humanizer-engine.ts';
import { changedShare, lcsChange } from './humanizer-essays.ts';

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const wordCount = (t: string) => t.split(/\s+/).filter(Boolean).length;

type Engine = 'rules normal' | 'rules Ultra' | 'model normal' | 'model Ultra';

export async function humanizerModelFigures(options: { texts?: number; cacheDir?: string } = {}): Promise<string[]> {
  const all = loadEssays();
  if (!all) return ['**Humanizer, model engine**: skipped, ../shared/datasets/essays is absent'];
  const plan = embeddedPlan(options.cacheDir ?? process.env.MODEL_CACHE_DIR ?? DEFAULT_MODEL_CACHE);
  if (!plan.ready) return [`**Humanizer, model engine**: skipped, the embedded model is not here (${plan.degraded}); run npm run models`];
  const pool = heldOutMachineEssays(all).filter((r) => /^(argugpt|ndhal)/i.test(r.source) && wordCount(r.text) >= 150 && wordCount(r.text) <= 700);
  const want = options.texts ?? 20;
  const step = Math.max(1, Math.floor(pool.length / want));
  const chosen = pool.filter((_, i) => i % step === 0).slice(0, want);
  const transport = embeddedTransport(plan);
  const out = new Map<Engine, Array<HumanizeResult | LlmHumanizeResult>>();
  const seconds = new Map<Engine, number>();
  for (const engine of ['rules normal', 'rules Ultra', 'model normal', 'model Ultra'] as Engine[]) {
    const ultra = engine.endsWith('Ultra');
    const results: Array<HumanizeResult | LlmHumanizeResult> = [];
    const started = performance.now();
    for (const [i, row] of chosen.entries()) {
      results.push(engine.startsWith('model') ? await humanizeWithModel(row.text, { ultra, seed: 1000 + i }, transport) : humanize(row.text, { ultra, seed: 1000 + i }));
    }
    seconds.set(engine, (performance.now() - started) / 1000);
    out.set(engine, results);
    // Progress as it goes (a long run still leaves its figures behind).
    console.error(`humanizer-model: ${engine} done in ${seconds.get(engine)!.toFixed(0)} s, words changed ${pct(mean(results.map((r) => changedShare(r))))}, our detector flags ${pct(mean(results.map((r) => (detect(r.text).isAi ? 1 : 0))))}`);
  }
  const words = chosen.reduce((n, r) => n + wordCount(r.text), 0);
  const proxy = trainProxyDetector(all);
  const flagged = (texts: string[]) => mean(texts.map((t) => (detect(t).isAi ? 1 : 0)));
  const proxyFlagged = (texts: string[]) => mean(texts.map((t) => (proxy.score(t) > proxy.threshold ? 1 : 0)));
  const size = statSync(plan.model).size + statSync(plan.adapter).size;
  const lines = [
    `**Humanizer, model engine** (${plan.name}, ${(size / 1e6).toFixed(0)} MB; ${chosen.length} held-out machine essays from argugpt and ndhal, ${words.toLocaleString('en')} words, sources the paraphraser never trained on)`,
    '',
    '| engine | words changed | input words not kept in order | protected spans kept | texts that lost a negation/modal | our detector flagged | stand-in flagged | spans by the model | s per 500 words |',
    '|---|---|---|---|---|---|---|---|---|',
    `| input | – | – | – | – | ${pct(flagged(chosen.map((r) => r.text)))} | ${pct(proxyFlagged(chosen.map((r) => r.text)))} | – | – |`,
  ];
  for (const [engine, results] of out) {
    let spans = 0;
    let lost = 0;
    results.forEach((r, i) => {
      spans += r.protectedSpans.length;
      lost += lostSpans(chosen[i]!.text, r).length;
    });
    const byModel = results.every((r) => 'backend' in r)
      ? pct(mean((results as LlmHumanizeResult[]).map((r) => (r.backend === 'llm' ? 1 : r.backend === 'mixed' ? 0.5 : 0))))
      : '–';
    lines.push(
      `| ${engine} | ${pct(mean(results.map((r) => changedShare(r))))} | ${pct(mean(results.map((r, i) => lcsChange(chosen[i]!.text, r.text))))} | ${pct(1 - lost / Math.max(1, spans))} | ${pct(mean(results.map((r, i) => (lostMeaningWords(chosen[i]!.text, r.text).length > 0 ? 1 : 0))))} | ${pct(flagged(results.map((r) => r.text)))} | ${pct(proxyFlagged(results.map((r) => r.text)))} | ${byModel} | ${((seconds.get(engine)! / words) * 500).toFixed(1)} |`,
    );
  }
  lines.push('', `Our detector: ${modelVersion()}. "Spans by the model": 1 for a text the model wrote whole, ½ for a mixed one.`);
  const sample = out.get('model normal')![0]!;
  lines.push('', `First essay, model normal, first paragraph:`, '', `> ${chosen[0]!.text.split('\n')[0]}`, '', `> ${sample.text.split('\n')[0]}`);
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const texts = Number(process.argv.find((a) => a.startsWith('--texts='))?.slice(8) ?? 20);
  for (const line of await humanizerModelFigures({ texts })) console.log(line);
}
