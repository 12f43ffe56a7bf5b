/**
 * Which model backs the humanizer and the rewriter's model modes on this installation: the configured
 * OpenAI-compatible endpoint (LLM_BASE_URL…), else the embedded paraphraser when LLM_EMBEDDED is on and its files are
 * present and verified, else none (the offline engines: the light mode). Decided once at start; said at start.
 */
import type { Config } from '../config.ts';
import { embeddedPlan, type EmbeddedPlan } from './embedded.ts';

/** The embedded plan to hand to the engines, or undefined when an endpoint is configured or the model is off or absent. */
export function embeddedFor(config: Pick<Config, 'llm' | 'embeddedLlm' | 'modelCacheDir'>): Extract<EmbeddedPlan, { ready: true }> | undefined {
  if (config.llm || !config.embeddedLlm) return undefined;
  const plan = embeddedPlan(config.modelCacheDir);
  return plan.ready ? plan : undefined;
}

/** The start-up line about the model backend. */
export function modelBackendNotice(config: Pick<Config, 'llm' | 'embeddedLlm' | 'modelCacheDir'>): string {
  if (config.llm) return `Humanizer and rewriter: the LLM endpoint ${config.llm.baseUrl} (model ${config.llm.model}).`;
  if (!config.embeddedLlm) return 'Humanizer and rewriter: offline engines only (LLM_EMBEDDED=false): the light mode.';
  const plan = embeddedPlan(config.modelCacheDir);
  return plan.ready
    ? `Humanizer and rewriter: the embedded model ${plan.name}, on the CPU.`
    : `Humanizer and rewriter: offline engines only, DEGRADED (the light mode): the embedded model is not there (${plan.degraded}). Run npm run models.`;
}
