/**
 * The LLM backend: one loop, two transports. A model rewrites the text paragraph by paragraph (span by span where
 * the transport takes shorter pieces): an OpenAI-compatible chat-completions endpoint (a hosted API, or llama.cpp's
 * server, Ollama or vLLM on the same network; docs/llm-backend.md) with a prompt per mode, or the embedded
 * paraphraser run in this thread (server/llm/embedded.ts), the default when no endpoint is configured. Our own checks
 * decide whether each answer is used: every protected span kept verbatim, no negation lost, one paragraph back, a
 * sane length, most of the content words kept, and no chatter around it. The endpoint is asked once more, naming
 * what was lost; the embedded model gives several samples and the best survivor is kept. A span with no usable
 * answer, or a backend that errs or times out, is rewritten by the offline engine. Progress is reported per span;
 * tokens and their cost are counted for the order.
 */
import { diffSegments, findProtectedSpans, humanize, splitParagraphs, type HumanizeOptions, type HumanizeResult } from './index.ts';
import { spanOccurrences } from './helpers.ts';
import { splitSentences } from '../detector/text.ts';
import { paraphrase, type EmbeddedPlan, type ParaphraseStyle } from '../../llm/embedded.ts';

type EmbeddedReady = Extract<EmbeddedPlan, { ready: true }>;

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
  /** Why the model stopped being asked in this run (its error's message; never the user's text), for the log. */
  modelError?: string;
  /** The model's answers refused by the checks, by reason. */
  refused: Partial<Record<Refusal['reason'], number>>;
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
export function refusal(paragraph: string, answer: string): { reason: 'empty' | 'paragraphs' | 'chatter' | 'length' | 'negation' | 'spans' | 'meaning'; lost?: string[] } | undefined {
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
  if (words(paragraph) >= 8 && (contentKept(paragraph, text) < MIN_CONTENT_KEPT || leastSentenceKept(paragraph, text) < MIN_SENTENCE_KEPT)) return { reason: 'meaning' };
  return undefined;
}

/** True when `output` keeps every protected span of each input paragraph (as often) and the paragraph count. */
export function acceptsRewrite(input: string, output: string): boolean {
  const inputs = splitParagraphs(input);
  const outputs = splitParagraphs(output);
  return inputs.length === outputs.length && inputs.every((p, i) => lostProtectedSpans(p, outputs[i]!).length === 0);
}

/** One answer of a transport for one span. */
export interface Completion {
  text: string;
  promptTokens: number;
  completionTokens: number;
}

/** Why the previous answer for a span was refused (so a chat model can be told). */
export type Refusal = NonNullable<ReturnType<typeof refusal>>;

/**
 * How the backend reaches a model: one paragraph-sized span in, one rewrite out. Two transports, the same checks
 * and the same choice: an OpenAI-compatible endpoint (`httpTransport`) and the embedded paraphraser
 * (`embeddedTransport`, server/llm/embedded.ts). A transport returns undefined, or throws, when the model cannot
 * answer at all; the rest of the run then goes to the offline engine.
 */
export interface RewriteTransport {
  readonly kind: 'http' | 'embedded';
  /** Longest span, in words, sent at once: longer paragraphs are sent sentence group by sentence group. */
  readonly maxWords?: number;
  /** Accepted candidates wanted per span (the best is kept) and the most requests made for one span. */
  candidates(ultra: boolean): { wanted: number; attempts: number };
  complete(span: string, ultra: boolean, attempt: number, seed: number | undefined, previous: { answer: string; refused: Refusal } | undefined, hooks: LlmRunHooks): Promise<Completion | undefined>;
}

