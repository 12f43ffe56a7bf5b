/**
 * The AI writer's draft with the LLM backend: an OpenAI-compatible
 * chat-completions endpoint writes the essay along the offline outline, citing
 * only the user's numbered sources as [n]. Our own checks decide whether the
 * draft is shown: a citation that is not one of the user's sources (a number out
 * of range, or an author-year or "et al." reference of its own) refuses it, and
 * the user gets the outline with a note instead. A network failure fails the
 * run (the worker refunds the beans).
 */
import type { WriterPlan, WriterRequest } from '../../../src/domain/writer.ts';
import type { LlmSettings } from '../humanizer/llm.ts';
import { offlinePlan, planEssay } from './index.ts';

const TIMEOUT_MS = 120_000;

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

/** True when every citation in the draft is one of the user's sources. */
export function citesOnlySources(paragraphs: string[], sourceCount: number): boolean {
  for (const p of paragraphs) {
    for (const m of p.matchAll(/\[(\d+(?:\s*[,–-]\s*\d+)*)\]/g)) {
      for (const n of m[1]!.split(/[,–-]/).map((x) => Number(x.trim()))) if (!(n >= 1 && n <= sourceCount)) return false;
    }
    // An author-year citation or "et al." of the model's own is a reference it made up.
    if (/\((?:[^()]*?\p{Lu}[\p{L}'-]+(?: et al\.)?,? (?:19|20)\d{2}[a-z]?)\)/u.test(p) || /\bet al\./.test(p)) return false;
  }
  return true;
}

export async function writeWithLlm(topic: string, request: WriterRequest, settings: LlmSettings, fetchImpl: typeof fetch = fetch, timeoutMs = TIMEOUT_MS): Promise<WriterPlan> {
  const plan = planEssay(topic, request);
  const response = await fetchImpl(`${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.apiKey}` },
    body: JSON.stringify({
      model: settings.model,
      temperature: 0.7,
      messages: [
        { role: 'system', content: 'You are a careful essay writer for students. You never invent sources, quotations or figures.' },
        { role: 'user', content: `Topic: ${topic}\n\n${writerPrompt(plan)}` },
      ],
    }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`LLM answered ${response.status}`);
  const body = (await response.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
  const reply = body.choices?.[0]?.message?.content;
  if (typeof reply !== 'string' || reply.trim() === '') throw new Error('LLM gave no text');
  const draft = reply
    .split(/\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (!citesOnlySources(draft, request.sources.length)) return offlinePlan(topic, request, 'llmRefused');
  return { ...plan, backend: 'llm', draft, note: null };
}
