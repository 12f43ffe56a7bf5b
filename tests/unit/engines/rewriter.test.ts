import { describe, expect, it } from 'vitest';
import { findProtectedSpans } from '../../../server/engines/humanizer/index.ts';
import { countSentences, rewrite } from '../../../server/engines/rewriter/index.ts';
import { rewritePrompt } from '../../../server/engines/rewriter/llm.ts';
import { offlineRewriteModes, parseFrozen } from '../../../src/domain/rewriter.ts';

const ESSAY = [
  'It is important to note that social media plays a crucial role in modern communication. Moreover, it allows individuals to utilize numerous platforms in order to share information. According to Smith (2020), 72% of teenagers use Instagram daily. However, many parents don\'t know what their children are doing online, and they can\'t really control it; this is a big problem that needs a lot of attention from schools and families alike.',
  'The study was carried out in March 2021 at Stanford University. It shows that "screen time is not the enemy" and that students need guidance. Teachers can help. Parents can help too.',
  'Furthermore, researchers demonstrate that approximately 40% of pupils utilize their phones prior to sleeping, which is extremely harmful; consequently, schools should assist families with additional guidance at https://example.org/sleep.',
].join('\n');
const FROZEN = ['social media', 'guidance', 'pupils'];

const count = (text: string, needle: string) => text.split(needle).length - 1;
const countWords = (text: string) => (text.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? []).length;
const contractions = (text: string) => (text.match(/\b\w+['’](?:t|s|re|ve|ll|d|m)\b/g) ?? []).length;
const meanSentenceWords = (text: string) => countWords(text) / countSentences(text);

describe('essay rewriter engine', () => {
  it('[TOOL-04] keeps 100% of protected spans and frozen words in every mode and strength', () => {
    const protectedTexts = ESSAY.split('\n').flatMap((p) => findProtectedSpans(p).map((s) => p.slice(s.start, s.end)));
    expect(protectedTexts).toEqual(expect.arrayContaining(['Smith', '(2020)', '72%', 'March 2021', 'https://example.org/sleep']));
    for (const mode of offlineRewriteModes) {
      for (let strength = 1; strength <= 5; strength++) {
        for (const seed of strength === 5 ? [1, 2, 3] : [1]) {
          const result = rewrite(ESSAY, { mode, strength, frozen: FROZEN, seed });
          for (const span of protectedTexts) expect(count(result.text, span), `${mode} ${strength} ${span}`).toBeGreaterThanOrEqual(count(ESSAY, span));
          for (const word of FROZEN) expect(count(result.text.toLowerCase(), word), `${mode} ${strength} ${word}`).toBeGreaterThanOrEqual(count(ESSAY.toLowerCase(), word));
          expect(result.text.split('\n')).toHaveLength(3);
          // The marked segments are the output, paragraph by paragraph.
          expect(result.paragraphs.map((p) => p.map((s) => s.text).join('')).join('\n')).toBe(result.text);
        }
      }
    }
  });

  it('[TOOL-04] each mode is measurably different: Formal spells out contractions, Simple and Fluent change sentence length, Shorten is shorter', () => {
    const run = (mode: (typeof offlineRewriteModes)[number]) => rewrite(ESSAY, { mode, strength: 3, frozen: [], seed: 11 });
    const outputs = Object.fromEntries(offlineRewriteModes.map((m) => [m, run(m)]));
    expect(new Set(Object.values(outputs).map((r) => r.text)).size).toBe(offlineRewriteModes.length);
    expect(contractions(ESSAY)).toBeGreaterThan(0);
    expect(contractions(outputs.formal!.text)).toBe(0);
    expect(outputs.formal!.text).toContain('do not know');
    expect(countWords(outputs.shorten!.text)).toBeLessThan(countWords(ESSAY) * 0.95);
    expect(outputs.shorten!.text).not.toMatch(/It is important to note that/);
    expect(meanSentenceWords(outputs.simple!.text)).toBeLessThan(meanSentenceWords(ESSAY));
    expect(outputs.simple!.text).toMatch(/\buse\b/);
    expect(meanSentenceWords(outputs.fluent!.text)).toBeGreaterThan(meanSentenceWords(ESSAY));
    for (const r of Object.values(outputs)) expect(r.stats.changedShare).toBeGreaterThan(0);
  });

  it('[TOOL-04] more strength changes more, and a run is deterministic for its seed', () => {
    const share = (strength: number) => rewrite(ESSAY, { mode: 'standard', strength, frozen: [], seed: 4 }).stats.changedShare;
    expect(share(5)).toBeGreaterThan(share(1));
    expect(rewrite(ESSAY, { mode: 'formal', strength: 4, frozen: FROZEN, seed: 9 })).toEqual(rewrite(ESSAY, { mode: 'formal', strength: 4, frozen: FROZEN, seed: 9 }));
  });

  it('[TOOL-04] Expand and Creative are refused offline; their prompt lists the frozen words', () => {
    expect(() => rewrite(ESSAY, { mode: 'expand', strength: 3, frozen: [] })).toThrow(/LLM/);
    expect(rewritePrompt('creative', 2, ['social media'])).toContain('"social media"');
  });

  it('[TOOL-04] frozen words are parsed from what the user typed: trimmed, unique, within the limits', () => {
    expect(parseFrozen(' social media, Guidance ,guidance,\n,pupils ')).toEqual(['social media', 'Guidance', 'pupils']);
    expect(parseFrozen(Array.from({ length: 40 }, (_, i) => `w${i}`).join(','))).toHaveLength(30);
  });
});
