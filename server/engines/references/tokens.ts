/** A whitespace-separated piece of a reference with its place in the string. */
export interface Token {
  text: string;
  start: number;
  end: number;
}

/** Splits one reference into whitespace tokens, the unit the parser labels (as anystyle does). */
export function tokenize(reference: string): Token[] {
  const tokens: Token[] = [];
  for (const match of reference.matchAll(/\S+/g)) {
    // Vancouver's "2019;12(3):45-67." is three fields without a space: split after ";" or ":" before a digit.
    const parts = /^\(?\d/.test(match[0]) ? match[0].split(/(?<=[;:])(?=[\d(]|e\d)/) : [match[0]];
    let start = match.index;
    for (const part of parts) {
      tokens.push({ text: part, start, end: start + part.length });
      start += part.length;
    }
  }
  return tokens;
}

/** The token without surrounding punctuation, lower-cased (its lexical identity). */
export function bareWord(text: string): string {
  return text
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}]+/u, '')
    .replace(/[^\p{L}\p{N}]+$/u, '');
}

/** The shape of a token: letters by case, digits, punctuation kept; runs collapsed (`Smith,` → `Xx,`). */
export function shapeOf(text: string): string {
  let shape = '';
  for (const ch of text) {
    const c = /\p{Lu}/u.test(ch) ? 'X' : /\p{Ll}/u.test(ch) ? 'x' : /\p{N}/u.test(ch) ? 'd' : /\p{L}/u.test(ch) ? 'L' : ch;
    if (shape.endsWith(c) && (c === 'x' || c === 'd' || c === 'X' || c === 'L')) continue;
    shape += c;
  }
  return shape;
}

/** Normalises typography that varies between sources (curly quotes, dashes) so features see one form. */
export function normalizeTypography(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201a\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u00ab\u00bb\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\u00a0/g, ' ');
}
