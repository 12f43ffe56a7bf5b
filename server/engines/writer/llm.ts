/**
 * The AI writer's draft with the LLM backend: an OpenAI-compatible
 * chat-completions endpoint writes the essay along the offline outline, citing
 * only the user's numbered sources as [n], streamed (`stream: true`) so the page
 * shows the draft as it is written. The reference checker checks every citation
 * before any text is shown (citations.ts): one that matches none of the user's
 * sources is taken out (or marked), with a note. A network failure fails the
 * run (the worker refunds the beans).
 */
import type { WriterPartial, WriterPlan, WriterRequest, WriterSourceCheck } from '../../../src/domain/writer.ts';
import type { LlmSettings } from '../humanizer/llm.ts';
import type { Lookup } from '../references/index.ts';
import { checkDraft, checkSources, partialDraft, sourceEntries } from './citations.ts';
import { planEssay } from './index.ts';

/** A stream that sends nothing for this long has stalled; the run fails (and the beans go back). */
const TIMEOUT_MS = 120_000;
/** A whole streamed draft (3,000 words at a slow model's pace) may take longer than one silence is allowed to. */
const STREAM_DEADLINE_MS = 600_000;
/** The least time between two stored snapshots of a streaming draft. */
const SNAPSHOT_MS = 250;

export function writerPrompt(plan: ReturnType<typeof planEssay>): string {
  const outline = plan.sections
    .map((s) => {
      const label = s.role === 'claim' ? `Body paragraph ${s.index}` : s.role === 'introduction' ? 'Introduction with a clear thesis' : s.role === 'counterargument' ? 'Counter-argument and rebuttal' : 'Conclusion';
      const point = s.point ? `: ${s.point}` : '';
      const sources = s.sources.length > 0 ? ` (evidence from ${s.sources.map((i) => `[${i + 1}]`).join(', ')})` : '';
      return `- ${label}${point}, about ${s.words} words${sources}`;
    })
    .join('\n');
  const sources = plan.sources.length > 0 ? plan.sources.map((s, i) => `[${i + 1}] ${s}`).join('\n') : '(none)';
  return [
    `Write a ${plan.essayType.replace(/([A-Z])/g, ' $1').toLowerCase()} essay of about ${plan.length} words, one paragraph per line, following this outline:`,
    outline,
    'Sources you may cite, by their number in square brackets, and no others:',
    sources,
    plan.sources.length > 0
      ? 'Cite only these sources, only as [n]. Invent no other reference, author, study, statistic or quotation.'
      : 'There are no sources: cite nothing, and invent no reference, author, study, statistic or quotation.',
    'Reply with the essay text only.',
  ].join('\n');
}

/** What the run tells the worker while the draft streams in. */
export interface WriterHooks {
  /** The checked draft so far; called again as more arrives (never two at once: the latest wins). */
  partial?: (partial: WriterPartial) => Promise<void>;
  /** The sources' online lookups (the reference checker's, cached); none: every source stays unchecked. */
  lookup?: Lookup;
}

/**
 * Reads an OpenAI-compatible streamed answer (server-sent events, `data: {chunk}` lines, `data: [DONE]`), calling
 * `onText` with the whole text so far after each chunk. A server that ignores `stream` and answers JSON is read too.
 */
async function readAnswer(response: Response, onText: (text: string) => void): Promise<string> {
  if (!/text\/event-stream/i.test(response.headers.get('content-type') ?? '') || !response.body) {
    const body = (await response.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
    const reply = body.choices?.[0]?.message?.content;
    return typeof reply === 'string' ? reply : '';
  }
  const decoder = new TextDecoder();
  let buffer = '';
  let text = '';
  let done = false;
  const reader = response.body.getReader();
  while (!done) {
    const chunk = await reader.read();
    if (chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    let grew = false;
    for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
      const line = buffer.slice(0, end).replace(/\r$/, '');
      buffer = buffer.slice(end + 1);
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') {
        done = true;
        break;
      }
      try {
        const event = JSON.parse(data) as { choices?: Array<{ delta?: { content?: unknown } }> };
        const piece = event.choices?.[0]?.delta?.content;
        if (typeof piece === 'string' && piece) {
          text += piece;
          grew = true;
        }
      } catch {
        // A line that is not JSON (a keep-alive comment) carries no text.
      }
    }
    if (grew) onText(text);
  }
  if (!done) await reader.cancel().catch(() => {});
  return text;
}

