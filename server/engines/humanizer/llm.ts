/**
 * The LLM backend: an OpenAI-compatible chat-completions endpoint (a hosted API, or llama.cpp's server, Ollama or
 * vLLM on the same network; docs/llm-backend.md) rewrites the text one paragraph at a time, with a prompt per mode.
 * Our own checks decide whether each answer is used: every protected span of the paragraph kept verbatim, no
 * negation lost, one paragraph back, a sane length and no chatter around it. A paragraph that fails is asked once
 * more, naming what was lost; if that fails too, or the endpoint errs or times out, the offline engine rewrites that
 * paragraph. Progress is reported per paragraph; tokens and their cost are counted for the order.
 */
import { diffSegments, findProtectedSpans, humanize, splitParagraphs, type HumanizeOptions, type HumanizeResult } from './index.ts';
import { spanOccurrences } from './helpers.ts';

/** Where the LLM is, how to call it and what its tokens cost. */
export interface LlmSettings {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Per request; a paragraph whose answer takes longer is rewritten offline. Default 60 s. */
  timeoutMs?: number;
  /** Wall-clock budget of a whole run; paragraphs not started by then are rewritten offline. Default 4 min. */
  deadlineMs?: number;
  /** US dollars per million prompt (input) and completion (output) tokens; 0 for a local model. */
  priceInputPerMTok?: number;
  priceOutputPerMTok?: number;
}

/** Token and cost accounting of one run, stored on the order. */
export interface LlmUsage {
  /** Chat-completion requests made (retries included). */
  requests: number;
  promptTokens: number;
  completionTokens: number;
  /** Cost in millionths of a US dollar, from the configured prices. */
  costMicroUsd: number;
  /** Paragraphs the offline engine rewrote because the LLM's answer was refused or missing. */
  offlineParagraphs: number;
}

/** Which backend wrote the result: all paragraphs by the LLM, none, or some. */
export type LlmBackend = 'llm' | 'offline' | 'mixed';

/** The result of an LLM run: the usual humanizer result plus which backend wrote it and what it cost. */
export type LlmHumanizeResult = HumanizeResult & { backend: LlmBackend; usage: LlmUsage };

