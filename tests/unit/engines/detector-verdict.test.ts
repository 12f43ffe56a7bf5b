import { describe, expect, it } from 'vitest';
import { detect, detectText } from '../../../server/engines/detector/index.ts';

const ai =
  "In today's rapidly evolving digital landscape, it is crucial to recognize the multifaceted impact of technology on education. Furthermore, fostering a culture of innovation is essential for long-term success. Ultimately, by leveraging these transformative tools, educators can empower students to thrive in an increasingly interconnected world. Moreover, it is important to note that collaboration plays a pivotal role in shaping outcomes.";
const human =
  'i went to the libary yesterday and it was closed so i had to go home. my mum said i should of checked online first but i didnt think of it. anyway i will go back tomorow and get the books for my project about volcanos. ';

describe('detector verdicts a student can trust', () => {
  it('[TOOL-01] an unflagged text keeps its sentences in order under the AI line instead of a row of identical "49%"', () => {
    for (const text of [human + ai, human.repeat(2) + ai, human.repeat(3) + ai]) {
      const r = detect(text);
      expect(r.isAi).toBe(false);
      const scores = r.sentences.filter((s) => s.qualifies).map((s) => s.score);
      expect(Math.max(...scores)).toBeLessThan(r.threshold);
      expect(scores.filter((s) => s === 0.4999).length).toBeLessThanOrEqual(1);
      // The sentences that stand out still stand out, each at its own score.
      const high = scores.filter((s) => s >= 0.25);
      expect(new Set(high).size).toBe(high.length);
    }
  });

  it('[TOOL-01] without the transformer, v3 answers alone with the same figures and says it is degraded', async () => {
    const text = human.repeat(3) + ai;
    const engine = Promise.resolve({ detector: null, engine: { version: 'detector-v3', degraded: 'test: no transformer' } });
    const r = await detectText(text, engine);
    expect(r.degraded).toBe(true);
    expect(r.modelVersion).toBe('detector-v3');
    expect(r.probability).toBe(detect(text).probability);
    // A build without the transformer is not degraded: v3 is its detector.
    const plain = await detectText(text, Promise.resolve({ detector: null, engine: { version: 'detector-v3', degraded: null } }));
    expect(plain.degraded).toBe(false);
  });
});
