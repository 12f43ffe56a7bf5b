import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import WordExtractor from 'word-extractor';
import { makeDoc } from '../../support/make-doc.ts';

const bodyOf = async (paragraphs: string[]) => (await new WordExtractor().extract(makeDoc(paragraphs))).getBody();

describe('makeDoc (test support: a Word 97-2003 .doc without Word)', () => {
  it('[UPL-05] writes an OLE2 compound file whose WordDocument stream starts with a Word 97 FIB', () => {
    const doc = makeDoc(['Hello.']);
    expect(doc.subarray(0, 8).toString('hex')).toBe('d0cf11e0a1b11ae1');
    expect(doc.length % 512).toBe(0);
    const fib = doc.indexOf(Buffer.from([0xec, 0xa5, 0xc1, 0x00]));
    expect(fib).toBeGreaterThan(0);
    expect(fib % 512).toBe(0);
    expect(doc.readUInt16LE(fib + 0x0a) & 0x0200).toBe(0x0200); // fWhichTblStm: 1Table
    expect(doc.readUInt32LE(fib + 0x4c)).toBe('Hello.\r'.length); // ccpText
  });

  it('[UPL-05] round-trips English paragraphs through word-extractor', async () => {
    const paragraphs = ['This essay was written in Word 97.', 'It has a second paragraph with 3 numbers: 1, 2 and 3.'];
    expect(await bodyOf(paragraphs)).toBe(`${paragraphs.join('\n')}\n`);
  });

  it('[UPL-05] keeps accents, Chinese and characters outside the BMP (UTF-16 pieces)', async () => {
    const paragraphs = ['Café, naïve façade, Ærøskøbing, São Paulo.', '这是一篇关于人工智能的文章。', 'Emoji 😀 and 𝄞.'];
    expect(await bodyOf(paragraphs)).toBe(`${paragraphs.join('\n')}\n`);
  });

  it('[UPL-05] holds 200 paragraphs (several PAPX pages) and an empty document', async () => {
    const paragraphs = Array.from({ length: 200 }, (_, i) => `Paragraph ${i + 1} of a long essay, with some words in it.`);
    expect(await bodyOf(paragraphs)).toBe(`${paragraphs.join('\n')}\n`);
    expect(await bodyOf([])).toBe('\n');
  });

  it('[UPL-05] tests/fixtures/sample.doc is what makeDoc writes for the sample essay', async () => {
    const paragraphs = ['This essay was written in Word 97.', 'It has a second paragraph with 3 numbers: 1, 2 and 3.'];
    const fixture = readFileSync(new URL('../../fixtures/sample.doc', import.meta.url));
    expect(fixture.equals(makeDoc(paragraphs))).toBe(true);
    expect((await new WordExtractor().extract(fixture)).getBody()).toBe(`${paragraphs.join('\n')}\n`);
  });
});
