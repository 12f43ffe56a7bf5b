/**
 * Text handling of the plagiarism engine: words with their character offsets,
 * a light normal form (lower case, folded apostrophes, a crude stem) so that
 * "studies" meets "study", sentences, quoted spans and the bibliography.
 */

/** A word of the text and where it sits. */
export interface Token {
  start: number;
  end: number;
  /** Lower case, apostrophes folded, lightly stemmed. */
  stem: string;
  /** A function word ("the", "of"): never a seed on its own, never fingerprinted. */
  stop: boolean;
}

/** English function words: they carry no evidence of copying. */
const stopwords = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by can
  could did do does doing down during each few for from further had has have having he her here hers herself him himself his how i if in
  into is it its itself just me might more most must my myself no nor not now of off on once only or other our ours ourselves out over own
  same she should so some such than that the their theirs them themselves then there these they this those through to too under until up
  upon very was we were what when where which while who whom why will with would you your yours yourself yourselves
  s t d ll m re ve one may shall`.split(/\s+/).filter(Boolean),
);

const wordPattern = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/** A crude suffix stripper: enough to meet inflected forms, cheap enough for millions of words. */
export function stem(word: string): string {
  return stemLower(word.toLowerCase().replace(/’/g, "'"));
}

function stemLower(lower: string): string {
  let w = lower;
  if (w.includes("'")) {
    if (w.endsWith("'s")) w = w.slice(0, -2);
    else if (w.endsWith("s'")) w = w.slice(0, -1);
    w = w.replace(/'/g, '');
  }
  const n = w.length;
  if (n <= 4) return w;
  if (w.endsWith('s')) {
    if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
    if (w.endsWith('sses')) return w.slice(0, -2);
    if (w.endsWith('es') && /(?:ch|sh|x|z|ss)es$/.test(w)) return w.slice(0, -2);
    if (!w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) return w.slice(0, -1);
    return w;
  }
  if (n > 5 && w.endsWith('ing')) return undouble(w.slice(0, -3));
  if (w.endsWith('ied')) return `${w.slice(0, -3)}y`;
  if (n > 5 && w.endsWith('ed')) return undouble(w.slice(0, -2));
  if (n > 5 && w.endsWith('ly')) return w.slice(0, -2);
  return w;
}

function undouble(w: string): string {
  const a = w[w.length - 1]!;
  return a === w[w.length - 2] && !'aeioulsz'.includes(a) ? w.slice(0, -1) : w;
}

/** The words of a text with their offsets. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(wordPattern)) {
    const raw = m[0];
    let lower = raw.toLowerCase();
    if (lower.includes('’')) lower = lower.replace(/’/g, "'");
    const apostrophe = lower.indexOf("'");
    const start = m.index;
    tokens.push({ start, end: start + raw.length, stem: stemLower(lower), stop: stopwords.has(lower) || (apostrophe > 0 && stopwords.has(lower.slice(0, apostrophe))) });
  }
  return tokens;
}

/** True when `word` (any case) is a function word. */
export const isStopword = (word: string) => stopwords.has(word.toLowerCase());

/** A sentence as a range of token indexes [first, last). */
export interface Sentence {
  first: number;
  last: number;
}

/**
 * Sentences by token index: a break after . ! ? (and closing quotes) followed by
 * white space, or at a blank line. Abbreviations may split a sentence; the
 * aligner does not depend on exact sentence ends.
 */
export function sentences(text: string, tokens: Token[]): Sentence[] {
  const out: Sentence[] = [];
  let first = 0;
  for (let i = 0; i < tokens.length; i++) {
    const next = tokens[i + 1];
    const between = text.slice(tokens[i]!.end, next ? next.start : text.length);
    const ends = /[.!?]["'”’)\]]*\s/.test(between) || /\n\s*\n/.test(between) || !next;
    if (ends) {
      out.push({ first, last: i + 1 });
      first = i + 1;
    }
  }
  return out;
}

/** A character range [start, end). */
export interface Range {
  start: number;
  end: number;
}

/**
 * Quoted text: straight or curly double quotes, and « » — as Turnitin's
 * "exclude quotes" understands them. An unclosed quote (or one longer than
 * `maxChars`) is no quotation.
 */
export function quotedRanges(text: string, maxChars = 1_500): Range[] {
  const out: Range[] = [];
  const pattern = /"([^"\n]{1,1500})"|“([^”\n]{1,1500})”|«([^»\n]{1,1500})»/g;
  for (const m of text.matchAll(pattern)) {
    if (m[0].length - 2 > maxChars) continue;
    out.push({ start: m.index, end: m.index + m[0].length });
  }
  // Block quotations: paragraphs indented by a tab or four spaces.
  for (const m of text.matchAll(/(?:^|\n)((?:\t| {4,})[^\n]+)/g)) {
    const start = m.index + m[0].indexOf(m[1]!);
    out.push({ start, end: start + m[1]!.length });
  }
  return out.sort((a, b) => a.start - b.start);
}

const bibliographyHeading = /(?:^|\n)[ \t]*(?:#+\s*)?(?:\d+\.?\s*)?(references|reference list|bibliography|works cited|works consulted|literature cited|sources cited|sources|citations|literaturverzeichnis|bibliographie|références|referencias|bibliografía|bibliografia)[ \t]*:?[ \t]*(?=\n|$)/gi;

/**
 * Where the bibliography starts: a heading line of its own ("References",
 * "Works Cited", …) in the second half of the text. Null when there is none.
 */
export function bibliographyStart(text: string): number | null {
  for (const m of text.matchAll(bibliographyHeading)) {
    const at = m.index + (m[0].startsWith('\n') ? 1 : 0);
    if (at >= text.length * 0.4) return at;
  }
  return null;
}
