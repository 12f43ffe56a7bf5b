import { describe, expect, it } from 'vitest';
import {
  bibliographyStart,
  documentFingerprints,
  findMatches,
  panScores,
  queryHashes,
  quotedRanges,
  winnow,
  type Annotation,
} from '../../../server/engines/plagiarism/index.ts';
import { buildOwnCases, lightEdit, prng } from '../../support/plagiarism-cases.ts';

const source = [
  'The migration of monarch butterflies is one of the most remarkable events in the natural world.',
  'Every autumn, millions of the insects travel thousands of kilometres from Canada to the mountain forests of central Mexico.',
  'No single butterfly completes the round trip, so the route must be inherited rather than learned from older travellers.',
  'Researchers believe the insects navigate with a sun compass that is corrected by an internal clock in their antennae.',
  'Loss of milkweed along the route has reduced the population sharply over the last two decades.',
  'Conservation groups now plant milkweed in gardens and along highways to give the travellers places to feed and breed.',
].join(' ');

const ownWords = [
  'My grandmother kept a small vegetable garden behind the kitchen, and every summer she let me help her with the tomatoes.',
  'We would wake early, before the heat, and carry water from the rain barrel in two dented buckets.',
  'She talked the whole time about the neighbours, the price of bread and the radio programmes she liked.',
].join(' ');

/** Offsets of `part` in `whole`, as a case. */
const at = (whole: string, part: string) => {
  const start = whole.indexOf(part);
  expect(start, part).toBeGreaterThanOrEqual(0);
  return { start, end: start + part.length };
};

