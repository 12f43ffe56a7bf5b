/**
 * Optional LLM backend: an OpenAI-compatible chat-completions endpoint rewrites the text; our own checks decide
 * whether its answer is used (every protected span kept, same paragraph count), else the offline engine runs.
 */
import { diffSegments, findProtectedSpans, humanize, splitParagraphs, type HumanizeOptions, type HumanizeResult } from './index.ts';

/** Where the LLM is and how to call it. */
export interface LlmSettings {
  baseUrl: string;
  apiKey: string;
  model: string;
}

const TIMEOUT_MS = 30_000;

function prompt(ultra: boolean): string {
  return [
    'You rewrite text so it reads as written by a thoughtful person, not a chatbot.',
    'Vary sentence length and structure, drop stock phrases and filler transitions, prefer plain words, and use contractions where the tone allows.',
    ultra ? 'Restructure freely: split, merge and reorder sentences and clauses.' : 'Keep the structure mostly as it is; change wording and rhythm.',
    'Keep the meaning and every fact. Copy these exactly, character for character: numbers, dates, names, quotations, citations, URLs and technical terms.',
    'Keep the same paragraphs: one output paragraph per input paragraph, separated by a single newline. Reply with the rewritten text only.',
  ].join(' ');
}

/** True when `output` has every protected span of the input (as often) and the same paragraph count. */
export function acceptsRewrite(input: string, output: string): boolean {
  const inputParagraphs = splitParagraphs(input);
  const outputParagraphs = splitParagraphs(output);
  if (inputParagraphs.length !== outputParagraphs.length) return false;
  for (let i = 0; i < inputParagraphs.length; i++) {
    const paragraph = inputParagraphs[i]!;
    const counts = new Map<string, number>();
    for (const s of findProtectedSpans(paragraph)) {
      const text = paragraph.slice(s.start, s.end);
      counts.set(text, (counts.get(text) ?? 0) + 1);
    }
    for (const [text, n] of counts) if (output.split(text).length - 1 < n) return false;
  }
  return true;
}

/**
 * Rewrites `input` with the LLM (POST {baseUrl}/chat/completions, Bearer key, 30 s timeout). Falls back to
 * the offline engine on any failure: network error, timeout, non-2xx answer, empty reply, a lost protected
 * span or a different paragraph count. Change marks come from a word-level diff against the input.
 * `timeoutMs` exists for tests; production uses the 30 s default.
 */
export async function humanizeWithLlm(
  input: string,
  options: HumanizeOptions,
  settings: LlmSettings,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = TIMEOUT_MS,
): Promise<HumanizeResult & { backend: 'llm' | 'offline' }> {
  const offline = () => ({ ...humanize(input, options), backend: 'offline' as const });
  const paragraphs = splitParagraphs(input);
  if (paragraphs.length === 0) return offline();
  let reply: string;
  try {
    const response = await fetchImpl(`${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.apiKey}` },
      body: JSON.stringify({
        model: settings.model,
        temperature: options.ultra ? 0.9 : 0.7,
        ...(options.seed !== undefined ? { seed: options.seed } : {}),
        messages: [
          { role: 'system', content: prompt(options.ultra === true) },
          { role: 'user', content: paragraphs.join('\n') },
        ],
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return offline();
    const body = (await response.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string' || content.trim() === '') return offline();
    reply = content;
  } catch {
    // Network failure, timeout or a malformed answer: the offline engine is the documented fall-back.
    return offline();
  }
  if (!acceptsRewrite(input, reply)) return offline();
  const outputs = splitParagraphs(reply);
  const protectedSpans = paragraphs.flatMap((p) => findProtectedSpans(p).map((s) => p.slice(s.start, s.end)));
  return {
    text: outputs.join('\n'),
    paragraphs: outputs.map((out, i) => diffSegments(paragraphs[i]!, out)),
    protectedSpans,
    backend: 'llm',
  };
}
