/**
 * The rewriter's LLM modes (Expand, Creative), and the offline modes when the
 * backend is configured and the user asks for them: an OpenAI-compatible
 * chat-completions endpoint writes, our own checks decide whether the answer is
 * used (every protected span and frozen word kept, same paragraph count).
 * Expand and Creative have no offline fall-back, so a refused answer fails the
 * run and the beans go back.
 */
import { isLlmMode, type RewriteMode } from '../../../src/domain/rewriter.ts';
import { acceptsRewrite, embeddedTransport, humanizeWithModel, modelNotice, type LlmSettings } from '../humanizer/llm.ts';
import type { EmbeddedPlan, ParaphraseStyle } from '../../llm/embedded.ts';
import { diffSegments, frozenSpans, splitParagraphs } from '../humanizer/index.ts';
import { rewrite, statsOf, type RewriteOptions, type RewriteResult } from './index.ts';

const TIMEOUT_MS = 60_000;

const INSTRUCTIONS: Partial<Record<RewriteMode, string>> = {
  expand:
    'Expand the text: develop each point with explanation and an example drawn from what the text already says, about half as long again. Add no new facts, figures, names or sources.',
  creative: 'Rewrite the text with vivid, varied wording and fresh sentence structure, as a good writer would, keeping every claim as it is. Add no new facts, figures, names or sources.',
};

export function rewritePrompt(mode: RewriteMode, strength: number, frozen: readonly string[]): string {
  return [
    'You are an essay rewriting tool.',
    INSTRUCTIONS[mode] ?? 'Paraphrase the text.',
    `Change amount: ${strength} on a scale of 1 (light) to 5 (heavy).`,
    'Copy these exactly, character for character: numbers, dates, names, quotations, citations, URLs and technical terms.',
    frozen.length > 0 ? `Also keep these words exactly as written: ${frozen.map((w) => JSON.stringify(w)).join(', ')}.` : '',
    'Keep the same paragraphs: one output paragraph per input paragraph, separated by a single newline. Reply with the rewritten text only.',
  ]
    .filter(Boolean)
    .join(' ');
}

/** Rewrites with the LLM (POST {baseUrl}/chat/completions); throws when the answer is missing or breaks a rule. */
export async function rewriteWithLlm(input: string, options: RewriteOptions, settings: LlmSettings, fetchImpl: typeof fetch = fetch, timeoutMs = TIMEOUT_MS): Promise<RewriteResult> {
  const paragraphs = splitParagraphs(input);
  const response = await fetchImpl(`${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.apiKey}` },
    body: JSON.stringify({
      model: settings.model,
      temperature: options.mode === 'creative' ? 0.9 : 0.7,
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
      messages: [
        { role: 'system', content: rewritePrompt(options.mode, options.strength, options.frozen) },
        { role: 'user', content: paragraphs.join('\n') },
      ],
    }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`LLM answered ${response.status}`);
  const body = (await response.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
  const reply = body.choices?.[0]?.message?.content;
  if (typeof reply !== 'string' || reply.trim() === '') throw new Error('LLM gave no text');
  if (!acceptsRewrite(input, reply)) throw new Error('LLM answer lost a protected span or a paragraph');
  const outputs = splitParagraphs(reply);
  for (let i = 0; i < paragraphs.length; i++) {
    for (const word of options.frozen) {
      if (frozenSpans(outputs[i]!, [word]).length < frozenSpans(paragraphs[i]!, [word]).length) throw new Error('LLM answer lost a frozen word');
    }
  }
  const segments = outputs.map((out, i) => diffSegments(paragraphs[i]!, out));
  const text = outputs.join('\n');
  const kept = paragraphs.flatMap((p) => frozenSpans(p, options.frozen).map((s) => p.slice(s.start, s.end)));
  return { text, paragraphs: segments, kept, stats: statsOf(paragraphs.join('\n'), text, segments) };
}

/** The embedded paraphraser's style for each rewriter mode (the QuillBot modes it was trained on). */
/**
 * Expand and Creative add words, and the small model then drops a protected span or a frozen word more often (about
 * half its "expand" answers on the test paragraph): more samples a span, so that a paragraph rarely falls back to the
 * offline engine and a run rarely fails for want of one accepted answer.
 */
const REWRITER_CANDIDATES = { wanted: 2, attempts: 6 };

const STYLE: Readonly<Record<RewriteMode, ParaphraseStyle>> = {
  standard: 'standard',
  fluent: 'fluency',
  formal: 'formal',
  simple: 'standard',
  shorten: 'shorten',
  expand: 'expand',
  creative: 'creative',
};

/**
 * Rewrites with the embedded paraphraser (server/llm/embedded.ts) in the mode's style, span by span through the
 * humanizer's model loop and checks, every frozen word kept. A span the model could not rewrite safely gets the
 * offline Standard rewrite; a run where the model rewrote nothing throws (the mode has no offline engine of its
 * own, so the beans go back).
 */
export async function rewriteWithEmbedded(input: string, options: RewriteOptions, plan: Extract<EmbeddedPlan, { ready: true }>): Promise<RewriteResult> {
  const style = STYLE[options.mode];
  const offline = (text: string, seed: number) => rewrite(text, { ...options, mode: isLlmMode(options.mode) ? 'standard' : options.mode, seed }).text;
  const result = await humanizeWithModel(input, { seed: options.seed, keep: options.frozen, fallback: offline }, embeddedTransport(plan, { normal: style, ultra: style }, () => REWRITER_CANDIDATES));
  // The log then says why (the worker logs the error): the model's failure, or its answers refused by reason.
  if (result.backend === 'offline') throw new Error(`rewriter mode ${options.mode}: ${modelNotice(result, 'embedded')}`);
  const paragraphs = splitParagraphs(input);
  const kept = paragraphs.flatMap((p) => frozenSpans(p, options.frozen).map((s) => p.slice(s.start, s.end)));
  return { text: result.text, paragraphs: result.paragraphs, kept, stats: statsOf(paragraphs.join('\n'), result.text, result.paragraphs) };
}
