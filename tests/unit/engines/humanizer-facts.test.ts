import { describe, expect, it } from 'vitest';
import { humanize } from '../../../server/engines/humanizer/index.ts';
import { grammarIssues, lostMeaningWords, stockPhraseCount } from '../../../server/engines/humanizer/quality.ts';

// Essays written for this test (not from ../shared): chatbot prose full of facts that must survive verbatim, and of
// negations, quantifiers and modals that must not be lost.
const ESSAYS = [
  [
    'In today\'s rapidly evolving world, it is important to note that renewable energy plays a crucial role in reducing emissions. According to the IEA, solar capacity grew by 22% in 2023, reaching 1,419 GW worldwide.',
    'Furthermore, Dr. Maria Okafor of the University of Lagos argues that "cheap storage is the missing piece" (Okafor, 2022). However, not all countries can afford lithium-ion batteries, and some may never build large grids.',
    'In conclusion, governments should invest in research, and every city must publish its targets at https://energy.example.org/targets by March 3, 2026.',
  ].join('\n'),
  [
    'Additionally, the implementation of the new curriculum was approved by the school board on 12 September 2024. It is essential for students to develop critical thinking skills, and most teachers agree that few tests measure them well.',
    'Moreover, the study by Chen et al. (2021) found that 3 out of 4 pupils who used ChatGPT-4 wrote shorter essays; the effect was not significant for students in grade 9 [4].',
    'Overall, schools cannot ignore AI tools, but they should not ban them either, as the OECD report of 2019 warned.',
  ].join('\n'),
];

const SPANS = ['IEA', '22%', '2023', '1,419 GW', 'Dr. Maria Okafor', 'University of Lagos', '"cheap storage is the missing piece"', '(Okafor, 2022)', 'lithium-ion', 'https://energy.example.org/targets', 'March 3, 2026', '12 September 2024', 'Chen et al. (2021)', 'ChatGPT-4', '[4]', 'OECD', '2019'];

describe('humanize: facts of held-out texts written for this test', () => {
  it('keeps every number, date, name, quotation, citation, URL and technical term in every version, both modes', () => {
    for (const ultra of [false, true]) {
      for (let seed = 0; seed < 20; seed++) {
        const text = ESSAYS.map((e) => humanize(e, { seed, ultra }).text).join('\n');
        for (const span of SPANS) expect(text, `${ultra ? 'Ultra' : 'normal'} seed ${seed}`).toContain(span);
      }
    }
  });

  it('never loses a negation, quantifier or modal, adds no rule violation and removes most stock phrases', () => {
    for (const essay of ESSAYS) {
      for (const ultra of [false, true]) {
        let stock = 0;
        for (let seed = 0; seed < 20; seed++) {
          const out = humanize(essay, { seed, ultra }).text;
          expect(lostMeaningWords(essay, out), out).toEqual([]);
          expect(grammarIssues(out).length, out).toBeLessThanOrEqual(grammarIssues(essay).length);
          stock += stockPhraseCount(out);
        }
        expect(stock / 20).toBeLessThan(stockPhraseCount(essay) * 0.5);
      }
    }
  });

  it('gives five re-runs that differ from each other', () => {
    for (const essay of ESSAYS) {
      const versions = new Set(Array.from({ length: 5 }, (_, seed) => humanize(essay, { seed }).text));
      expect(versions.size).toBe(5);
    }
  });
});
