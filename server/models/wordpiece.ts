/**
 * The BERT "uncased" WordPiece tokenizer in TypeScript, as the Hugging Face `tokenizers` library runs it for the
 * MiniLM family (BertNormalizer with clean_text, handle_chinese_chars, lowercase and accent stripping;
 * BertPreTokenizer; WordPiece with "##" and at most 100 characters a word). Offline and dependency-free: the
 * vocabulary is the model's own vocab.txt (one token a line, its line number the id).
 * tests/unit/models/wordpiece.test.ts holds it to ids the Python library gave for the same strings.
 */

/** A loaded vocabulary and its special tokens. */
export class WordPiece {
  private readonly ids = new Map<string, number>();
  readonly cls: number;
  readonly sep: number;
  readonly pad: number;
  readonly unk: number;
  /** Longer words than this (in characters) are one [UNK]. */
  readonly maxWordChars = 100;

  constructor(vocabText: string) {
    vocabText.split('\n').forEach((line, i) => {
      const token = line.replace(/\r$/, '');
      if (token !== '' && !this.ids.has(token)) this.ids.set(token, i);
    });
    const id = (t: string) => {
      const v = this.ids.get(t);
      if (v === undefined) throw new Error(`vocabulary has no ${t}`);
      return v;
    };
    this.cls = id('[CLS]');
    this.sep = id('[SEP]');
    this.pad = id('[PAD]');
    this.unk = id('[UNK]');
  }

  get size(): number {
    return this.ids.size;
  }

  /** Token ids of a text, without [CLS] and [SEP]. */
  encode(text: string): number[] {
    const out: number[] = [];
    for (const word of preTokenize(normalize(text))) this.wordPiece(word, out);
    return out;
  }

  private wordPiece(word: string, out: number[]): void {
    const chars = Array.from(word);
    if (chars.length > this.maxWordChars) {
      out.push(this.unk);
      return;
    }
    const pieces: number[] = [];
    let start = 0;
    while (start < chars.length) {
      let end = chars.length;
      let found = -1;
      while (start < end) {
        const sub = (start > 0 ? '##' : '') + chars.slice(start, end).join('');
        const id = this.ids.get(sub);
        if (id !== undefined) {
          found = id;
          break;
        }
        end--;
      }
      if (found < 0) {
        out.push(this.unk);
        return;
      }
      pieces.push(found);
      start = end;
    }
    out.push(...pieces);
  }
}

const CONTROL = /[\p{Cc}\p{Cf}\p{Cn}\p{Co}\p{Cs}]/u;
const WHITESPACE = /\s/u;
const COMBINING = /\p{Mn}/u;
const PUNCTUATION = /[\p{P}!-/:-@[-`{-~]/u;

function isChinese(cp: number): boolean {
  return (
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x20000 && cp <= 0x2a6df) ||
    (cp >= 0x2a700 && cp <= 0x2b73f) ||
    (cp >= 0x2b740 && cp <= 0x2b81f) ||
    (cp >= 0x2b820 && cp <= 0x2ceaf) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0x2f800 && cp <= 0x2fa1f)
  );
}

/** BertNormalizer: drop control characters and U+FFFD, whitespace to spaces, spaces around CJK ideographs, strip accents, lower case. */
export function normalize(text: string): string {
  let cleaned = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    const keepWhitespace = ch === '\t' || ch === '\n' || ch === '\r';
    if (cp === 0 || cp === 0xfffd || (!keepWhitespace && CONTROL.test(ch))) continue;
    if (keepWhitespace || WHITESPACE.test(ch)) cleaned += ' ';
    else if (isChinese(cp)) cleaned += ` ${ch} `;
    else cleaned += ch;
  }
  let out = '';
  for (const ch of cleaned.normalize('NFD')) {
    if (COMBINING.test(ch)) continue;
    out += ch.toLowerCase();
  }
  return out;
}

/** BertPreTokenizer: split on whitespace, and every punctuation character is a word of its own. */
export function preTokenize(text: string): string[] {
  const words: string[] = [];
  let current = '';
  for (const ch of text) {
    if (WHITESPACE.test(ch)) {
      if (current) words.push(current);
      current = '';
    } else if (PUNCTUATION.test(ch)) {
      if (current) words.push(current);
      words.push(ch);
      current = '';
    } else current += ch;
  }
  if (current) words.push(current);
  return words;
}

/**
 * The windows a text's ids are read in: [CLS], up to `size - 2` ids, [SEP]. Non-overlapping, except that the last
 * window is the text's final `size - 2` ids whenever the text is longer than one window, so every window of a long
 * text is full. The same rule as training/detector/train_encoder.py `windows_of`.
 */
export function windows(ids: readonly number[], cls: number, sep: number, size: number): number[][] {
  const content = size - 2;
  if (ids.length <= content) return [[cls, ...ids, sep]];
  const starts: number[] = [];
  for (let s = 0; s + content <= ids.length; s += content) starts.push(s);
  if ((starts.at(-1) as number) + content < ids.length) starts.push(ids.length - content);
  return starts.map((s) => [cls, ...ids.slice(s, s + content), sep]);
}
