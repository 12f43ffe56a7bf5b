import { describe, expect, it } from 'vitest';
import { countWords, isMostlyEnglish, latinShare } from '../../../src/domain/word-count.ts';

describe('word count', () => {
  it('[HUM-18] counts Latin words, keeping contractions, hyphens and numbers whole', () => {
    expect(countWords('The students’ essay, written in 2024, isn’t AI-generated.')).toBe(8);
    expect(countWords('  ')).toBe(0);
    expect(countWords('e.g. U.S. policy — 3.5 points')).toBe(5);
  });

  it('[HUM-18] counts CJK and kana by character, Hangul and Arabic by word', () => {
    expect(countWords('我爱写作')).toBe(4);
    expect(countWords('これはペンです')).toBe(7);
    expect(countWords('나는 글을 쓴다')).toBe(3);
    expect(countWords('أنا أكتب مقالا')).toBe(3);
    expect(countWords('AI 检测 test')).toBe(4);
  });

  it('[HUM-19] calls text English when at least 90% of its characters are Latin, digits or punctuation', () => {
    expect(isMostlyEnglish('This is an essay about the 1990s, mostly.')).toBe(true);
    expect(isMostlyEnglish('这是一篇关于人工智能的文章。')).toBe(false);
    const mixed = `${'a'.repeat(90)}${'文'.repeat(10)}`;
    expect(latinShare(mixed)).toBeCloseTo(0.9);
    expect(isMostlyEnglish(mixed)).toBe(true);
    expect(isMostlyEnglish(`${'a'.repeat(89)}${'文'.repeat(11)}`)).toBe(false);
  });
});
