import { describe, expect, it } from 'vitest';
import { diffSegments, findProtectedSpans, humanize } from '../../../server/engines/humanizer/index.ts';
import { articleFor, grammarIssues, stylometrics } from '../../../server/engines/humanizer/quality.ts';

const CHATBOT = [
  "In today's fast-paced world, technology plays a crucial role in education. Furthermore, it is important to note that students utilize numerous digital tools in order to enhance their learning. Additionally, teachers leverage online platforms to facilitate collaboration.",
  'Moreover, the use of artificial intelligence is a testament to how far the field has come. However, it is essential to consider the risks. Many experts believe that these tools can be misused, and they do not always produce accurate results. In conclusion, a comprehensive approach is needed.',
].join('\n');

const spansOf = (text: string) => findProtectedSpans(text).map((s) => text.slice(s.start, s.end));

describe('humanize: the contract', () => {
  it('returns one segment list per input paragraph whose texts concatenate to that output paragraph', () => {
    const input = 'First paragraph, short.\n\n\nSecond paragraph here. It has two sentences.\nThird one.';
    const result = humanize(input, { seed: 3 });
    expect(result.paragraphs).toHaveLength(3);
    const joined = result.paragraphs.map((p) => p.map((s) => s.text).join(''));
    expect(result.text).toBe(joined.join('\n'));
    for (const p of result.paragraphs) for (const s of p) expect([undefined, 'added', 'edited']).toContain(s.change);
  });

  it('drops blank lines and trims paragraphs, so the output joins paragraphs with one newline', () => {
    const result = humanize('  One line.  \r\n\r\n   \nTwo line.\n');
    expect(result.paragraphs).toHaveLength(2);
    expect(result.text.split('\n')).toHaveLength(2);
  });

  it('answers an empty or blank input with no paragraphs', () => {
    expect(humanize('')).toEqual({ text: '', paragraphs: [], protectedSpans: [] });
    expect(humanize(' \n\n ').paragraphs).toEqual([]);
  });

  it('is deterministic for the same input and seed, and a different seed can choose differently', () => {
    expect(humanize(CHATBOT, { seed: 7 })).toEqual(humanize(CHATBOT, { seed: 7 }));
    expect(humanize(CHATBOT, { seed: 7, ultra: true })).toEqual(humanize(CHATBOT, { seed: 7, ultra: true }));
    const outputs = new Set([1, 2, 3, 4, 5, 6].map((seed) => humanize(CHATBOT, { seed }).text));
    expect(outputs.size).toBeGreaterThan(1);
  });
});

describe('humanize: protected spans', () => {
  it('finds numbers, dates, names, quotations, citations, URLs, e-mail addresses and technical terms', () => {
    const text =
      'On March 3, 2021, Dr. Jane Smith of the World Health Organization said "we are not done" (Smith et al., 2020) [4]. ' +
      'See https://example.org/report or write to press@who.int; the iPhone 12 and COVID-19 cost $1,200 and 35% more.';
    const spans = spansOf(text);
    for (const expected of ['March 3, 2021', 'Dr. Jane Smith', 'World Health Organization', '"we are not done"', '(Smith et al., 2020)', '[4]', 'https://example.org/report', 'press@who.int', 'iPhone', 'COVID-19', '$1,200', '35%']) {
      expect(spans.some((s) => s.includes(expected)), expected).toBe(true);
    }
    expect(spans).not.toContain('On');
    expect(spans).not.toContain('See');
  });

  it('never changes a protected span, even one full of stock phrases', () => {
    const text =
      'Furthermore, the minister said: "Furthermore, it is important to note that we utilize numerous tools in order to enhance growth." ' +
      'It is important to note that growth was 4.5% in 2023, according to https://stats.example.com/growth. ' +
      'Additionally, Acme Corp utilizes numerous robust tools.';
    for (const ultra of [false, true]) {
      for (let seed = 0; seed < 25; seed++) {
        const result = humanize(text, { seed, ultra });
        expect(result.protectedSpans.length).toBeGreaterThan(3);
        for (const span of result.protectedSpans) expect(result.text, span).toContain(span);
      }
    }
  });

  it('keeps a capitalized name at the start of a sentence a name', () => {
    const result = humanize('Scott won the race. Afterwards, Palmer Smith utilized numerous tools.', { seed: 1, ultra: true });
    expect(result.text).toContain('Scott');
    expect(result.text).toContain('Palmer Smith');
  });
});

