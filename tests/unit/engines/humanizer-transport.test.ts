import { describe, expect, it } from 'vitest';
import { contentKept, humanizeWithModel, refusal, spansOf, type Completion, type RewriteTransport } from '../../../server/engines/humanizer/llm.ts';

// One long paragraph (three sentence groups at 25 words) and a short one.
const S1 = 'Remote work gives employees more control over their schedules, and many of them say it helps them balance their jobs with their families.';
const S2 = 'A 2023 survey of 1,200 workers found that 64% would not return to the office full time.';
const S3 = 'Managers, however, worry that new staff learn less when they rarely meet their colleagues in person.';
const P2 = 'Offices will not disappear, but their purpose is changing quickly.';
const INPUT = `${S1} ${S2} ${S3}\n${P2}`;

/** A transport that answers from a script: for each span, the candidates in order (a function may throw). */
function scripted(answers: (span: string, attempt: number) => string | undefined | Error, maxWords = 25, candidates = { wanted: 2, attempts: 3 }) {
  const calls: Array<{ span: string; attempt: number }> = [];
  const transport: RewriteTransport = {
    kind: 'embedded',
    maxWords,
    candidates: () => candidates,
    async complete(span, _ultra, attempt): Promise<Completion | undefined> {
      calls.push({ span, attempt });
      const answer = answers(span, attempt);
      if (answer instanceof Error) throw answer;
      return answer === undefined ? undefined : { text: answer, promptTokens: 10, completionTokens: 10 };
    },
  };
  return { transport, calls };
}

describe('the model backend, transport by transport', () => {
  it('[TOOL-07] sends a long paragraph sentence group by sentence group, reports progress per span and joins the rewrites', async () => {
    expect(spansOf(`${S1} ${S2} ${S3}`, 25)).toEqual([S1, S2, S3]);
    expect(spansOf(P2, 25)).toEqual([P2]);
    const rewrites: Record<string, string> = {
      [S1]: 'Working from home lets staff control their own hours, and many say it helps them balance their jobs and their families.',
      [S2]: 'In a 2023 survey of 1,200 workers, 64% said they would not go back to the office full time.',
      [S3]: 'Managers, though, fear that new staff learn less when they seldom meet colleagues in person.',
      [P2]: 'Offices will not vanish, but what they are for is changing fast.',
    };
    const { transport, calls } = scripted((span) => rewrites[span]);
    const progress: Array<[number, number]> = [];
    const result = await humanizeWithModel(INPUT, { seed: 3 }, transport, { onProgress: (done, total) => void progress.push([done, total]) });
    expect(result.text).toBe(`${rewrites[S1]} ${rewrites[S2]} ${rewrites[S3]}\n${rewrites[P2]}`);
    expect(result.backend).toBe('llm');
    expect(progress).toEqual([[1, 4], [2, 4], [3, 4], [4, 4]]);
    // Two accepted candidates wanted per span: each span was asked twice.
    expect(calls.filter((c) => c.span === S2).map((c) => c.attempt)).toEqual([0, 1]);
    expect(result.protectedSpans).toEqual(expect.arrayContaining(['2023', '1,200', '64%']));
  });

  it('[TOOL-07] keeps the candidate that changes the most while keeping what the span says, never a copy', async () => {
    const copy = S3;
    const light = 'Managers, however, fear that new staff learn less when they rarely meet their colleagues in person.';
    const deep = 'Managers, though, fear that new hires pick up less when they seldom see colleagues face to face.';
    const { transport } = scripted((span, attempt) => (span === S3 ? [copy, light, deep][attempt] : span), 40, { wanted: 3, attempts: 3 });
    const result = await humanizeWithModel(S3, { seed: 1 }, transport);
    expect(result.text).toBe(deep);
  });

  it('[TOOL-07] refuses a rewrite that says something else, and a span with no usable candidate goes to the offline engine', async () => {
    const unrelated = 'The history of the bicycle begins in Germany, where inventors built wooden machines without pedals or chains.';
    expect(contentKept(S1, unrelated)).toBeLessThan(0.4);
    expect(refusal(S1, unrelated)?.reason).toBe('meaning');
    // Dropping a sentence whole is a lost fact, however well the rest is kept.
    expect(refusal(`${S1} ${S3}`, 'Working from home lets staff control their own hours, and many say it helps them balance their jobs and their families.')?.reason).toBe('meaning');
    // S2's numbers must survive: an answer that rounds them is refused.
    expect(refusal(S2, 'A recent survey of about a thousand workers found most would not return to the office full time.')?.reason).toBe('spans');
    const { transport } = scripted((span) => (span === S1 ? unrelated : span === S2 ? 'A survey found that most workers would not return full time.' : `${span.replace('however', 'though')}`));
    const result = await humanizeWithModel(INPUT, { seed: 3 }, transport);
    expect(result.backend).toBe('mixed');
    expect(result.text).not.toContain('bicycle');
    for (const kept of ['2023', '1,200', '64%']) expect(result.text).toContain(kept);
    expect(result.text.split('\n')).toHaveLength(2);
  });

  it('[TOOL-07] a model that cannot answer sends the whole run to the offline engine after one request', async () => {
    const { transport, calls } = scripted(() => new Error('model failed to load'));
    const result = await humanizeWithModel(INPUT, { seed: 3 }, transport);
    expect(calls).toHaveLength(1);
    expect(result.backend).toBe('offline');
    expect(result.usage.offlineParagraphs).toBe(2);
    expect(result.text.split('\n')).toHaveLength(2);
  });

  it("[TOOL-04] keeps the words a user froze: an answer that drops one is refused, and the caller's fallback writes that span", async () => {
    const { transport } = scripted((span) => span.replace('Managers', 'Bosses').replace('however', 'though'), 40, { wanted: 1, attempts: 2 });
    const result = await humanizeWithModel(S3, { seed: 1, keep: ['Managers'], fallback: (text) => `[rules] ${text}` }, transport);
    expect(result.text).toBe(`[rules] ${S3}`);
    expect(result.backend).toBe('offline');
    const free = await humanizeWithModel(S3, { seed: 1, keep: [], fallback: (text) => `[rules] ${text}` }, transport);
    expect(free.text).toContain('Bosses');
  });
});
