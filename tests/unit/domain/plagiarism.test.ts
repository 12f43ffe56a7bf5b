import { describe, expect, it } from 'vitest';
import { defaultExclusions, displayPercent, subtractRanges, summarize, unionRanges, type PlagiarismReport } from '../../../src/domain/plagiarism.ts';

const text = 'one two three four five six seven eight nine ten "eleven twelve thirteen" fourteen fifteen sixteen seventeen eighteen nineteen twenty';
const span = (from: string, to: string) => ({ start: text.indexOf(from), end: text.indexOf(to) + to.length });
const quote = span('"eleven', 'thirteen"');

function report(): Pick<PlagiarismReport, 'text' | 'quotes' | 'bibliographyStart' | 'matches' | 'sources'> {
  const source = { title: 'A', url: null, kind: 'library' as const, addedAt: '2026-01-01T00:00:00.000Z' };
  return {
    text,
    quotes: [quote],
    bibliographyStart: text.indexOf('sixteen'),
    sources: [source, { ...source, title: 'B' }],
    matches: [
      { source: 0, ...span('one', 'five'), sourceStart: 0, sourceEnd: 10, words: 5, label: 'identical', excerpt: null },
      { source: 1, ...span('nine', 'fourteen'), sourceStart: 0, sourceEnd: 10, words: 6, label: 'minorChanges', excerpt: null },
      { source: 1, ...span('seventeen', 'twenty'), sourceStart: 0, sourceEnd: 10, words: 4, label: 'identical', excerpt: null },
    ],
  };
}

describe('plagiarism report exclusions', () => {
  it('[TOOL-03] counts every match when nothing is excluded: overall and per source shares of the words', () => {
    const s = summarize(report(), { quotes: false, bibliography: false, minWords: 0, sources: [] });
    expect(s.percent).toBe(75);
    expect(s.sources).toEqual([
      { source: 1, percent: 50, words: 10, matches: 2 },
      { source: 0, percent: 25, words: 5, matches: 1 },
    ]);
  });

  it('[TOOL-03] cuts quoted text and the bibliography out of the matches', () => {
    const s = summarize(report(), { quotes: true, bibliography: true, minWords: 0, sources: [] });
    // "nine ten fourteen" remain of the second match; the third lies in the bibliography.
    expect(s.matches.map((m) => m.countedWords)).toEqual([5, 3]);
    expect(s.percent).toBe(40);
  });

  it('[TOOL-03] drops matches under N words and a chosen source', () => {
    expect(summarize(report(), { quotes: false, bibliography: false, minWords: 5, sources: [] }).matches.map((m) => m.index)).toEqual([0, 1]);
    const s = summarize(report(), { quotes: false, bibliography: false, minWords: 0, sources: [1] });
    expect(s.sources.map((x) => x.source)).toEqual([0]);
    expect(s.percent).toBe(25);
    expect(summarize(report(), defaultExclusions).percent).toBe(0);
  });

  it('range helpers and the displayed figure', () => {
    expect(subtractRanges({ start: 0, end: 10 }, [{ start: 2, end: 4 }, { start: 8, end: 12 }])).toEqual([{ start: 0, end: 2 }, { start: 4, end: 8 }]);
    expect(unionRanges([{ start: 5, end: 9 }, { start: 0, end: 6 }, { start: 10, end: 11 }])).toEqual([{ start: 0, end: 9 }, { start: 10, end: 11 }]);
    expect(displayPercent(0)).toBe('0%');
    expect(displayPercent(0.4)).toBe('<1%');
    expect(displayPercent(41.6)).toBe('42%');
  });
});
