import { describe, expect, it } from 'vitest';
import { aiLine, bandOf, displayPercent, scorePercent, sharePercent, summariseSentences, verdictOf } from '../../../src/domain/detector.ts';

describe('detector domain: one verdict, told the same way everywhere', () => {
  it('[TOOL-01] reads the verdict from the AI score alone, at the AI line', () => {
    expect(aiLine).toBe(0.5);
    expect(verdictOf({ qualifies: true, probability: 0.5 })).toBe('ai');
    expect(verdictOf({ qualifies: true, probability: 0.4999 })).toBe('human');
    expect(verdictOf({ qualifies: false, probability: 0.99 })).toBe('none');
  });

  it('[TOOL-01] shows a percent that reaches 50 exactly when the verdict is AI (no "50%" beside "Likely human")', () => {
    for (let i = 0; i <= 10000; i++) {
      const p = i / 10000;
      const shown = scorePercent(p);
      expect(shown >= 50, String(p)).toBe(verdictOf({ qualifies: true, probability: p }) === 'ai');
      expect(shown >= 50, String(p)).toBe(bandOf(p) === 'likelyAi');
    }
    expect(scorePercent(0.999)).toBe(99);
    expect(scorePercent(1)).toBe(100);
  });

  it('[TOOL-01] never shows a share of 0% for a flagged text, nor more than 0% for an unflagged one', () => {
    expect(sharePercent(0)).toBe(0);
    expect(sharePercent(0.2)).toBe(1);
    expect(sharePercent(42.5)).toBe(43);
    expect(sharePercent(100)).toBe(100);
  });

  it('[TOOL-01] [TOOL-02] counts bands, the share and the flagged sentences from the same scores', () => {
    const text = 'One two three four five. Six seven eight nine ten. Eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty.';
    const s = (start: number, end: number, score: number, qualifies = true) => ({ start, end, score, qualifies });
    const sentences = [s(0, 24, 0.93), s(25, 50, 0.3), s(51, text.length, 0.1)];
    const summary = summariseSentences(text, true, sentences);
    expect(summary.counts).toEqual({ likelyAi: 1, possiblyAi: 1, human: 1 });
    expect(summary.flagged).toEqual([true, false, false]);
    expect(summary.aiPercent).toBe(25);
    // A text that does not qualify flags nothing, whatever its sentences say.
    expect(summariseSentences(text, false, sentences)).toEqual({ counts: { likelyAi: 0, possiblyAi: 0, human: 0 }, aiPercent: 0, flagged: [false, false, false] });
    // The report's 1–19% rule reads the same share.
    expect(displayPercent(summary.aiPercent)).toEqual({ text: '25%', highlightsShown: true });
  });
});