/** Hooks of one run: a fetch to use (tests), progress after each paragraph, cancellation. */
export interface LlmRunHooks {
  fetchImpl?: typeof fetch;
  /** Called after each paragraph with the paragraphs done and the total. */
  onProgress?: (done: number, total: number) => void | Promise<void>;
  signal?: AbortSignal;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_DEADLINE_MS = 4 * 60_000;

const COMMON = [
  'You are a careful human editor. Rewrite the paragraph the user sends so it reads as written by a thoughtful person, not a chatbot.',
  'Delete or rephrase stock openers, connectors, hedges and filler ("Moreover", "Furthermore", "Additionally", "In conclusion", "It is important to note", "plays a crucial role", "serves as a testament to"); do not swap them for other stock phrases.',
  'Prefer plain, precise words over showy ones ("use", not "utilize"; "help", not "facilitate"). Vary sentence length: split some long sentences, join some short ones.',
  'Keep the register: an academic essay stays academic, a letter stays a letter. Add no new facts, claims, examples, opinions or personal asides, and drop none.',
  'Keep the meaning exactly, including every negation (not, never, no), quantifier (all, some, most, few, many) and modal (may, might, must, should, can, could).',
  'Copy these exactly, character for character: numbers, dates, names, quotations, citations, URLs and technical terms.',
  'Answer with the rewritten paragraph only: one paragraph, no title, no notes, no quotation marks around it.',
];

/** The system prompt of a mode: normal rewrites wording and rhythm, Ultra restructures more. */
export function systemPrompt(ultra: boolean): string {
  const depth = ultra
    ? 'Rewrite deeply: restructure most sentences (reorder clauses, turn passive into active where it reads better, turn nominalisations into verbs, split and merge sentences) and change most of the wording, while every fact stays.'
    : 'Rewrite moderately: change about a third of the wording and the structure of some sentences (move a clause, split a long sentence, join two short ones), while every fact stays.';
  return [...COMMON.slice(0, 3), depth, ...COMMON.slice(3)].join(' ');
}

const NEGATION = /\b(?:not|no|never|none|nor|neither|nobody|nothing|nowhere|without|cannot)\b|n['’]t\b/gi;
// An answer that talks about the task instead of doing it.
const CHATTER = /^(?:sure|certainly|of course|here(?:'s| is| are)|rewritten|revised|paraphrased|as an ai)\b/i;

/** The protected strings of one paragraph that `output` lost (each must occur at least as often). */
export function lostProtectedSpans(paragraph: string, output: string): string[] {
  const counts = new Map<string, number>();
  for (const s of findProtectedSpans(paragraph)) {
    const text = paragraph.slice(s.start, s.end);
    counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  const lost: string[] = [];
  for (const [text, n] of counts) if (spanOccurrences(output, text) < n) lost.push(text);
  return lost;
}

/** Why an answer for one paragraph is refused, or undefined when it is usable. */
export function refusal(paragraph: string, answer: string): { reason: 'empty' | 'paragraphs' | 'chatter' | 'length' | 'negation' | 'spans'; lost?: string[] } | undefined {
  const text = answer.trim();
  if (text === '') return { reason: 'empty' };
  if (splitParagraphs(text).length !== 1) return { reason: 'paragraphs' };
  if (CHATTER.test(text)) return { reason: 'chatter' };
  const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
  const ratio = words(text) / Math.max(1, words(paragraph));
  if (words(paragraph) >= 8 && (ratio < 0.5 || ratio > 1.8)) return { reason: 'length' };
  if ((text.match(NEGATION)?.length ?? 0) < (paragraph.match(NEGATION)?.length ?? 0)) return { reason: 'negation' };
  const lost = lostProtectedSpans(paragraph, text);
  if (lost.length > 0) return { reason: 'spans', lost };
  return undefined;
}

/** True when `output` keeps every protected span of each input paragraph (as often) and the paragraph count. */
export function acceptsRewrite(input: string, output: string): boolean {
  const inputs = splitParagraphs(input);
  const outputs = splitParagraphs(output);
  return inputs.length === outputs.length && inputs.every((p, i) => lostProtectedSpans(p, outputs[i]!).length === 0);
}

interface Completion {
  text: string;
  promptTokens: number;
  completionTokens: number;
}

/** Rough token count for servers that report no usage (about four characters a token in English). */
const estimateTokens = (text: string) => Math.ceil(text.length / 4);

async function complete(settings: LlmSettings, messages: Array<{ role: string; content: string }>, temperature: number, seed: number | undefined, hooks: LlmRunHooks): Promise<Completion | undefined> {
  const timeout = AbortSignal.timeout(settings.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = hooks.signal ? AbortSignal.any([timeout, hooks.signal]) : timeout;
  const response = await (hooks.fetchImpl ?? fetch)(`${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.apiKey}` },
    body: JSON.stringify({ model: settings.model, temperature, ...(seed !== undefined ? { seed } : {}), messages }),
    signal,
  });
  if (!response.ok) {
    await response.body?.cancel();
    return undefined;
  }
  const body = (await response.json()) as {
    choices?: Array<{ message?: { content?: unknown }; finish_reason?: string }>;
    usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
  };
  const choice = body.choices?.[0];
  const text = choice?.message?.content;
  if (typeof text !== 'string') return undefined;
  const prompt = messages.map((m) => m.content).join('\n');
  const promptTokens = typeof body.usage?.prompt_tokens === 'number' && body.usage.prompt_tokens > 0 ? body.usage.prompt_tokens : estimateTokens(prompt);
  const completionTokens = typeof body.usage?.completion_tokens === 'number' && body.usage.completion_tokens > 0 ? body.usage.completion_tokens : estimateTokens(text);
  // An answer cut off by the length limit is not a whole paragraph.
  return { text: choice?.finish_reason === 'length' ? '' : text, promptTokens, completionTokens };
}

/**
 * Rewrites `input` with the LLM, paragraph by paragraph (see the module comment). Deterministic inputs to the LLM
 * for (input, seed); the answer depends on the server. Never throws for an LLM failure: the offline engine takes
 * over for the paragraphs concerned. Change marks come from the same word diff as the offline engine's.
 */
export async function humanizeWithLlm(input: string, options: HumanizeOptions, settings: LlmSettings, hooks: LlmRunHooks = {}): Promise<LlmHumanizeResult> {
  const paragraphs = splitParagraphs(input);
  const usage: LlmUsage = { requests: 0, promptTokens: 0, completionTokens: 0, costMicroUsd: 0, offlineParagraphs: 0 };
  const ultra = options.ultra === true;
  const system = systemPrompt(ultra);
  const temperature = ultra ? 0.9 : 0.7;
  const started = Date.now();
  const deadline = settings.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const outputs: string[] = [];
  const fromLlm: boolean[] = [];
  // The offline engine's version of the whole text (its register and seeds are per text), computed once if needed.
  let offline: HumanizeResult | undefined;
  // After an error or a timeout the endpoint is not asked again in this run: the rest goes offline without waiting.
  let unavailable = false;

  for (let i = 0; i < paragraphs.length; i++) {
    const paragraph = paragraphs[i]!;
    let answer: string | undefined;
    const messages = [
      { role: 'system', content: system },
      { role: 'user', content: paragraph },
    ];
    // A paragraph without letters (a number, a date line) has nothing to rewrite.
    const worthAsking = !unavailable && /\p{L}{2,}/u.test(paragraph) && Date.now() - started < deadline && !hooks.signal?.aborted;
    for (let attempt = 0; worthAsking && attempt < 2 && answer === undefined; attempt++) {
      let completion: Completion | undefined;
      usage.requests++;
      try {
        completion = await complete(settings, messages, temperature, options.seed === undefined ? undefined : options.seed + attempt, hooks);
      } catch {
        // Network failure, timeout or a malformed body: the server is down or slow.
        unavailable = true;
        break;
      }
      if (!completion) {
        unavailable = true;
        break;
      }
      usage.promptTokens += completion.promptTokens;
      usage.completionTokens += completion.completionTokens;
      const refused = refusal(paragraph, completion.text);
      if (!refused) {
        answer = completion.text.trim();
        break;
      }
      // Once more, saying what was wrong; the same conversation so the model sees its own answer.
      const why =
        refused.reason === 'spans'
          ? `You changed or dropped these, which must appear exactly as written: ${refused.lost!.map((s) => `«${s}»`).join(', ')}.`
          : refused.reason === 'negation'
            ? 'You lost a negation; the meaning must stay exactly the same.'
            : 'Answer with the rewritten paragraph only, as one paragraph of about the same length.';
      messages.push({ role: 'assistant', content: completion.text }, { role: 'user', content: `${why} Rewrite the original paragraph again:\n${paragraph}` });
    }
    if (answer === undefined) {
      usage.offlineParagraphs++;
      offline ??= humanize(input, options);
      outputs.push(offline.text.split('\n')[i]!);
      fromLlm.push(false);
    } else {
      outputs.push(answer);
      fromLlm.push(true);
    }
    await hooks.onProgress?.(i + 1, paragraphs.length);
  }

  usage.costMicroUsd = Math.round(usage.promptTokens * (settings.priceInputPerMTok ?? 0) + usage.completionTokens * (settings.priceOutputPerMTok ?? 0));
  const backend: LlmBackend = fromLlm.every(Boolean) && paragraphs.length > 0 ? 'llm' : fromLlm.some(Boolean) ? 'mixed' : 'offline';
  return {
    text: outputs.join('\n'),
    paragraphs: outputs.map((out, i) => diffSegments(paragraphs[i]!, out)),
    protectedSpans: paragraphs.flatMap((p) => findProtectedSpans(p).map((s) => p.slice(s.start, s.end))),
    backend,
    usage,
  };
}