/** Rough token count for servers that report no usage (about four characters a token in English). */
const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/** The OpenAI-compatible chat-completions transport: the mode's system prompt, and one retry that says what was wrong. */
export function httpTransport(settings: LlmSettings): RewriteTransport {
  return {
    kind: 'http',
    candidates: () => ({ wanted: 1, attempts: 2 }),
    async complete(span, ultra, attempt, seed, previous, hooks) {
      const messages = [
        { role: 'system', content: systemPrompt(ultra) },
        { role: 'user', content: span },
      ];
      if (previous) {
        // Once more, saying what was wrong; the same conversation so the model sees its own answer.
        const { refused } = previous;
        const why =
          refused.reason === 'spans'
            ? `You changed or dropped these, which must appear exactly as written: ${refused.lost!.map((s) => `«${s}»`).join(', ')}.`
            : refused.reason === 'negation'
              ? 'You lost a negation; the meaning must stay exactly the same.'
              : refused.reason === 'meaning'
                ? 'You dropped or changed what a sentence says; every sentence must keep its meaning.'
              : 'Answer with the rewritten paragraph only, as one paragraph of about the same length.';
        messages.push({ role: 'assistant', content: previous.answer }, { role: 'user', content: `${why} Rewrite the original paragraph again:\n${span}` });
      }
      const timeout = AbortSignal.timeout(settings.timeoutMs ?? DEFAULT_TIMEOUT_MS);
      const signal = hooks.signal ? AbortSignal.any([timeout, hooks.signal]) : timeout;
      const response = await (hooks.fetchImpl ?? fetch)(`${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.apiKey}` },
        body: JSON.stringify({ model: settings.model, temperature: ultra ? 0.9 : 0.7, ...(seed !== undefined ? { seed: seed + attempt } : {}), messages }),
        signal,
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`the endpoint answered HTTP ${response.status}`);
      }
      const body = (await response.json()) as {
        choices?: Array<{ message?: { content?: unknown }; finish_reason?: string }>;
        usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
      };
      const choice = body.choices?.[0];
      const text = choice?.message?.content;
      if (typeof text !== 'string') throw new Error('the endpoint answered without a message');
      const prompt = messages.map((m) => m.content).join('\n');
      const promptTokens = typeof body.usage?.prompt_tokens === 'number' && body.usage.prompt_tokens > 0 ? body.usage.prompt_tokens : estimateTokens(prompt);
      const completionTokens = typeof body.usage?.completion_tokens === 'number' && body.usage.completion_tokens > 0 ? body.usage.completion_tokens : estimateTokens(text);
      // An answer cut off by the length limit is not a whole paragraph.
      return { text: choice?.finish_reason === 'length' ? '' : text, promptTokens, completionTokens };
    },
  };
}

/**
 * The embedded paraphraser as a transport: spans of up to about 80 words (what it was trained on), several samples
 * per span with different seeds (the humanizer's normal mode asks for the "fluency" style, Ultra for "creative",
 * hotter; the rewriter names its mode's style), the best survivor kept. From the third sample of a span on (asked
 * only when the first ones were refused) it samples cooler, as a cooler answer drops fewer protected spans: on the
 * rewriter's test paragraph in the "expand" style, 6 of 8 answers passed at 0.5 against 4 of 8 at 0.8.
 */
export function embeddedTransport(
  plan: EmbeddedReady,
  styles: { normal: ParaphraseStyle; ultra: ParaphraseStyle } = { normal: 'fluency', ultra: 'creative' },
  candidates: (ultra: boolean) => { wanted: number; attempts: number } = (ultra) => (ultra ? { wanted: 3, attempts: 5 } : { wanted: 2, attempts: 4 }),
): RewriteTransport {
  return {
    kind: 'embedded',
    maxWords: 80,
    candidates,
    async complete(span, ultra, attempt, seed, _previous, hooks) {
      const temperature = (ultra ? 1.0 : 0.8) * (attempt >= 2 ? 0.65 : 1);
      const ask = () => paraphrase(plan, ultra ? styles.ultra : styles.normal, span, { temperature, seed: (seed ?? 1) + attempt * 7919, signal: hooks.signal });
      // A failed load or generation is tried once more (the load is not cached after a failure) before the run
      // gives the model up: one transient failure should not put a whole text in the light mode.
      const answer = await ask().catch(() => ask());
      if (answer.finish === 'abort') return undefined;
      return { text: answer.finish === 'length' ? '' : answer.text, promptTokens: answer.promptTokens, completionTokens: answer.completionTokens };
    },
  };
}