describe('plagiarism engine', () => {
  it('[TOOL-03] finds a verbatim passage with its exact offsets on both sides and labels it identical', () => {
    const copied = source.slice(source.indexOf('Every autumn'), source.indexOf(' Researchers'));
    const text = `${ownWords} ${copied} That is all I remember of those summers.`;
    const [match, ...rest] = findMatches(text, [{ id: 'monarch', text: source }]);
    expect(rest).toEqual([]);
    expect(match).toMatchObject({ sourceId: 'monarch', identical: true, ...at(text, copied) });
    expect(source.slice(match!.sourceStart, match!.sourceEnd)).toBe(copied);
  });

  it('[TOOL-03] finds a lightly edited passage and labels it minor changes', () => {
    const edited =
      'Each autumn, millions of these insects travel thousands of kilometres from Canada to the mountain woods of central Mexico. No single butterfly ever completes the round trip, so the route must be inherited and not learned from older travellers.';
    const text = `${ownWords} ${edited}`;
    const matches = findMatches(text, [{ id: 1, text: source }]);
    expect(matches).toHaveLength(1);
    const match = matches[0]!;
    expect(match.identical).toBe(false);
    const expected = at(text, edited);
    expect(Math.abs(match.start - expected.start)).toBeLessThanOrEqual(5);
    expect(Math.abs(match.end - expected.end)).toBeLessThanOrEqual(2);
    expect(source.slice(match.sourceStart, match.sourceEnd)).toContain('millions of the insects travel');
  });

  it('[TOOL-03] keeps reordered sentences as one passage whose source span covers them all', () => {
    const sentences = source.split(/(?<=\.) /);
    const reordered = [sentences[3], sentences[1], sentences[2]].join(' ');
    const text = `${ownWords}\n\n${reordered}`;
    const matches = findMatches(text, [{ id: 1, text: source }]);
    expect(matches).toHaveLength(1);
    expect(matches[0]).toMatchObject(at(text, reordered));
    expect(matches[0]!.sourceStart).toBe(source.indexOf(sentences[1]!));
    expect(matches[0]!.sourceEnd).toBe(source.indexOf(sentences[3]!) + sentences[3]!.length);
  });

  it('[TOOL-03] finds nothing in an original text, even on the same topic', () => {
    const sameTopic =
      'Monarchs are orange and black butterflies. I saw dozens of them in our school garden last September, resting on the flowers before they flew south. Our teacher said they feed on milkweed, so we planted some near the fence.';
    expect(findMatches(ownWords, [{ id: 1, text: source }])).toEqual([]);
    expect(findMatches(sameTopic, [{ id: 1, text: source }])).toEqual([]);
  });

  it('[TOOL-03] survives hostile input: empty, tiny, one huge token, only function words, non-Latin', () => {
    expect(findMatches('', [{ id: 1, text: source }])).toEqual([]);
    expect(findMatches('Hi.', [{ id: 1, text: '' }])).toEqual([]);
    expect(findMatches('a'.repeat(50_000), [{ id: 1, text: source }])).toEqual([]);
    // Copied non-Latin text is still copied text.
    expect(findMatches('这是一个中文句子。'.repeat(50), [{ id: 1, text: '这是一个中文句子。'.repeat(50) }])[0]?.identical).toBe(true);
    expect(findMatches('the of and to '.repeat(500), [{ id: 1, text: 'the of and to '.repeat(500) }])).toEqual([]);
    // A text that repeats one sentence against itself: one passage, not a quadratic pile of seeds.
    const periodic = 'monarch butterflies fly south every autumn. '.repeat(600);
    expect(findMatches(periodic, [{ id: 1, text: periodic }])).toMatchObject([{ start: 0, identical: true }]);
  });

  it('fingerprints: winnowing keeps the minimum of every window, and a shared run of six content words always shares one', () => {
    expect(winnow([5, 3, 9, 1, 7, 8, 2], 3)).toEqual([3, 1, 2]);
    const copied = 'monarch butterflies navigate with sun compass corrected by internal clock';
    const indexed = new Set(documentFingerprints(`${source} ${copied}`));
    expect(queryHashes(`something else entirely. ${copied} and more.`).some((h) => indexed.has(h))).toBe(true);
    expect(queryHashes(ownWords).some((h) => new Set(documentFingerprints(source)).has(h))).toBe(false);
  });

  it('finds quotations and the bibliography of an essay', () => {
    const essay = `Intro words here. As Smith wrote, "the route must be inherited rather than learned" and that matters.\n\nMore body text follows here to make the essay long enough for the heading to count as the end part.\n\nReferences\nSmith, J. (2020). Monarchs. Nature.`;
    const quotes = quotedRanges(essay);
    expect(quotes).toHaveLength(1);
    expect(essay.slice(quotes[0]!.start, quotes[0]!.end)).toBe('"the route must be inherited rather than learned"');
    expect(essay.slice(bibliographyStart(essay)!)).toMatch(/^References\n/);
    expect(bibliographyStart('References are important to this essay.\n\nThe end.')).toBeNull();
  });

  it('PAN measures: perfect, split and missed detections', () => {
    const c: Annotation = { pair: 'p', start: 100, end: 200, sourceStart: 0, sourceEnd: 100 };
    expect(panScores([c], [c]).plagdet).toBe(1);
    const halves = [
      { ...c, end: 150, sourceEnd: 50 },
      { ...c, start: 150, sourceStart: 50 },
    ];
    const split = panScores([c], halves);
    expect(split.granularity).toBe(2);
    expect(split.plagdet).toBeCloseTo(1 / Math.log2(3), 5);
    expect(panScores([c], []).recall).toBe(0);
    expect(panScores([c], [{ ...c, pair: 'q' }]).precision).toBe(0);
  });

  it('light edits touch about one word in six and keep the text readable', () => {
    const edited = lightEdit(source, prng(3));
    expect(edited).not.toBe(source);
    expect(edited.split(' ').length).toBeGreaterThan(source.split(' ').length * 0.9);
  });

  // Our own obfuscated cases (Brown corpus, a devDependency): the issue asks ≥ 0.70 on light edits.
  const own = buildOwnCases('light', 24, 5);
  it.skipIf(!own)('[TOOL-03] plagdet ≥ 0.7 on our light-edit cases and no match on the clean pairs', () => {
    const detections: Annotation[] = [];
    for (const pair of own!) for (const d of findMatches(pair.suspicious, [{ id: 1, text: pair.source }])) detections.push({ pair: pair.pair, ...d });
    const scores = panScores(own!.flatMap((p) => p.cases), detections);
    expect(scores.plagdet).toBeGreaterThanOrEqual(0.7);
    const clean = new Set(own!.filter((p) => p.cases.length === 0).map((p) => p.pair));
    expect(detections.filter((d) => clean.has(d.pair))).toEqual([]);
  });
});
