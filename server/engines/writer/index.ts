/**
 * The AI writer (order type 11). Offline: an outline built from the essay type's
 * structure (introduction with the thesis, claims with their evidence, the
 * counter-argument where the type has one, conclusion), the user's outline points
 * placed as the claims and the user's sources mapped to the claims they share the
 * most words with. It writes no prose: that needs the LLM backend (llm.ts).
 * See docs/decisions/0023-essay-rewriter-and-ai-writer.md.
 */
import type { EssayType, WriterPlan, WriterRequest, WriterSection } from '../../../src/domain/writer.ts';

/** Types that answer an opposing view before concluding. */
const WITH_COUNTER: ReadonlySet<EssayType> = new Set(['argumentative', 'persuasive']);

/** Body claims by target length when the user gave no outline; compare/contrast and cause/effect have two sides. */
function claimCount(type: EssayType, length: number): number {
  if (type === 'compareContrast' || type === 'causeEffect') return length >= 1200 ? 4 : 2;
  return length < 400 ? 2 : length < 1000 ? 3 : length < 2000 ? 4 : 5;
}

const STOP = new Set(
  'the a an and or but of to in on for with by at from as is are was were be been this that these those it its their our your his her they we you i not no can will would should may might do does did has have had than then so such into about over after before between more most less very also'.split(
    ' ',
  ),
);
const terms = (text: string) => new Set((text.toLowerCase().match(/\p{L}[\p{L}\p{N}'-]*/gu) ?? []).filter((w) => w.length > 2 && !STOP.has(w)));

function overlap(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const w of a) if (b.has(w)) n++;
  return n;
}

/** The outline of an essay; deterministic for its request. */
export function planEssay(topic: string, request: WriterRequest): Omit<WriterPlan, 'backend' | 'draft' | 'note'> {
  const points = request.outline;
  const claims = points.length > 0 ? points.length : claimCount(request.essayType, request.length);
  const counter = WITH_COUNTER.has(request.essayType);
  // Word budget: introduction 12 %, conclusion 10 %, counter-argument 15 % where there is one; claims share the rest.
  const intro = Math.round(request.length * 0.12);
  const conclusion = Math.round(request.length * 0.1);
  const counterWords = counter ? Math.round(request.length * 0.15) : 0;
  const perClaim = Math.max(40, Math.round((request.length - intro - conclusion - counterWords) / claims));

  const body: WriterSection[] = Array.from({ length: claims }, (_, i) => ({ role: 'claim', index: i + 1, point: points[i] ?? null, sources: [], words: perClaim }));
  // Each source supports the claim it shares most words with (the topic's own words do not count); ties and
  // sources that share nothing go round the claims in turn, so every claim gets evidence before any gets two.
  const topicTerms = terms(topic);
  let turn = 0;
  request.sources.forEach((source, s) => {
    const sourceTerms = new Set([...terms(source)].filter((w) => !topicTerms.has(w)));
    let best = -1;
    let bestScore = 0;
    body.forEach((claim, c) => {
      const score = claim.point ? overlap(sourceTerms, terms(claim.point)) : 0;
      if (score > bestScore) {
        best = c;
        bestScore = score;
      }
    });
    if (best < 0) {
      const fewest = Math.min(...body.map((b) => b.sources.length));
      const candidates = body.map((b, c) => ({ b, c })).filter(({ b }) => b.sources.length === fewest);
      best = candidates[turn++ % candidates.length]!.c;
    }
    body[best]!.sources.push(s);
  });

  const sections: WriterSection[] = [
    { role: 'introduction', point: null, sources: [], words: intro },
    ...body,
    ...(counter ? [{ role: 'counterargument' as const, point: null, sources: [], words: counterWords }] : []),
    { role: 'conclusion', point: null, sources: [], words: conclusion },
  ];
  return { topic, essayType: request.essayType, length: request.length, sources: request.sources, sections };
}

/** The offline answer: the outline and why there is no prose. */
export function offlinePlan(topic: string, request: WriterRequest, note: WriterPlan['note'] = 'noLlm'): WriterPlan {
  return { ...planEssay(topic, request), backend: 'offline', draft: null, note };
}