const CONTENT_STOP = new Set(
  'a an the of to in on at for and or but is are was were be been being it its this that these those with as by from into their his her our your they he she we you which who what when where how also can could may might will would has have had do does did so than then there such more most very'.split(' '),
);
const contentStems = (text: string) => new Set((text.toLowerCase().match(/\p{L}[\p{L}'’-]*/gu) ?? []).filter((w) => !CONTENT_STOP.has(w)).map((w) => w.slice(0, 5)));

/** Share of the span's content words (by their first five letters) that the rewrite still has: a floor on meaning. */
export function contentKept(span: string, rewrite: string): number {
  const source = contentStems(span);
  if (source.size === 0) return 1;
  const out = contentStems(rewrite);
  let kept = 0;
  for (const w of source) if (out.has(w)) kept++;
  return kept / source.size;
}

/**
 * The least share of each sentence's content words a rewrite keeps (for sentences of at least three): a rewrite
 * that drops a sentence whole ("However, it can also lead to isolation.") keeps none of its words, whatever it
 * keeps of the others. On the held-out aligned pairs it refuses 1.2% of QuillBot's paraphrases (929 spans).
 */
export const MIN_SENTENCE_KEPT = 0.2;

/** The lowest share of content words any sentence of `span` (with three or more) keeps in `rewrite`. */
export function leastSentenceKept(span: string, rewrite: string): number {
  const out = contentStems(rewrite);
  let least = 1;
  for (const [start, end] of splitSentences(span)) {
    const stems = contentStems(span.slice(start, end));
    if (stems.size < 3) continue;
    let kept = 0;
    for (const w of stems) if (out.has(w)) kept++;
    least = Math.min(least, kept / stems.size);
  }
  return least;
}

/**
 * Below this share of content words kept, a rewrite is taken to have changed what the text says. Chosen on the
 * held-out aligned pairs of training/humanizer/pairs.py (1,954 spans): at 0.35 it refuses 0.6% of QuillBot's
 * paraphrases (standard, fluency, creative, formal) and accepts 16% of a different span of the same essay as a
 * rewrite; at 0.4, 3.1% and 11%. A lexical floor, not a meaning judge: a sentence encoder would do better.
 */
export const MIN_CONTENT_KEPT = 0.35;

/** Share of the span's words that the rewrite changed (the same word diff as the change marks). */
function changedShare(span: string, rewrite: string): number {
  const segments = diffSegments(span, rewrite);
  const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
  const total = words(rewrite) || 1;
  return segments.filter((s) => s.change !== undefined).reduce((n, s) => n + words(s.text), 0) / total;
}

/** Sentence groups of at most `maxWords` words (a longer sentence is a group of its own). */
export function spansOf(paragraph: string, maxWords: number | undefined): string[] {
  if (maxWords === undefined) return [paragraph];
  const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
  if (words(paragraph) <= maxWords) return [paragraph];
  const groups: string[] = [];
  let current = '';
  for (const [start, end] of splitSentences(paragraph)) {
    const sentence = paragraph.slice(start, end);
    if (current && words(current) + words(sentence) > maxWords) {
      groups.push(current);
      current = '';
    }
    current = current ? `${current} ${sentence}` : sentence;
  }
  if (current) groups.push(current);
  return groups;
}

/** Rewrites `input` on an OpenAI-compatible endpoint (see `humanizeWithModel`). */
export function humanizeWithLlm(input: string, options: HumanizeOptions, settings: LlmSettings, hooks: LlmRunHooks = {}): Promise<LlmHumanizeResult> {
  return humanizeWithModel(input, options, httpTransport(settings), hooks, settings);
}

/**
 * Rewrites `input` with a model, paragraph by paragraph and span by span (see the module comment): each span gets
 * candidates from the transport, every candidate passes our checks or is refused, the best survivor is kept (the
 * one that changes the most while keeping the most of what the span says), and a span without one is rewritten by
 * the offline engine. Never throws for a model failure. Change marks come from the same word diff as the offline
 * engine's.
 */
export async function humanizeWithModel(
  input: string,
  options: HumanizeOptions & {
    /** Words the user froze (the rewriter): every one is kept as often as in the span, or the answer is refused. */
    keep?: readonly string[];
    /** What writes a span the model could not (default: the offline humanizer). */
    fallback?: (text: string, seed: number) => string;
  },
  transport: RewriteTransport,
  hooks: LlmRunHooks = {},
  prices: Pick<LlmSettings, 'deadlineMs' | 'priceInputPerMTok' | 'priceOutputPerMTok'> = {},
): Promise<LlmHumanizeResult> {
  const fallback = options.fallback ?? ((text: string, seed: number) => humanize(text, { ...options, seed }).text);
  const keep = options.keep ?? [];
  const paragraphs = splitParagraphs(input);
  const usage: LlmUsage = { requests: 0, promptTokens: 0, completionTokens: 0, costMicroUsd: 0, offlineParagraphs: 0, refused: {} };
  const ultra = options.ultra === true;
  const started = Date.now();
  const deadline = prices.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const { wanted, attempts } = transport.candidates(ultra);
  const plan = paragraphs.map((p) => spansOf(p, transport.maxWords));
  const totalSpans = plan.reduce((n, spans) => n + spans.length, 0);
  let doneSpans = 0;
  const outputs: string[] = [];
  let modelSpans = 0;
  let offlineSpans = 0;
  // The offline engine's version of the whole text (its register and seeds are per text), for whole paragraphs.
  let offline: HumanizeResult | undefined;
  // After an error or a timeout the model is not asked again in this run: the rest goes offline without waiting.
  let unavailable = false;

  for (let i = 0; i < paragraphs.length; i++) {
    const paragraph = paragraphs[i]!;
    const spans = plan[i]!;
    const rewritten: Array<string | undefined> = [];
    for (const span of spans) {
      // A span without letters (a number, a date line) has nothing to rewrite.
      const worthAsking = !unavailable && /\p{L}{2,}/u.test(span) && Date.now() - started < deadline && !hooks.signal?.aborted;
      const survivors: string[] = [];
      let previous: { answer: string; refused: Refusal } | undefined;
      for (let attempt = 0; worthAsking && attempt < attempts && survivors.length < wanted; attempt++) {
        let completion: Completion | undefined;
        usage.requests++;
        try {
          completion = await transport.complete(span, ultra, attempt, options.seed, previous, hooks);
        } catch (error) {
          // Network failure, timeout, a malformed body or a model that cannot load: the backend is not there.
          usage.modelError = (error instanceof Error ? error.message : String(error)).slice(0, 300);
          completion = undefined;
        }
        if (!completion) {
          unavailable = true;
          break;
        }
        usage.promptTokens += completion.promptTokens;
        usage.completionTokens += completion.completionTokens;
        const refused = refusal(span, completion.text) ?? lostKept(span, completion.text, keep);
        if (!refused) survivors.push(completion.text.trim());
        else {
          previous = { answer: completion.text, refused };
          usage.refused[refused.reason] = (usage.refused[refused.reason] ?? 0) + 1;
        }
      }
      rewritten.push(best(span, survivors));
      doneSpans++;
      await hooks.onProgress?.(doneSpans, totalSpans);
    }
    if (rewritten.every((r) => r === undefined) || (spans.length === 1 && rewritten[0] === undefined)) {
      usage.offlineParagraphs++;
      offlineSpans += spans.length;
      if (options.fallback) outputs.push(options.fallback(paragraph, (options.seed ?? 0) + i));
      else {
        offline ??= humanize(input, options);
        outputs.push(offline.text.split('\n')[i]!);
      }
      continue;
    }
    const parts = rewritten.map((r, k) => {
      if (r !== undefined) {
        modelSpans++;
        return r;
      }
      offlineSpans++;
      return fallback(spans[k]!, (options.seed ?? 0) + k);
    });
    outputs.push(parts.join(' '));
  }

  usage.costMicroUsd = Math.round(usage.promptTokens * (prices.priceInputPerMTok ?? 0) + usage.completionTokens * (prices.priceOutputPerMTok ?? 0));
  const backend: LlmBackend = modelSpans > 0 && offlineSpans === 0 ? 'llm' : modelSpans > 0 ? 'mixed' : 'offline';
  return {
    text: outputs.join('\n'),
    paragraphs: outputs.map((out, i) => diffSegments(paragraphs[i]!, out)),
    protectedSpans: paragraphs.flatMap((p) => findProtectedSpans(p).map((s) => p.slice(s.start, s.end))),
    backend,
    usage,
  };
}

/**
 * For the operator's log, never the user's text: why the model stopped being asked in a run (its error), or, when
 * it wrote none of it, how its answers were refused; undefined when nothing went wrong.
 */
export function modelNotice(result: Pick<LlmHumanizeResult, 'backend' | 'usage'>, kind: RewriteTransport['kind']): string | undefined {
  const { modelError, refused } = result.usage;
  if (modelError) return `the ${kind} model failed: ${modelError}`;
  if (result.backend !== 'offline') return undefined;
  return `every answer of the ${kind} model was refused (${Object.entries(refused).map(([why, n]) => `${why} ${n}`).join(', ') || 'nothing asked'})`;
}

/** Below this share of words changed a candidate is a near-copy: it is kept only when nothing better survived. */
const MIN_CHANGED = 0.15;

/** A refusal when `answer` dropped one of the user's frozen words (each as often as in the span). */
function lostKept(span: string, answer: string, keep: readonly string[]): Refusal | undefined {
  const lost = keep.filter((word) => spanOccurrences(answer, word) < spanOccurrences(span, word));
  return lost.length > 0 ? { reason: 'spans', lost } : undefined;
}

/**
 * The survivor that changes the most while keeping the most of what the span says (near-copies last); undefined
 * when none survived.
 */
function best(span: string, survivors: readonly string[]): string | undefined {
  let chosen: string | undefined;
  let top = -Infinity;
  for (const candidate of survivors) {
    const changed = changedShare(span, candidate);
    const score = changed + contentKept(span, candidate) + (changed >= MIN_CHANGED ? 2 : 0);
    if (score > top) {
      top = score;
      chosen = candidate;
    }
  }
  return chosen;
}
