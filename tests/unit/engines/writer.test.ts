import { describe, expect, it } from 'vitest';
import { offlinePlan, planEssay } from '../../../server/engines/writer/index.ts';
import { citesOnlySources, writerPrompt } from '../../../server/engines/writer/llm.ts';
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

  it('[TOOL-06] a draft may cite only the numbered sources; made-up references are refused', () => {
    expect(citesOnlySources(['Sleep suffers [1], and scores drop [2].'], 3)).toBe(true);
    expect(citesOnlySources(['Scores drop [4].'], 3)).toBe(false);
    expect(citesOnlySources(['As Smith (2019) showed, (Smith, 2019) scores drop.'], 3)).toBe(false);
    expect(citesOnlySources(['Jones et al. found the same.'], 3)).toBe(false);
    expect(citesOnlySources(['No citation at all.'], 0)).toBe(true);
    const prompt = writerPrompt(planEssay('Phones', { essayType: 'persuasive', length: 400, outline: [], sources }));
    expect(prompt).toContain('[1] Twenge');
    expect(prompt).toContain('Cite only these sources');
  });

  it('[TOOL-06] lines of the outline and sources are trimmed and bounded', () => {
    expect(linesOf(' a \n\n b\r\nc ', 2, 10)).toEqual(['a', 'b']);
  });
});
