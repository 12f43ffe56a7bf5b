import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WordPiece, normalize, preTokenize, windows } from '../../../server/models/wordpiece.ts';

const vocab = readFileSync(new URL('../../../server/engines/detector/model/encoder-v4.vocab.txt', import.meta.url), 'utf8');
const cases = JSON.parse(readFileSync(new URL('../../fixtures/models/wordpiece-cases.json', import.meta.url), 'utf8')) as Array<{ text: string; ids: number[] }>;

describe('WordPiece tokenizer (the encoder of detector v4)', () => {
  const tok = new WordPiece(vocab);

  it('[TOOL-01] reads the vocabulary and its special tokens', () => {
    expect(tok.size).toBe(30522);
    expect([tok.pad, tok.unk, tok.cls, tok.sep]).toEqual([0, 100, 101, 102]);
  });

  it.each(cases.map((c) => [c.text.slice(0, 40), c] as const))('[TOOL-01] gives the ids of the Python tokenizer: %s', (_name, c) => {
    expect(tok.encode(c.text)).toEqual(c.ids);
  });

  it('normalises as BertNormalizer: accents stripped, lower case, CJK spaced, controls dropped', () => {
    expect(normalize('Café ÅNGSTRÖM')).toBe('cafe angstrom');
    expect(normalize('a中b')).toBe('a 中 b');
    expect(normalize('a\u0000b\tc')).toBe('ab c');
    expect(preTokenize("don't stop.")).toEqual(['don', "'", 't', 'stop', '.']);
  });

  it('cuts ids into full windows, the last one ending with the text', () => {
    const ids = Array.from({ length: 10 }, (_, i) => i + 1000);
    expect(windows(ids.slice(0, 3), 101, 102, 6)).toEqual([[101, 1000, 1001, 1002, 102]]);
    expect(windows(ids, 101, 102, 6)).toEqual([
      [101, 1000, 1001, 1002, 1003, 102],
      [101, 1004, 1005, 1006, 1007, 102],
      [101, 1006, 1007, 1008, 1009, 102],
    ]);
    expect(windows(ids.slice(0, 8), 101, 102, 6)).toHaveLength(2);
  });
});