describe('humanize: what it rewrites', () => {
  it('removes and varies the stock phrases of chatbot prose', () => {
    const before = stylometrics(CHATBOT).tellsPer1000;
    const after = [0, 1, 2, 3, 4].map((seed) => stylometrics(humanize(CHATBOT, { seed }).text).tellsPer1000);
    for (const a of after) expect(a).toBeLessThan(before * 0.75);
    const text = humanize(CHATBOT, { seed: 2 }).text;
    expect(text).not.toMatch(/in order to enhance/);
  });

  it('removes the scene-setting opener in any of its forms, and a stock phrase right after a deleted connective', () => {
    const openers = [
      "In today's rapidly evolving digital landscape, remote work has emerged as a transformative force.",
      "In today's increasingly competitive global economy, small firms struggle to hire engineers.",
      "In today's fast-moving digital era, libraries lend e-books to 40% of their readers.",
    ];
    const stacked = 'Furthermore, it is important to note that a 2023 survey by Gallup found that 29% of employees work remotely.';
    for (const ultra of [false, true]) {
      for (let seed = 1; seed <= 6; seed++) {
        for (const text of openers) expect(humanize(text, { ultra, seed }).text).not.toMatch(/today's/i);
        const out = humanize(stacked, { ultra, seed }).text;
        expect(out).not.toMatch(/furthermore|important to note/i);
        expect(out).toContain('29%');
      }
    }
  });

  it('says a litotes plainly and drops "it is crucial to acknowledge that", keeping the claim and its quantities', () => {
    for (const ultra of [false, true]) {
      for (let seed = 1; seed <= 4; seed++) {
        const out = humanize('While remote work is not without its drawbacks, it represents a shift in how we work.', { ultra, seed }).text;
        expect(out).toMatch(/has its (?:drawbacks|downsides)/);
        expect(humanize('Nevertheless, online learning is not without drawbacks for many students.', { ultra, seed }).text).toMatch(/has (?:its )?drawbacks/);
        const claim = humanize('However, it is crucial to acknowledge that remote work also presents several challenges.', { ultra, seed }).text;
        expect(claim).not.toMatch(/acknowledge/);
        expect(claim).toMatch(/remote work also presents several/);
        // "numerous" is "many", never the exaggerated "countless".
        expect(humanize('Remote work offers numerous benefits for both employees and employers.', { ultra, seed }).text).not.toMatch(/countless/);
      }
    }
  });

  it('swaps chatbot words where their frame allows: "ensure that" → "make sure that", "various" before an adjective', () => {
    for (let seed = 1; seed <= 4; seed++) {
      expect(humanize('The government should ensure that it allocates enough funds to medical care.', { seed }).text).toMatch(/should make sure that it allocates/);
      expect(humanize('A general understanding of various academic subjects helps students.', { seed }).text).toMatch(/of (?:many|different) academic subjects/);
      const found = humanize('The purpose of this experiment was to determine the effect of temperature on enzymes.', { seed }).text;
      expect(found).not.toMatch(/decide/);
    }
  });

  it('keeps an academic text academic and each word in its sense: no "lots of", "basically" or a chemical "response"', () => {
    const text = [
      'The Industrial Revolution fundamentally transformed the way goods were produced, and many workers faced dangerous conditions.',
      'The overall reaction can be summarized as 6CO2 + 6H2O → C6H12O6 + 6O2, and a large number of studies confirm it.',
      'Understanding this period helps us appreciate the complex relationship between innovation and human well-being.',
      'I quickly realized that rising water temperatures have caused widespread bleaching events.',
      'The novel has become a cornerstone of American literature, and this technique ultimately deepens its impact.',
      'The results indicated that enzyme activity increased steadily from 10°C to 40°C.',
    ].join(' ');
    for (const ultra of [false, true]) {
      for (let seed = 1; seed <= 6; seed++) {
        const out = humanize(text, { ultra, seed }).text;
        expect(out).not.toMatch(/\blots? of\b|basically|overall response|value the complex|common bleaching|swiftly|a basis of|finally deepens|results suggested/i);
        expect(out).toContain('6CO2 + 6H2O → C6H12O6 + 6O2');
      }
    }
  });

  it('never reads the end of an opening phrase as the first item of a list ("these issues, parents and educators")', () => {
    const text = 'To address these issues, parents and educators should foster digital literacy and encourage healthy online habits.';
    for (const ultra of [false, true]) {
      for (let seed = 1; seed <= 8; seed++) {
        const out = humanize(text, { ultra, seed }).text;
        expect(out).toMatch(/(?:parents and educators|educators and parents) should/i);
        expect(out).not.toMatch(/these parents|and (?:issues|problems) should/i);
      }
    }
    // A list that opens its clause is still rotated.
    const outs = [1, 2, 3, 4, 5, 6].map((seed) => humanize('Parents, teachers and students should work together.', { seed }).text);
    expect(outs.some((o) => !o.startsWith('Parents, teachers and students'))).toBe(true);
  });

  it('never splits a sentence inside a list or before a subordinate clause has its verb', () => {
    const text = 'It is essential that developers, healthcare providers, and regulators work together to create transparent and accountable systems.';
    for (const ultra of [false, true]) {
      for (let seed = 1; seed <= 8; seed++) {
        const out = humanize(text, { ultra, seed }).text;
        expect(out).toMatch(/providers, and regulators work together/);
        expect(out.split(/(?<=\.)\s/)).toHaveLength(1);
      }
    }
  });

  it('keeps a closing phrase with the clause it belongs to, says "far more", and drops contracted hedges', () => {
    for (const ultra of [false, true]) {
      for (let seed = 1; seed <= 6; seed++) {
        const a = humanize("Many people find that they're able to accomplish significantly more in less time.", { ultra, seed }).text;
        expect(a).toMatch(/more in less time\.$/);
        expect(a).not.toMatch(/greatly more|markedly more/);
        expect(humanize('They plan to open a new store in the city center in 2025.', { ultra, seed }).text).toMatch(/in 2025\.$/);
        expect(humanize("However, it's worth noting that the technique isn't for everyone.", { ultra, seed }).text).not.toMatch(/worth noting/);
      }
    }
  });

  it('replaces chatbot adjectives with what students write ("important", not "key"), opens split-off clauses with "That" as well as "This", and keeps a clause after a replaced connective whole', () => {
    const texts = [
      'Teachers play a crucial role in the development of young people, and parents play a pivotal role at home.',
      'Clean water is vital for every community, and it remains an integral part of public health.',
      'Sleep is essential for memory. Regular exercise plays a vital role in mental health, and it is crucial for older adults.',
    ];
    const openers = new Set<string>();
    for (const ultra of [false, true]) {
      for (let seed = 1; seed <= 8; seed++) {
        for (const t of texts) expect(humanize(t, { ultra, seed }).text).not.toMatch(/\bkey\b/i);
        // A connective replaced before a subordinate clause must still take it: "So although …", never "This is why although …".
        const therefore = humanize('Therefore, although the tuition is high, the benefits outweigh the cost for most students.', { ultra, seed }).text;
        expect(therefore).not.toMatch(/why,? although/i);
        expect(therefore).toMatch(/although the tuition is high/i);
        const split = humanize('The company reduced its prices across every region of the country last spring, which brought thousands of new customers into its stores within a few weeks.', { ultra, seed }).text;
        const m = split.match(/\. (That|This) brought/);
        if (m) openers.add(m[1]!);
      }
    }
    expect([...openers].sort()).toEqual(['That', 'This']);
  });

  it('keeps what a reader of a history or policy paragraph needs: negated verbs, shared prepositions, antecedents before pronouns', () => {
    for (const ultra of [false, true]) {
      for (let seed = 1; seed <= 8; seed++) {
        const a = humanize('Ultimately, the Revolution did not immediately produce a stable democracy.', { ultra, seed }).text;
        expect(a).not.toMatch(/(?:eventually|ultimately|in the end) did not/i);
        expect(a).toMatch(/did not immediately produce|didn't immediately produce/);
        const b = humanize('Instead, it led to the Reign of Terror and, eventually, to the rise of Napoleon Bonaparte.', { ultra, seed }).text;
        expect(b).toMatch(/led to the Reign of Terror/);
        const c = humanize('While remote work is here to stay, organizations must consider how to support their staff to maximize its advantages.', { ultra, seed }).text;
        expect(c).toMatch(/^While remote work is here to stay,/);
        expect(humanize('Governments should improve irrigation systems and train farmers.', { ultra, seed }).text).not.toMatch(/boost/);
        // One "…, some people argue." is a turn of phrase; two in a row are a tic.
        const d = humanize('Some people argue that university education should be free for all students. They claim that free tuition would let talented young people avoid large debts.', { ultra, seed }).text;
        expect(d).not.toMatch(/, (?:some people|they) (?:argue|claim|say)\.\s.*, (?:some people|they) (?:argue|claim|say)\.$/);
        expect(humanize('Honestly, I never thought I would enjoy running.', { ultra, seed }).text).not.toMatch(/^Truly/);
      }
    }
  });

  it('keeps a lab report\'s claims and a list of clauses whole, and never reads "So many" or "more and more being"', () => {
    for (const ultra of [false, true]) {
      for (let seed = 1; seed <= 8; seed++) {
        const h = (t: string) => humanize(t, { ultra, seed }).text;
        // A statistical "significantly" before a comparative stays; "greatly taller" is not what the data showed.
        expect(h('The results showed that plants exposed to 16 hours of light grew significantly taller than those in the other groups.')).toMatch(/significantly taller/);
        // "A got 8 hours, B got 12 hours, and C got 16 hours" is never split into a comma splice and a fragment.
        const list = h('The first group received 8 hours of light per day, the second received 12 hours, and the third received 16 hours.');
        expect(list.split(/(?<=\.)\s/)).toHaveLength(1);
        // "So many experts argue" would mean "such a number of experts".
        expect(h('Consequently, many experts argue that AI should support, rather than replace, human judgment.')).not.toMatch(/^So many/);
        expect(h('Artificial intelligence is increasingly being used in healthcare to assist doctors.')).not.toMatch(/more and more being/);
        // A fronted phrase is not moved behind a relative clause it would then seem to belong to.
        expect(h('By the end of the play, both Macbeth and his wife have been destroyed by the very ambition that drove them.')).not.toMatch(/drove them by the end/);
      }
    }
  });

  it('checks protected spans as whole words: "C" of "1.1°C" inside "Climate" does not send the paragraph back unchanged', () => {
    const paragraph =
      'Climate change is one of the most pressing challenges facing humanity today. According to NASA, the average global temperature has risen by about 1.1°C since the late 19th century. This warming is primarily driven by human activities, particularly the burning of fossil fuels, which releases carbon dioxide into the atmosphere.';
    for (const ultra of [false, true]) {
      const outs = [1, 2, 3, 4, 5, 6].map((seed) => humanize(paragraph, { ultra, seed }).text);
      expect(outs.filter((o) => o === paragraph).length).toBeLessThanOrEqual(1);
      for (const o of outs) for (const fact of ['NASA', '1.1°C', '19th']) expect(o).toContain(fact);
    }
  });

  it('substitutes words keeping inflection and fixing the article', () => {
    const outputs = [0, 1, 2, 3, 4, 5, 6, 7].map((seed) => humanize('She utilized an enormous dataset. They utilize numerous methods and demonstrated the results.', { seed }).text);
    expect(outputs.some((o) => /\bused\b/.test(o))).toBe(true);
    expect(outputs.some((o) => /\ba (?:huge|vast) dataset/.test(o))).toBe(true);
    for (const o of outputs) {
      expect(o).not.toMatch(/\ban (?:huge|vast)\b/);
      expect(o).not.toMatch(/\bshowed the results\b.*\bshowed\b/);
      expect(grammarIssues(o)).toEqual([]);
    }
  });

  it('uses contractions in a conversational register but not in a formal one', () => {
    const casual = 'I do not think you will like it. It is not what you expect, and we are not sure it is worth it.';
    const formal =
      'The cohort analysis did not demonstrate statistically significant differences (Miller et al., 2019). It is not appropriate to generalize these observations.';
    const casualOut = [0, 1, 2].map((seed) => humanize(casual, { seed }).text).join(' ');
    expect(casualOut).toMatch(/\b(?:don't|isn't|it's|we're|aren't|you'll)\b/);
    for (let seed = 0; seed < 10; seed++) expect(humanize(formal, { seed, ultra: true }).text).not.toMatch(/n't\b|'s not|it's/);
  });

  it('Ultra changes more of the text than normal mode', () => {
    const changed = (ultra: boolean) =>
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].reduce((n, seed) => n + humanize(CHATBOT, { seed, ultra }).paragraphs.flat().filter((s) => s.change).reduce((m, s) => m + s.text.length, 0), 0);
    expect(changed(true)).toBeGreaterThan(changed(false));
  });

  it('varies structure: splits a long compound sentence and merges short ones that share a subject', () => {
    const long =
      'The committee reviewed the proposal over several weeks and consulted experts from many fields, and the members eventually agreed that the plan needed substantial changes before approval.';
    const short = 'The team won the final. They celebrated all night.';
    const splits = [...Array(12).keys()].map((seed) => humanize(long, { seed }).text);
    expect(splits.some((t) => (t.match(/\. /g) ?? []).length >= 1)).toBe(true);
    const merges = [...Array(12).keys()].map((seed) => humanize(short, { seed }).text);
    expect(merges).toContain('The team won the final, and they celebrated all night.');
  });

  it('leaves grammar no worse than the input on chatbot prose, for every seed', () => {
    for (const ultra of [false, true]) {
      for (let seed = 0; seed < 30; seed++) {
        const out = humanize(CHATBOT, { seed, ultra }).text;
        expect(grammarIssues(out), out).toEqual([]);
        expect(out).not.toMatch(/\b(\w+) \1\b/i);
      }
    }
  });
});

describe('humanize: options the essay rewriter reuses', () => {
  const text = 'Furthermore, it is important to note that numerous students utilize online tools. Additionally, the implementation of new rules was approved by the school board.';

  it('changes nothing at strength 0 and less at a low strength than at full strength', () => {
    expect(humanize(text, { strength: 0, seed: 3 }).text).toBe(text);
    const changed = (strength: number) =>
      Array.from({ length: 12 }, (_, seed) => humanize(text, { strength, seed }).paragraphs.flat().filter((x) => x.change).length).reduce((a, b) => a + b, 0);
    expect(changed(0.3)).toBeLessThan(changed(1));
  });

  it('keeps frozen words exactly as written, as protected spans', () => {
    for (let seed = 0; seed < 12; seed++) {
      const out = humanize(text, { seed, frozen: ['numerous students', 'utilize'] });
      expect(out.text).toContain('numerous students utilize');
      expect(out.protectedSpans).toContain('numerous students');
    }
  });

  it('writes in the register it is given: contractions in a casual one, none in a formal one', () => {
    const plain = 'We do not know why it is late. They are not here and we have not called them.';
    const casual = Array.from({ length: 8 }, (_, seed) => humanize(plain, { seed, register: 'casual' }).text);
    const formal = Array.from({ length: 8 }, (_, seed) => humanize(plain, { seed, register: 'formal' }).text);
    expect(casual.some((t) => /n't|'re|'s/.test(t))).toBe(true);
    expect(formal.every((t) => !/n't|'re/.test(t))).toBe(true);
  });
});

describe('change marks', () => {
  it('marks a replaced word as edited and a new connective as added, word by word', () => {
    const segments = diffSegments('The results were enormous. We left.', 'The results were huge. So, honestly, we left.');
    expect(segments.map((s) => s.text).join('')).toBe('The results were huge. So, honestly, we left.');
    expect(segments).toContainEqual({ text: 'huge', change: 'edited' });
    expect(segments.some((s) => s.change === 'added' && /So/.test(s.text))).toBe(true);
    expect(segments[0]).toEqual({ text: 'The results were ' });
  });

  it('marks moved words as edited, not added', () => {
    const segments = diffSegments('He left because he was tired.', 'Because he was tired, he left.');
    expect(segments.filter((s) => s.change === 'added')).toEqual([]);
    expect(segments.map((s) => s.text).join('')).toBe('Because he was tired, he left.');
  });

  it('marks at word or phrase granularity, never the whole paragraph', () => {
    const result = humanize(CHATBOT, { seed: 4, ultra: true });
    for (const p of result.paragraphs) {
      const unchanged = p.filter((s) => !s.change).reduce((n, s) => n + s.text.length, 0);
      expect(unchanged).toBeGreaterThan(p.reduce((n, s) => n + s.text.length, 0) / 3);
      for (const s of p.filter((x) => x.change)) expect(s.text.split(/\s+/).length).toBeLessThan(25);
    }
  });
});

describe('grammar rules', () => {
  it('knows which article a word takes', () => {
    expect(articleFor('hour')).toBe('an');
    expect(articleFor('university')).toBe('a');
    expect(articleFor('umbrella')).toBe('an');
    expect(articleFor('one')).toBe('a');
    expect(articleFor('huge')).toBe('a');
  });

  it('flags wrong articles, doubled words, lowercase sentence starts, stray punctuation and agreement', () => {
    const rules = (t: string) => grammarIssues(t).map((i) => i.rule);
    expect(rules('It was an huge day.')).toContain('article');
    expect(rules('It was the the day.')).toContain('repeat');
    expect(rules('It rained. then it stopped.')).toContain('capital');
    expect(rules('It rained , and stopped.')).toContain('punctuation');
    expect(rules('They is here.')).toContain('agreement');
    expect(rules("I know what it's.")).toContain('contraction');
    expect(rules('Mr. Smith met e.g. the team at 5 p.m. and left.')).toEqual([]);
  });
});

describe('robustness', () => {
  it('never throws on a paragraph that opens with a bare full stop (a dataset text once crashed a rule)', () => {
    const text = '. Every user has there own opinions so they will simply do this until you can\'t stand it. The other person is on their phone, because they\'re busy.';
    for (const ultra of [false, true]) for (const seed of [1965196921, 1, 2]) expect(() => humanize(text, { ultra, seed })).not.toThrow();
  });
});
