import { describe, expect, it } from 'vitest';
import { sentenceTokens } from '../../../server/engines/detector/features.ts';
import { HABIT_FEATURES, decodeLexicon, encodeLexicon, habitFeatures, isSlip, sentenceHabits, wordHash } from '../../../server/engines/detector/habits.ts';

const words = ['the', 'because', 'people', 'believe', 'their', 'friends', 'think', 'i', 'it', 'is', 'a', 'good', 'idea', 'to', 'study', 'at', 'home', 'and', 'go', 'out', 'every', 'day', 'we', 'know', 'this', 'student', 'should'];
const lexicon = decodeLexicon(encodeLexicon(words.map(wordHash)));
const frequent = new Map(words.map((w, i) => [w, i]));
const habitsOf = (s: string) => sentenceHabits(s, sentenceTokens(s), lexicon, frequent);
const feature = (f: number[], name: string) => f[HABIT_FEATURES.indexOf(name)] as number;

describe('detector: writing habits', () => {
  it('stores the spelling lexicon as hashes and reads it back exactly', () => {
    for (const w of words) expect(lexicon.has(w)).toBe(true);
    expect(lexicon.has('becuase')).toBe(false);
    expect(lexicon.has('smartphone')).toBe(false);
    // Encoding is order- and duplicate-blind, so the model file is stable.
    expect(encodeLexicon([...words].reverse().concat(words).map(wordHash))).toBe(encodeLexicon(words.map(wordHash)));
  });

  it('tells a slip (one edit from a frequent word) from a rare word', () => {
    expect(isSlip('becuase', frequent)).toBe(true); // two letters swapped
    expect(isSlip('peple', frequent)).toBe(true); // a letter dropped
    expect(isSlip('beleive', frequent)).toBe(true);
    expect(isSlip('freinds', frequent)).toBe(true);
    expect(isSlip('cybersecurity', frequent)).toBe(false);
  });

  it('counts the slips people make and models do not', () => {
    const student = habitsOf('i think its a good idea becuase peple dont study at home,and go out every day');
    const model = habitsOf('I think it is a good idea because people should study at home and go out every day.');
    const s = habitFeatures([student]);
    const m = habitFeatures([model]);
    expect(s).toHaveLength(HABIT_FEATURES.length);
    for (const name of ['misspelled', 'bareContractions', 'lowerI', 'lowerStart', 'noSpaceAfterPunct']) {
      expect(feature(s, name), name).toBeGreaterThan(0);
      expect(feature(m, name), name).toBe(0);
    }
  });

  it('adds up over sentences, so a text is described by the sum of its sentences', () => {
    const a = habitsOf('We know this student should study at home.');
    const b = habitsOf('The friends believe it is a good idea to go out every day!');
    const joined = habitsOf('We know this student should study at home. The friends believe it is a good idea to go out every day!');
    const sum = habitFeatures([a, b]);
    expect(feature(sum, 'exclaimQuestion')).toBeCloseTo(0.5, 12);
    expect(feature(sum, 'sentenceLengthCv')).toBeGreaterThan(0);
    expect(habitFeatures([joined])[HABIT_FEATURES.indexOf('wordLength')]).toBeCloseTo(feature(sum, 'wordLength'), 12);
  });

  it('sees weak generators loop', () => {
    const loop = Array.from({ length: 6 }, () => habitsOf('It is a good idea to study at home.'));
    const varied = [habitsOf('We know this student should study at home.'), habitsOf('The friends believe it is a good idea to go out every day.')];
    expect(feature(habitFeatures(loop), 'repeatedTrigrams')).toBeGreaterThan(0.9);
    expect(feature(habitFeatures(varied), 'repeatedTrigrams')).toBe(0);
  });
});
