import { describe, expect, it } from 'vitest';
import { offlinePlan, planEssay } from '../../../server/engines/writer/index.ts';
import { checkDraft, checkSources, partialDraft, sourceEntries } from '../../../server/engines/writer/citations.ts';
import { writeWithLlm, writerPrompt } from '../../../server/engines/writer/llm.ts';
import { startFakeLlm } from '../../support/fake-llm.ts';
import type { RefRecord } from '../../../src/domain/references.ts';
import { linesOf } from '../../../src/domain/writer.ts';

const sources = [
  'Twenge, J. (2017). iGen: smartphones and adolescent sleep loss. Atria Books.',
  'OECD (2019). PISA results: students who use phones in class score lower in reading.',
  'Pew Research Center (2022). Teens, social media and friendship.',
];

describe('AI writer outline (offline)', () => {
  it('[TOOL-06] follows the essay type: thesis, claims with evidence, counter-argument for argumentative, none for expository', () => {
    const argumentative = planEssay('Should schools ban phones?', { essayType: 'argumentative', length: 800, outline: [], sources: [] });
    expect(argumentative.sections.map((s) => s.role)).toEqual(['introduction', 'claim', 'claim', 'claim', 'counterargument', 'conclusion']);
    const expository = planEssay('How vaccines work', { essayType: 'expository', length: 300, outline: [], sources: [] });
    expect(expository.sections.map((s) => s.role)).toEqual(['introduction', 'claim', 'claim', 'conclusion']);
    // The word budget adds up to about the target.
    const total = argumentative.sections.reduce((n, s) => n + s.words, 0);
    expect(Math.abs(total - 800)).toBeLessThan(20);
  });

  it("[TOOL-06] places the user's outline points as claims and maps each source to the claim it is about", () => {
    const plan = planEssay('Should schools ban phones?', {
      essayType: 'argumentative',
      length: 600,
      outline: ['Phones harm sleep and adolescent health', 'Phones in class lower reading scores', 'Social media builds friendship'],
      sources,
    });
    const claims = plan.sections.filter((s) => s.role === 'claim');
    expect(claims.map((c) => c.point)).toEqual(['Phones harm sleep and adolescent health', 'Phones in class lower reading scores', 'Social media builds friendship']);
    expect(claims.map((c) => c.sources)).toEqual([[0], [1], [2]]);
  });

  it('[TOOL-06] without an outline, sources go round the claims so each claim gets evidence before any gets two; no prose offline', () => {
    const plan = offlinePlan('Phones at school', { essayType: 'expository', length: 300, outline: [], sources });
    expect(plan.sections.filter((s) => s.role === 'claim').map((c) => c.sources.length)).toEqual([2, 1]);
    expect(plan).toMatchObject({ backend: 'offline', draft: null, note: 'noLlm' });
  });

  it('[TOOL-06] the reference checker takes out citations that match none of the sources and keeps those that do', () => {
    const entries = sourceEntries(sources);
    const checked = checkDraft(
      [
        'Sleep suffers [1], and scores drop [2, 4].',
        'Scores drop [5].',
        'Teens sleep less (Twenge, 2017; Miller, 2021), and friendships move online (Pew Research Center, 2022).',
        'An older study agrees (Twenge, 2015).',
        'As Smith (2019) showed, phones distract.',
        'No citation at all.',
        'Jones et al. found the same, as Twenge et al. warned.',
      ],
      entries,
    );
    expect(checked.draft).toEqual([
      'Sleep suffers [1], and scores drop [2].',
      'Scores drop.',
      'Teens sleep less (Twenge, 2017), and friendships move online (Pew Research Center, 2022).',
      'An older study agrees.',
      'As Smith (2019) showed, phones distract.',
      'No citation at all.',
      'Jones et al. found the same, as Twenge et al. warned.',
    ]);
    expect(checked.citationNotes).toEqual([
      { reason: 'notASource', cite: '[2, 4]', source: null, removed: true },
      { reason: 'notASource', cite: '[5]', source: null, removed: true },
      { reason: 'notASource', cite: 'Miller, 2021', source: null, removed: true },
      { reason: 'yearMismatch', cite: 'Twenge, 2015', source: 1, removed: true },
      // A narrative citation stays (taking it out would break the sentence) and is marked.
      { reason: 'notASource', cite: 'Smith (2019)', source: null, removed: false },
      // A study named without a year, by none of the sources' authors, is marked too; Twenge is a source's author.
      { reason: 'notASource', cite: 'Jones et al.', source: null, removed: false },
    ]);
    const prompt = writerPrompt(planEssay('Phones', { essayType: 'persuasive', length: 400, outline: [], sources }));
    expect(prompt).toContain('[1] Twenge');
    expect(prompt).toContain('Cite only these sources');
  });

  it("[TOOL-06] citations of a source the lookup did not find or found retracted stay, marked; unknown sources' verdicts are unchecked", async () => {
    const entries = sourceEntries(sources);
    const record = (title: string): RefRecord => ({ source: 'crossref', doi: null, title, authors: ['Jean Twenge'], year: 2017, container: null, volume: null, issue: null, pages: null, url: null, retracted: true });
    const checks = await checkSources(entries, async (fields) => ({ candidates: fields.title?.startsWith('iGen') ? [record(fields.title)] : [] }));
    expect(checks.map((c) => c.verdict)).toEqual(['retracted', 'notFound', 'notFound']);
    expect((await checkSources(entries)).map((c) => c.verdict)).toEqual(['unchecked', 'unchecked', 'unchecked']);
    const checked = checkDraft(['Sleep suffers [1].', 'Scores drop [2].'], entries, checks);
    expect(checked.draft).toEqual(['Sleep suffers [1].', 'Scores drop [2].']);
    expect(checked.citationNotes).toEqual([
      { reason: 'sourceRetracted', cite: '[1]', source: 1, removed: false },
      { reason: 'sourceNotFound', cite: '[2]', source: 2, removed: false },
    ]);
  });

  it('[TOOL-06] a streamed draft is shown only up to its last closed citation, checked', () => {
    const entries = sourceEntries(sources);
    expect(partialDraft('Phones divide schools.\nThey harm sleep [', entries, []).draft).toEqual(['Phones divide schools.', 'They harm sleep']);
    expect(partialDraft('They harm sleep (Miller, 20', entries, []).draft).toEqual(['They harm sleep']);
    expect(partialDraft('They harm sleep [9] and', entries, [])).toEqual({ draft: ['They harm sleep and'], citationNotes: [{ reason: 'notASource', cite: '[9]', source: null, removed: true }] });
  });

  it('[TOOL-06] a stream that falls silent fails the run (the beans go back); the timeout restarts with every chunk', async () => {
    const llm = await startFakeLlm('k', () => 'Phones divide schools [1].\nThey harm sleep.');
    try {
      llm.chunkChars = 4;
      const settings = { baseUrl: llm.baseUrl, apiKey: 'k', model: 'm' };
      const request = { essayType: 'expository' as const, length: 300, outline: [], sources };
      const seen: string[][] = [];
      const plan = await writeWithLlm('Phones', request, settings, { partial: async (p) => void seen.push(p.draft) }, fetch, 2_000);
      expect(plan.draft).toEqual(['Phones divide schools [1].', 'They harm sleep.']);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.at(-1)).toEqual(plan.draft);
      llm.pauseAfterChunks = 2;
      await expect(writeWithLlm('Phones', request, settings, {}, fetch, 300)).rejects.toThrow(/stalled/);
    } finally {
      llm.resume();
      await llm.close();
    }
  });

  it('[TOOL-06] lines of the outline and sources are trimmed and bounded', () => {
    expect(linesOf(' a \n\n b\r\nc ', 2, 10)).toEqual(['a', 'b']);
  });
});
