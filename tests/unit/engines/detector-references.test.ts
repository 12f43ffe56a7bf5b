import { describe, expect, it } from 'vitest';
import { detect } from '../../../server/engines/detector/index.ts';
import { looksLikeReference, segmentText } from '../../../server/engines/detector/text.ts';

const body = `Remote learning changed how students plan their days. Many of them found that they could work at their own pace, while others missed the structure of a classroom and the company of friends. Teachers had to learn new tools quickly, and not every school could give each pupil a laptop or a steady connection at home.

Surveys from the period show a mixed picture (Lee, 2021). Students with a quiet room and good equipment often did as well as before, but those who shared a small flat with siblings fell behind. The gap was widest in mathematics, where a teacher's quick correction matters most.

In the end, the experience taught schools that technology helps only when the basics are in place.`;

const apa = `References

Lee, K. (2021). Learning at home during the pandemic. Journal of Education Research, 14(2), 101–119. https://doi.org/10.1000/jer.2021.14
Smith, J. A., & Patel, R. (2020). Screens and schools. Oxford University Press.
Puzon, G.; Ramos, T.; & Plumb, I. (2020). Connectivity and grades. Computers & Education, 150, 103850.`;

const mla = `Works Cited

Green, Paul. The Mind of the Classroom. Penguin, 2011.
Okafor, Ada, and Tim Berg. "Homes as Schools." Education Today, vol. 9, no. 4, 2020, pp. 12-30.`;

describe('detector text: reference lists are not prose', () => {
  it('[TOOL-01] marks the entries after a References or Works Cited heading as references, never qualifying', () => {
    for (const list of [apa, mla]) {
      const segments = segmentText(`${body}\n\n${list}`);
      const entries = segments.filter((s) => s.kind === 'reference');
      expect(entries.length).toBe(list.split('\n').filter((l) => l.trim() !== '').length - 1);
      expect(entries.every((s) => !s.qualifies)).toBe(true);
      expect(segments.find((s) => /^(References|Works Cited)$/.test(s.text))?.kind).toBe('heading');
    }
  });

  it('[TOOL-01] knows entries by their form without a heading (APA, MLA, numbered, DOI), and leaves prose alone', () => {
    expect(looksLikeReference('Smith, J. A. (2019). Carbon pricing and public opinion. Journal of Environmental Policy, 12(3), 45–67.')).toBe(true);
    expect(looksLikeReference('Green, Paul. The Mind of the Forest. Penguin, 2011.')).toBe(true);
    expect(looksLikeReference('[3] K. Lee, "A study," IEEE Trans., vol. 5, pp. 1-9, 2018.')).toBe(true);
    expect(looksLikeReference('World Health Organization. Report on obesity. 2022. https://www.who.int/report')).toBe(true);
    expect(looksLikeReference('Surveys from the period show a mixed picture (Lee, 2021).')).toBe(false);
    expect(looksLikeReference('In 2019, Smith (2019) argued that the results were mixed, and others agreed.')).toBe(false);
    expect(looksLikeReference(body.split('\n')[0] as string)).toBe(false);
  });

  it('[TOOL-01] the verdict and the qualifying words do not change when a reference list is added', () => {
    const alone = detect(body);
    for (const list of [apa, mla]) {
      const withList = detect(`${body}\n\n${list}`);
      expect(withList.qualifyingWordCount).toBe(alone.qualifyingWordCount);
      expect(withList.probability).toBe(alone.probability);
      expect(withList.isAi).toBe(alone.isAi);
    }
  });
});
