import { describe, expect, it } from 'vitest';
import { humanize } from '../../../server/engines/humanizer/index.ts';
import { grammarIssues } from '../../../server/engines/humanizer/quality.ts';

/** The distinct outputs of a text over many seeds, in one mode. */
function versions(text: string, ultra = false, seeds = 40): string[] {
  return [...new Set(Array.from({ length: seeds }, (_, seed) => humanize(text, { seed, ultra }).text))];
}

const anyOf = (outputs: string[], re: RegExp) => outputs.some((o) => re.test(o));
const noneOf = (outputs: string[], re: RegExp) => outputs.every((o) => !re.test(o));

describe('humanize: clause structure', () => {
  it('turns a passive with a named agent into the active voice, in the right tense and number', () => {
    expect(versions('The final report was approved by the board members.')).toContain('The board members approved the final report.');
    expect(anyOf(versions('The old bridge is used by local drivers.'), /^Local drivers use the old bridge\.$/)).toBe(true);
    expect(anyOf(versions('The proposal will be reviewed by the committee.'), /^The committee will review the (?:proposal|plan)\.$/)).toBe(true);
    expect(anyOf(versions('The letter was written by him and her sister.'), /^He and her sister wrote the letter\.$/)).toBe(true);
  });

  it('never reads a means, a place or a time after "by" as the one who acted', () => {
    for (const text of ['He was taken to the hospital by car.', 'The house was built by the river.', 'The work was finished by the end of the year.', 'The letters were written by hand.']) {
      const outputs = versions(text, true);
      expect(noneOf(outputs, /^(?:Car|The river|The end|Hand) /), outputs.join(' | ')).toBe(true);
    }
  });

  it('reduces "there are X who" and "which is" to the plainer clause', () => {
    expect(anyOf(versions('There are many people who believe that the plan works.'), /^(?:Many|A lot of|Lots of) people (?:believe|think)/)).toBe(true);
    expect(anyOf(versions('The city, which is the capital of France, remains busy.'), /^The city, the capital of France, (?:remains|stays) busy\.$/)).toBe(true);
  });

  it('moves a subordinate clause or a time phrase to the other end without changing its words', () => {
    expect(anyOf(versions('He left the party early because he was tired.'), /^Because he was tired, he left the party early\.$|^He was tired, so he left the party early\.$/)).toBe(true);
    expect(anyOf(versions('The company opened a new office in the city last year.'), /^Last year, the company opened a new office in the city\.$/)).toBe(true);
    expect(anyOf(versions('In 2019, the small company opened an office in Paris.'), /^The small company opened an office in Paris in 2019\.$/)).toBe(true);
  });

  it('splits and joins sentences to vary their length', () => {
    const long = 'The river flooded the lower town after three days of heavy rain, which forced hundreds of families to leave their homes for the night.';
    expect(anyOf(versions(long), /rain\. This forced/)).toBe(true);
    expect(anyOf(versions('The company lost money last year. This led to painful layoffs.'), /last year, which (?:led to|caused|resulted in) painful layoffs\./)).toBe(true);
    expect(anyOf(versions('The storm hit the coast at night, flooding the streets of the old harbour town.'), /coast at night and flooded the streets/)).toBe(true);
  });

  it('swaps two coordinated words, but never a fixed pair or a verb the tagger took for a noun', () => {
    expect(anyOf(versions('She felt a wave of grief and desperation.'), /desperation and grief/)).toBe(true);
    for (const text of ['The photo was in black and white.', 'The cycle of birth and death goes on.', 'The cars left the road and crashed into a tree.']) {
      const outputs = versions(text, true);
      expect(noneOf(outputs, /white and black|death and birth|crash(?:ed)? and road/), outputs.join(' | ')).toBe(true);
    }
  });

  it('rewrites structure without adding rule violations, for every seed in both modes', () => {
    const text = [
      'The proposal was rejected by the council last week. There are many residents who believe that the decision was wrong.',
      'Although the mayor promised new housing, the plan was delayed because the budget was cut. This caused anger among young families, who had waited for years.',
      'In 2020, the city, which is the largest in the region, launched a program to repair old bridges and roads, raising hopes for faster travel.',
    ].join('\n');
    for (const ultra of [false, true]) {
      for (let seed = 0; seed < 20; seed++) {
        const out = humanize(text, { seed, ultra }).text;
        expect(grammarIssues(out), out).toEqual([]);
        for (const span of ['2020']) expect(out).toContain(span);
      }
    }
  });
});

describe('humanize: word choice in context', () => {
  it('swaps a verb only in a frame its synonym shares', () => {
    expect(anyOf(versions('Critics argue that the new law is unfair to workers.'), /Critics (?:claim|contend) that/)).toBe(true);
    expect(noneOf(versions('She argued with her brother about the money.', true), /(?:claimed|contended) with/)).toBe(true);
    expect(anyOf(versions('Smoking increases the risk of heart disease.'), /(?:raises|boosts) the risk/)).toBe(true);
    expect(noneOf(versions('Prices increased sharply during the winter.', true), /Prices (?:raised|boosted)/)).toBe(true);
  });

  it('keeps the words of technical terms and of fixed expressions', () => {
    const outputs = versions('Studies show that continuous positive airway pressure is usually quieter than bubble devices. The driver was charged with dangerous driving causing death.', true);
    for (const o of outputs) {
      expect(o).toContain('continuous positive airway pressure');
      expect(o).toContain('causing death');
    }
  });

  it('gives five different versions of a typical paragraph in both modes', () => {
    const text =
      'In today\'s fast-paced world, technology plays a crucial role in education. Furthermore, students utilize numerous digital tools in order to enhance their learning, and teachers leverage online platforms to facilitate collaboration. However, many experts believe that these tools can be misused.';
    for (const ultra of [false, true]) expect(new Set([0, 1, 2, 3, 4].map((seed) => humanize(text, { seed, ultra }).text)).size).toBe(5);
  });

  it('answers the same for the same seed whatever was humanized before (cached tags change nothing)', () => {
    const a = 'The committee reviewed the proposal over several weeks and consulted experts from many fields.';
    const b = 'Critics argue that the committee reviewed the proposal too quickly.';
    const first = humanize(a, { seed: 3, ultra: true });
    humanize(b, { seed: 1 });
    expect(humanize(a, { seed: 3, ultra: true })).toEqual(first);
  });
});
