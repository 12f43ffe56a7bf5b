import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MIN_WORDS, readsAsOtherLanguage } from '../../../src/domain/language.ts';
import { countWords } from '../../../src/domain/word-count.ts';

const catalog = (locale: string): string[] => {
  const messages = JSON.parse(readFileSync(new URL(`../../../src/i18n/messages/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;
  return Object.values(messages).filter((value) => typeof value === 'string' && !value.includes('{{'));
};

/** A catalog's prose cut into pieces of `size` words: real sentences of each language, written by translators. */
function pieces(locale: string, size: number): string[] {
  const words = catalog(locale).join(' ').split(/\s+/);
  const out: string[] = [];
  for (let i = 0; i + size <= words.length && out.length < 60; i += size) out.push(words.slice(i, i + size).join(' '));
  return out;
}

const german =
  'Die sozialen Medien haben das Leben junger Menschen in den letzten Jahren stark verändert. Viele Schüler verbringen jeden Tag mehrere Stunden am Handy, und Lehrer beobachten, dass die Konzentration im Unterricht nachlässt. Trotzdem bieten diese Plattformen auch Chancen, denn sie ermöglichen den Austausch mit Menschen aus anderen Ländern und fördern das Lernen von Fremdsprachen.';

describe('the language check beside the character rule', () => {
  it('[HUM-19] refuses a German paragraph, which the character rule lets through', () => {
    expect(readsAsOtherLanguage(german)).toBe(true);
  });

  it('[HUM-19] refuses prose in the Latin-script languages the identifier knows, from the catalogs our translators wrote', () => {
    for (const locale of ['de', 'es', 'fr', 'it', 'nl', 'pl', 'pt', 'tr', 'in']) {
      const all = pieces(locale, 60);
      expect(all.length, locale).toBeGreaterThan(10);
      const caught = all.filter(readsAsOtherLanguage).length;
      expect(caught / all.length, locale).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('[HUM-19] never refuses English: the English catalog, second-language writing, technical prose with names and numbers', () => {
    for (const piece of [...pieces('en', 60), ...pieces('en', 25)]) expect(readsAsOtherLanguage(piece), piece).toBe(false);
    const learner =
      'In my opinion the goverment must to improve the public transport because many people they use car every day and this make a lot of pollution in the city. When I was child my family go to school by bus and it was more cheaper and more fast than now. I think also the young people should keeps the environment clean.';
    const technical =
      'We trained ResNet-50 on ImageNet-1k for 90 epochs with SGD (momentum 0.9, weight decay 1e-4) and a batch of 256 on 8 GPUs; top-1 accuracy reached 76.1%, as reported by He et al. (2016) in CVPR, pp. 770–778. Table 2 compares Adam, AdamW and LAMB.';
    expect(readsAsOtherLanguage(learner)).toBe(false);
    expect(readsAsOtherLanguage(technical)).toBe(false);
  });

  it('[HUM-19] leaves short text and filler to the character rule: too little to tell a language by', () => {
    const short = 'Die Schule beginnt morgen um acht Uhr.';
    expect(countWords(short)).toBeLessThan(MIN_WORDS);
    expect(readsAsOtherLanguage(short)).toBe(false);
    expect(readsAsOtherLanguage(Array.from({ length: 300 }, (_, i) => `word${i}`).join(' '))).toBe(false);
    expect(readsAsOtherLanguage(Array(60).fill('test').join(' '))).toBe(false);
    expect(readsAsOtherLanguage(Array.from({ length: 100 }, (_, i) => String(i)).join(' '))).toBe(false);
  });
});
