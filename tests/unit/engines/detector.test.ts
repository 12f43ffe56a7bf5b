import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Detector, type ModelFile } from '../../../server/engines/detector/engine.ts';
import { MODEL_PATH, detect, loadModel } from '../../../server/engines/detector/index.ts';
import { segmentText, splitSentences } from '../../../server/engines/detector/text.ts';
import { buildReport, detectionView } from '../../../server/services/detections.ts';
import { scorePercent, summariseSentences, verdictOf } from '../../../src/domain/detector.ts';
import { sampleText } from '../../../server/services/samples.ts';

const paragraph1 =
  'The old mill stood at the edge of the village for more than a century. My grandfather worked there as a boy, carrying sacks of flour that weighed almost as much as he did. ' +
  'He told us that the wheel never stopped turning in spring, when the river ran high and cold. In the winter the men repaired the gears and waited for the ice to break.';
const paragraph2 =
  'When the factory in town opened, the mill lost its customers one by one. Nobody decided to close it; it simply went quiet. ' +
  'Today the building is a small museum, and children from the school visit it every year. They stand by the silent wheel and try to imagine the noise it once made.';
const essay = `${paragraph1}\n\n${paragraph2}`;

describe('detector: which text qualifies', () => {
  it('scores prose sentences and leaves out headings, list items, code and tables', () => {
    const text = [
      'Why the mill closed',
      '',
      paragraph1,
      '',
      '- flour prices fell',
      '2. the river was dammed',
      '',
      '```',
      'const mills = towns.map((t) => t.mill);',
      '```',
      '',
      '| year | sacks |',
      '| 1901 | 3000 |',
      '',
      paragraph2,
    ].join('\n');
    const segments = segmentText(text);
    const kinds = new Map(segments.map((s) => [s.text, s.kind]));
    expect(kinds.get('Why the mill closed')).toBe('heading');
    expect(kinds.get('- flour prices fell')).toBe('list');
    expect(kinds.get('2. the river was dammed')).toBe('list');
    expect(kinds.get('const mills = towns.map((t) => t.mill);')).toBe('code');
    expect(kinds.get('| year | sacks |')).toBe('table');
    const prose = segments.filter((s) => s.qualifies);
    expect(prose.map((s) => s.kind)).toEqual(prose.map(() => 'prose'));
    expect(prose).toHaveLength(8);
    for (const s of segments) expect(text.slice(s.start, s.end)).toBe(s.text);
  });

  it('joins hard-wrapped lines into one paragraph and splits sentences, not abbreviations or initials', () => {
    const text = 'Dr. Smith met J. R. Tolkien in 1950 at the\nuniversity. They talked about the U.S. economy for hours! Was it\ninteresting? Yes.';
    const sentences = segmentText(text).map((s) => s.text);
    expect(sentences).toEqual([
      'Dr. Smith met J. R. Tolkien in 1950 at the\nuniversity.',
      'They talked about the U.S. economy for hours!',
      'Was it\ninteresting?',
      'Yes.',
    ]);
    expect(splitSentences('He said "Go home." Then he left.')).toEqual([
      [0, 18],
      [19, 32],
    ]);
  });

  it('gives no verdict on very short texts', () => {
    const result = detect('The mill closed in 1952. It is a museum now.');
    expect(result.qualifies).toBe(false);
    expect(result.reason).toBe('tooShort');
    expect(result.isAi).toBe(false);
    expect(result.sentences.every((s) => !s.qualifies && s.score === 0)).toBe(true);
  });

  it('gives no verdict on long texts that are not prose', () => {
    const list = Array.from({ length: 30 }, (_, i) => `- item ${i + 1}: buy flour, sugar and salt at the market`).join('\n');
    const result = detect(list);
    expect(result.wordCount).toBeGreaterThan(200);
    expect(result.qualifies).toBe(false);
    expect(result.reason).toBe('notProse');
  });

  it('does not score text in other scripts, which the English model cannot judge', () => {
    const result = detect('这是一个关于我家乡的小故事，我们在那里度过了许多快乐的夏天。'.repeat(10));
    expect(result.qualifies).toBe(false);
    expect(result.reason).toBe('notProse');
  });

  it('scores long-form prose with sentences that cover the text in order', () => {
    const result = detect(essay);
    expect(result.qualifies).toBe(true);
    expect(result.reason).toBeUndefined();
    expect(result.probability).toBeGreaterThanOrEqual(0);
    expect(result.probability).toBeLessThanOrEqual(1);
    expect(result.isAi).toBe(result.probability >= result.threshold);
    expect(result.qualifyingWordCount).toBe(result.wordCount);
    let last = 0;
    for (const s of result.sentences) {
      expect(s.start).toBeGreaterThanOrEqual(last);
      expect(essay.slice(s.start, s.end)).toBe(s.text);
      expect(essay.slice(last, s.start).trim()).toBe('');
      expect(s.score).toBeGreaterThan(0);
      expect(s.score).toBeLessThan(1);
      last = s.end;
    }
    expect(essay.slice(last).trim()).toBe('');
    const flaggedWords = result.sentences.filter((s) => s.score >= result.threshold).reduce((n, s) => n + s.text.split(/\s+/).length, 0);
    expect(result.aiShare).toBeCloseTo(flaggedWords / result.qualifyingWordCount, 1);
    expect(result.modelVersion).toBe('detector-v3');
  });

  it('is deterministic and blind to typography (curly quotes, dashes, line breaks)', () => {
    const plain = essay.replace("it; it", 'it - it');
    const typographic = plain.replace(/'/g, '\u2019').replace(' - ', ' \u2014 ').replace(/\. /g, '.\n');
    const a = detect(plain);
    expect(detect(plain)).toEqual(a);
    expect(detect(typographic).probability).toBeCloseTo(a.probability, 12);
  });
});

describe('detector: the model file', () => {
  const file = JSON.parse(readFileSync(MODEL_PATH, 'utf8')) as ModelFile;

  it('loads at start and exposes its threshold and version', () => {
    expect(() => loadModel()).not.toThrow();
    expect(detect(essay).threshold).toBe(file.threshold);
    expect(file.threshold).toBeGreaterThanOrEqual(0.5);
    expect(file.threshold).toBeLessThan(1);
  });

  it('calibrates its scores so that the default threshold is the AI line (0.5)', () => {
    expect(file.threshold).toBe(0.5);
    expect(file.platt.a).toBeGreaterThan(0);
    expect(file.sentence.spread).toBeGreaterThan(0);
  });

  it('refuses a model trained with other features', () => {
    expect(() => new Detector({ ...file, features: file.features.slice(1) })).toThrow(/retrain/);
  });
});

describe('detector: one verdict, told the same way everywhere', () => {
  const machine = sampleText;
  const texts = [essay, machine, `${paragraph1}\n\n${machine}`, `${machine}\n\n${paragraph2}\n\n${paragraph1}`];

  it('[TOOL-01] [TOOL-02] agrees by construction: gauge, verdict, AI share, sentence bands and report', () => {
    const verdicts = new Set<string>();
    for (const text of texts) {
      const result = detect(text);
      const view = detectionView(text, result);
      const verdict = verdictOf(view);
      verdicts.add(verdict);
      // The number shown is the one the verdict is read from.
      expect(scorePercent(view.probability) >= 50).toBe(verdict === 'ai');
      expect(view.isAi).toBe(verdict === 'ai');
      expect(result.isAi).toBe(view.isAi);
      // A flagged text has highlighted sentences and a share above 0; an unflagged one neither.
      expect(view.counts.likelyAi > 0).toBe(verdict === 'ai');
      expect(view.aiPercent > 0).toBe(verdict === 'ai');
      // The engine's share and the view's are the same words.
      expect(view.aiPercent).toBeCloseTo(result.aiShare * 100, 1);
      // The report marks exactly the sentences the page marks "Likely AI" (when it shows highlights at all).
      const report = buildReport({ orderNo: 'IWTEST', createdAt: new Date(0), extraInfo: null }, text, result, (s) => s.map(() => 0));
      const { flagged } = summariseSentences(text, view.qualifies, view.sentences);
      expect(report.aiPercent).toBe(view.aiPercent);
      if (report.highlightsShown) expect(report.sentences.map((s) => s.kind !== null)).toEqual(flagged);
      expect(report.aiOnlyPercent + report.paraphrasedPercent).toBeCloseTo(report.aiPercent, 1);
    }
    // The texts cover both verdicts, so the checks above are not vacuous.
    expect([...verdicts].sort()).toEqual(['ai', 'human']);
  });
});