/**
 * Streams the draft from the model. The sources are looked up first (in parallel with the model's first words);
 * every snapshot of the draft handed to `hooks.partial`, and the final draft, has had each of its citations checked
 * against them (citations.ts), so nothing unchecked is ever shown.
 */
export async function writeWithLlm(topic: string, request: WriterRequest, settings: LlmSettings, hooks: WriterHooks = {}, fetchImpl: typeof fetch = fetch, timeoutMs = TIMEOUT_MS): Promise<WriterPlan> {
  const plan = planEssay(topic, request);
  const entries = sourceEntries(request.sources);
  const checking = checkSources(entries, hooks.lookup);
  let checks: WriterSourceCheck[] | null = null;
  void checking.then((c) => (checks = c)).catch(() => {});

  // Snapshots: one write at a time; while one is written the newest text waits, and only the newest is written next.
  let latest: string | null = null;
  let writing: Promise<void> | null = null;
  // At most one write per SNAPSHOT_MS (the page polls once a second): a fast model's hundreds of chunks cost a few
  // writes a second, and the newest text is always the one written next.
  const flush = async () => {
    while (latest !== null && checks) {
      const text = latest;
      latest = null;
      const started = Date.now();
      await hooks.partial?.(partialDraft(text, entries, checks)).catch(() => {});
      const rest = started + SNAPSHOT_MS - Date.now();
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    }
    writing = null;
  };
  const onText = (text: string) => {
    if (!hooks.partial) return;
    latest = text;
    if (!writing && checks) writing = flush();
  };

  // The timeout is on silence, not on the whole answer: it restarts with every chunk; a hard cap bounds the stream.
  const abort = new AbortController();
  const stalled = () => abort.abort(new Error('LLM stream stalled'));
  let idle = setTimeout(stalled, timeoutMs);
  const cap = setTimeout(() => abort.abort(new Error('LLM stream too long')), Math.max(timeoutMs, STREAM_DEADLINE_MS));
  try {
    return await streamDraft();
  } finally {
    clearTimeout(idle);
    clearTimeout(cap);
  }

  async function streamDraft(): Promise<WriterPlan> {
    const response = await fetchImpl(`${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.apiKey}` },
      body: JSON.stringify({
        model: settings.model,
        temperature: 0.7,
        stream: true,
        messages: [
          { role: 'system', content: 'You are a careful essay writer for students. You never invent sources, quotations or figures.' },
          { role: 'user', content: `Topic: ${topic}\n\n${writerPrompt(plan)}` },
        ],
      }),
      signal: abort.signal,
    });
    if (!response.ok) throw new Error(`LLM answered ${response.status}`);
    const readingDone = readAnswer(response, (text) => {
      clearTimeout(idle);
      idle = setTimeout(stalled, timeoutMs);
      onText(text);
    });
    readingDone.catch(() => {}); // awaited below; a stall while the sources are checked must not go unhandled
    // The first snapshot waits for the sources' verdicts; the text streamed meanwhile is shown then at once.
    const sourceChecks = await checking;
    checks = sourceChecks;
    if (latest !== null && !writing) writing = flush();
    const reply = await readingDone;
    await writing;
    if (reply.trim() === '') throw new Error('LLM gave no text');
    const paragraphs = reply
      .split(/\r?\n/)
      .map((p) => p.trim())
      .filter(Boolean);
    const checked = checkDraft(paragraphs, entries, sourceChecks);
    return { ...plan, backend: 'llm', draft: checked.draft, note: null, citationNotes: checked.citationNotes, sourceChecks };
  }
}
