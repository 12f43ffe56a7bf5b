import { describe, expect, it } from 'vitest';
import { humanize } from '../../../server/engines/humanizer/index.ts';
import { grammarIssues, lostMeaningWords, meaningKept, stockPhraseCount } from '../../../server/engines/humanizer/quality.ts';
import { ESSAYS_DIR, heldOutMachineEssays, loadEssays } from '../../bench/essays.ts';
import { lostSpans } from '../../bench/humanizer-engine.ts';

const rows = loadEssays();
if (!rows) console.warn(`[humanizer] ${ESSAYS_DIR} is absent: skipping the checks on machine essays.`);

/**
 * Issue 13's measures on machine essays of held-out prompts (every 25th; the bench, `npm run bench`, runs the
 * corpus-wide figures): facts kept, no added rule violation, stock phrases removed, content kept.
 */
describe.skipIf(!rows)('humanizer on machine essays of held-out prompts', () => {
  const sample = rows ? heldOutMachineEssays(rows).filter((_, i) => i % 25 === 0) : [];
  const outputs = sample.map((r, i) => ({ input: r.text, normal: humanize(r.text, { seed: i }), ultra: humanize(r.text, { seed: i, ultra: true }) }));

  it('keeps every protected span, every negation, quantifier and modal, and adds no rule violation, in both modes', () => {
    const problems: string[] = [];
    for (const [i, o] of outputs.entries()) {
      for (const mode of ['normal', 'ultra'] as const) {
        const lost = lostSpans(o.input, o[mode]);
        if (lost.length > 0) problems.push(`${mode} #${i} lost ${JSON.stringify(lost)}`);
        const meaning = lostMeaningWords(o.input, o[mode].text);
        if (meaning.length > 0) problems.push(`${mode} #${i} lost ${meaning.join(', ')}`);
        if (grammarIssues(o[mode].text).length > grammarIssues(o.input).length) problems.push(`${mode} #${i}: ${JSON.stringify(grammarIssues(o[mode].text))}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('removes most stock phrases (Ultra more than normal) and keeps the content words', () => {
    const before = outputs.reduce((n, o) => n + stockPhraseCount(o.input), 0);
    const left = (mode: 'normal' | 'ultra') => outputs.reduce((n, o) => n + stockPhraseCount(o[mode].text), 0) / before;
    expect(before).toBeGreaterThan(50);
    expect(left('normal')).toBeLessThan(0.4);
    expect(left('ultra')).toBeLessThan(left('normal'));
    for (const o of outputs) expect(meaningKept(o.input, o.ultra.text).exact).toBeGreaterThan(0.8);
  });
});
