import { LocalLinter } from 'harper.js';
import { slimBinary } from 'harper.js/slimBinary';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGrammarClient, type WorkerLike } from '../../../src/lib/grammar/client.ts';
import { applyFix, lintParagraphs, type GrammarRequest, type GrammarResponse } from '../../../src/lib/grammar/lints.ts';

// The real harper.js WebAssembly (the slim build the worker loads), run in Node: no fake grammar.
let linter: LocalLinter;
beforeAll(async () => {
  linter = new LocalLinter({ binary: slimBinary });
  await linter.setup();
});

/** A worker stand-in that runs the worker's own code path (`lintParagraphs` on real harper) and counts requests. */
function inProcessWorker() {
  const listeners: ((event: MessageEvent<GrammarResponse>) => void)[] = [];
  const sent: string[][] = [];
  const worker: WorkerLike = {
    postMessage: (message: GrammarRequest) => {
      sent.push(message.paragraphs);
      void lintParagraphs(linter, message.paragraphs).then((lints) => listeners.forEach((l) => l({ data: { id: message.id, lints } } as MessageEvent<GrammarResponse>)));
    },
    addEventListener: ((type: string, listener: (event: MessageEvent<GrammarResponse>) => void) => {
      if (type === 'message') listeners.push(listener);
    }) as WorkerLike['addEventListener'],
    terminate: () => {},
  };
  return { worker, sent };
}

describe('grammar suggestions (harper.js)', () => {
  it('[TOOL-06] finds an article, an agreement and a spelling error with the fixes, at UTF-16 offsets of each paragraph', async () => {
    const [first, second, empty] = await lintParagraphs(linter, ['This is an test of the editor.', 'He go to school. It is realy 🙂 nice.', '   ']);
    expect(first).toEqual([expect.objectContaining({ start: 8, end: 10, problem: 'an', fixes: [{ kind: 'replace', text: 'a' }] })]);
    const go = second!.find((l) => l.problem === 'go')!;
    expect(go).toMatchObject({ kind: 'Agreement', fixes: [{ kind: 'replace', text: 'goes' }] });
    const realy = second!.find((l) => l.problem === 'realy')!;
    expect(realy.kind).toBe('Spelling');
    expect(realy.fixes[0]).toEqual({ kind: 'replace', text: 'really' });
    expect('He go to school. It is realy 🙂 nice.'.slice(realy.start, realy.end)).toBe('realy');
    expect(empty).toEqual([]);
    expect(applyFix('He go to school.', go, go.fixes[0]!)).toBe('He goes to school.');
  });

  it('[TOOL-06] catches the verb-form and agreement errors students make most, with the fix and a translated rule', async () => {
    const texts = ['Many students think they feels tired.', 'The school should keeps the library open.', 'The government must to improve transport.', 'A students who works at night sleeps less.', 'Teachers who teaches well are rare.', 'It should has been done.'];
    const [they, keeps, mustTo, aStudents, teachers, has] = await lintParagraphs(linter, texts);
    expect(they!.map((l) => [l.problem, l.fixes[0]!.text])).toEqual([['feels', 'feel']]);
    expect(keeps).toEqual([expect.objectContaining({ problem: 'keeps', kind: 'Agreement', rule: 'modalVerb', fixes: [{ kind: 'replace', text: 'keep' }] })]);
    expect(mustTo).toEqual([expect.objectContaining({ rule: 'modalTo', fixes: [{ kind: 'remove', text: '' }] })]);
    expect(applyFix(texts[2]!, mustTo![0]!, mustTo![0]!.fixes[0]!)).toBe('The government must improve transport.');
    expect(aStudents).toEqual([expect.objectContaining({ problem: 'students', rule: 'articlePlural', fixes: [{ kind: 'replace', text: 'student' }] })]);
    expect(teachers).toEqual([expect.objectContaining({ problem: 'teaches', rule: 'relativeAgreement', fixes: [{ kind: 'replace', text: 'teach' }] })]);
    expect(has).toEqual([expect.objectContaining({ problem: 'has', fixes: [{ kind: 'replace', text: 'have' }] })]);
  });

  it('[TOOL-06] leaves correct sentences and names alone, lists a fix once and explains without Markdown', async () => {
    const fine = ['I booked the trip on Ctrip last year.', 'You guys are great.', 'We students should always finish our work.', 'She can always count on us.', 'This process is slow and a series that makes sense.', 'The news that matters.', 'I have to go, and we ought to leave.', 'A class that meets daily.'];
    for (const [i, lints] of (await lintParagraphs(linter, fine)).entries()) expect(lints, fine[i]).toEqual([]);
    const [their] = await lintParagraphs(linter, ['Their is a problem with there homework.']);
    for (const l of their!) {
      expect(l.message).not.toContain('`');
      expect(new Set(l.fixes.map((f) => f.text)).size).toBe(l.fixes.length);
    }
  });

  it('[TOOL-06] gives offsets after an emoji in the editor’s UTF-16 units', async () => {
    const text = '🙂🙂 Ths is fine.';
    const [lints] = await lintParagraphs(linter, [text]);
    const ths = lints!.find((l) => l.kind === 'Spelling')!;
    expect(text.slice(ths.start, ths.end)).toBe('Ths');
  });

  it('[TOOL-06] the worker client lints only paragraphs it has not seen and answers every paragraph in order', async () => {
    const { worker, sent } = inProcessWorker();
    let created = 0;
    const client = createGrammarClient(() => {
      created += 1;
      return worker;
    });
    expect(client.started()).toBe(false);
    const first = await client.lint(['She dont care.', 'All good here.']);
    expect(first[0]!.map((l) => l.problem)).toContain('dont');
    const again = await client.lint(['All good here.', 'She dont care.', 'A new paragraf.']);
    expect(sent).toEqual([['She dont care.', 'All good here.'], ['A new paragraf.']]);
    expect(again[1]).toEqual(first[0]);
    expect(again[2]!.map((l) => l.problem)).toContain('paragraf');
    expect(created).toBe(1);
  });

  it('[TOOL-06] a worker that fails rejects the request instead of hanging', async () => {
    let onError: ((event: ErrorEvent) => void) | undefined;
    const client = createGrammarClient(() => ({
      postMessage: () => onError?.({ message: 'no WebAssembly' } as ErrorEvent),
      addEventListener: ((type: string, listener: (event: ErrorEvent) => void) => {
        if (type === 'error') onError = listener;
      }) as WorkerLike['addEventListener'],
      terminate: () => {},
    }));
    await expect(client.lint(['Some text.'])).rejects.toThrow('no WebAssembly');
  });
});
