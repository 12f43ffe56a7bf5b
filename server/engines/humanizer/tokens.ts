import { lexicon } from './lexicon.ts';

/** What a protected span is: the engine never changes a character inside one. */
export type SpanKind = 'url' | 'email' | 'code' | 'quote' | 'citation' | 'date' | 'number' | 'term' | 'name';

/** A protected span of a text, by character offsets. */
export interface ProtectedSpan {
  start: number;
  end: number;
  kind: SpanKind;
}

/** A token of a paragraph: a word, a punctuation mark or a whole protected span, with the space after it. */
export interface Token {
  text: string;
  space: string;
  /** The protected span kind, or '' for ordinary text. */
  prot: SpanKind | '';
  /** Penn Treebank tag, set by the tagger. */
  tag: string;
  lemma: string;
  /** True for tokens the engine produced (never for the input's own tokens). */
  fresh?: boolean;
  /** True for input tokens a structural step moved (no later step moves them back). */
  moved?: boolean;
  /** True when the token is the input's own word, only given a capital (its sentence's opener was deleted). */
  recased?: boolean;
}

const MONTHS = 'January|February|April|June|July|August|September|October|November|December|Jan|Feb|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec';
const WEEKDAYS = 'Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday';
const NUMBER_WORDS =
  'zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|trillion|dozen|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|once|twice|half|quarter|hundreds|thousands|millions|billions|dozens';

const PATTERNS: Array<[SpanKind, RegExp]> = [
  ['url', /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi],
  ['email', /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g],
  ['url', /\b[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:com|org|net|edu|gov|io|ai|dev|co\.uk|info|app)\b(?:\/[^\s]*)?/gi],
  ['code', /`[^`\n]+`/g],
  ['citation', /\[\d+(?:\s*[,–-]\s*\d+)*\]/g],
  ['citation', /\([^()\n]*?\b(?:1[5-9]|20)\d\d[a-z]?\b[^()\n]*\)/g],
  ['citation', /\b\p{Lu}[\p{L}'’-]+(?: +(?:and|&) +\p{Lu}[\p{L}'’-]+)? +et al\.?(?:,? *\(?(?:1[5-9]|20)\d\d[a-z]?\)?)?/gu],
  ['citation', /\b(?:ibid|op\. cit)\.?/gi],
  ['date', new RegExp(`\\b(?:(?:${MONTHS})\\.?(?: +\\d{1,2}(?:st|nd|rd|th)?)?(?:,? +\\d{4})?|(?:May|March) +\\d{1,4}(?:st|nd|rd|th)?(?:,? +\\d{4})?|\\d{1,2}(?:st|nd|rd|th)? +(?:of +)?(?:${MONTHS}|May|March)(?:,? +\\d{4})?|(?:${WEEKDAYS}))\\b`, 'g')],
  // Numbers with their units and suffixes: 95mph, 153km/h, 1,000, 3.5%, $5, 10:30, 1990s, 2nd, 60mph-limit.
  ['number', /(?:[$€£¥]\s?)?(?<![\p{L}\p{N}])\d(?:[\d,.:/-]*\d)?(?:%|(?:st|nd|rd|th|s)\b|[\p{L}]+(?:\/[\p{L}]+)?(?:-[\p{L}\p{N}]+)*)?/gu],
  ['number', new RegExp(`\\b(?:${NUMBER_WORDS})(?:-(?:${NUMBER_WORDS}))?\\b`, 'gi')],
  // Technical terms: alphanumerics (A6, COVID-19), acronyms (BMW, U.S.), mixed case (iPhone), identifiers.
  ['term', /(?<![\p{L}\p{N}])\p{L}+\d[\p{L}\p{N}-]*/gu],
  ['term', /\b(?:\p{Lu}\.){2,}/gu],
  ['term', /\b\p{Lu}{2,}(?:['’]?s)?\b/gu],
  ['term', /(?<![\p{L}])\p{Ll}+\p{Lu}[\p{L}]*/gu],
  ['term', /\b\w+_\w+\b|\b[a-zA-Z_]\w*\(\)|[#@]\w+|\b[\w-]+\.(?:js|ts|py|json|html|css|txt|pdf|docx?|csv|xml|md|exe|zip|png|jpe?g)\b/gi],
];

const TITLES = new Set(['Mr', 'Mrs', 'Ms', 'Dr', 'Prof', 'St', 'Sr', 'Jr', 'Gen', 'Col', 'Lt', 'Sgt', 'Capt', 'Maj', 'Rev', 'Hon', 'Sen', 'Rep', 'Gov', 'Pres', 'Mt', 'Ft']);
const NAME_LINKS = new Set(['of', 'de', 'da', 'del', 'der', 'van', 'von', 'la', 'le', 'du', 'bin', 'al', '&']);
const WORD_RE = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*(?:-[\p{L}\p{N}]+(?:['’][\p{L}]+)*)*/gu;

/** True when the text before `at` ends a sentence (or is the start of the line). */
function sentenceInitial(text: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && (text[i] === ' ' || text[i] === '\t')) i--;
  while (i >= 0 && /["'“‘(\[]/.test(text[i]!)) i--; // an opening quote or bracket before the word
  while (i >= 0 && (text[i] === ' ' || text[i] === '\t')) i--;
  if (i < 0 || text[i] === '\n' || text[i] === '\r') return true;
  let j = i;
  while (j >= 0 && /["'”’)\]]/.test(text[j]!)) j--;
  const c = text[j];
  if (c === '!' || c === '?' || c === ':' || c === '—' || c === '-' || c === '•' || c === '*') return true;
  if (c === '.') {
    // "Mr. Smith", "J. Smith": the dot of a title or an initial does not end a sentence.
    const before = text.slice(Math.max(0, j - 5), j).match(/(\p{L}+)$/u)?.[1] ?? '';
    return !(TITLES.has(before) || /^\p{Lu}$/u.test(before));
  }
  return false;
}

/** Quotations: “…”, "…" and ‘…’ pairs within a line; an unclosed quotation runs to the end of its line. */
function quoteSpans(text: string, out: ProtectedSpan[]): void {
  let lineStart = 0;
  for (const line of text.split('\n')) {
    let open = -1;
    for (let i = 0; i < line.length; i++) {
      const c = line[i]!;
      if (open < 0 && (c === '“' || c === '"')) open = i;
      else if (open >= 0 && (c === '”' || c === '"')) {
        out.push({ start: lineStart + open, end: lineStart + i + 1, kind: 'quote' });
        open = -1;
      }
    }
    if (open >= 0) out.push({ start: lineStart + open, end: lineStart + line.trimEnd().length, kind: 'quote' });
    // Single quotes: an opener after a space or line start, closed by a quote not followed by a letter.
    for (const m of line.matchAll(/(?<=^|[\s(\[—])['‘](?=[\p{L}\p{N}])/gu)) {
      const from = m.index + 1;
      const closer = /[\p{L}\p{N}.,!?]['’](?![\p{L}\p{N}])/gu;
      closer.lastIndex = from;
      const end = closer.exec(line);
      if (end && end.index + 2 - m.index <= 300) out.push({ start: lineStart + m.index, end: lineStart + end.index + 2, kind: 'quote' });
    }
    lineStart += line.length + 1;
  }
}

/** Names: capitalized words inside a sentence, and at its start when the word is not a common word. */
function nameSpans(text: string, out: ProtectedSpan[]): void {
  const { common } = lexicon();
  const words = [...text.matchAll(WORD_RE)];
  let run: { start: number; end: number } | undefined;
  const flush = () => {
    if (run) out.push({ start: run.start, end: run.end, kind: 'name' });
    run = undefined;
  };
  for (let k = 0; k < words.length; k++) {
    const m = words[k]!;
    const w = m[0];
    const start = m.index;
    let end = start + w.length;
    const capital = /^\p{Lu}/u.test(w);
    const gap = run ? text.slice(run.end, start) : '';
    if (!capital) {
      // "Bank of England": a linking word continues a run when a capitalized word follows it.
      const next = words[k + 1];
      if (run && NAME_LINKS.has(w) && gap === ' ' && next && /^\p{Lu}/u.test(next[0]) && text.slice(end, next.index) === ' ') continue;
      flush();
      continue;
    }
    // "I", and a contraction opening a sentence ("Don't", "You'll", "Can't"): words, not names.
    if (w === 'I' || /^I['’](?:m|ve|ll|d)$/.test(w) || (/^\p{L}+(?:n['’]t|['’](?:ll|re|ve|d|m))$/u.test(w) && sentenceInitial(text, start))) {
      flush();
      continue;
    }
    if ((TITLES.has(w) || w.length === 1) && text[end] === '.') end++;
    const base = w.replace(/['’]s$/, '');
    const isName = (() => {
      if (!sentenceInitial(text, start)) return true;
      const lower = base.toLowerCase();
      if (!common.has(lower) && !(CONNECTIVE_OPENER.test(lower) && text[end] === ',')) return true;
      const next = words[k + 1];
      // "New York", "Will Smith" at a sentence start: a common word followed by a capitalized one.
      return !!next && /^\p{Lu}/u.test(next[0]) && text.slice(end, next.index) === ' ' && NAME_STARTERS.has(lower);
    })();
    if (!isName) {
      flush();
      continue;
    }
    // The possessive ending stays outside the name ("Scott" + "'s"), and ends the name.
    const possessive = base !== w && end === start + w.length;
    if (possessive) end = start + base.length;
    if (run && (gap === ' ' || /^ (?:\S+ )?$/.test(gap)) && text.slice(run.end, start).trim().split(' ').every((x) => x === '' || NAME_LINKS.has(x))) run.end = end;
    else {
      flush();
      run = { start, end };
    }
    if (possessive) flush();
  }
  flush();
}

// Sentence adverbs that subtitles rarely use, so the frequency list does not know them as common words; followed by
// a comma at a sentence start they are connectives, not names ("Firstly, …", "Additionally, …").
const CONNECTIVE_OPENER = /^(?:\p{Ll}+ly|moreover|furthermore|hence|thus|nevertheless|nonetheless|likewise|conversely|overall|therefore|meanwhile|besides|notwithstanding)$/u;

// Common words that open names ("New York", "United Nations", "Royal Navy") when a capitalized word follows.
const NAME_STARTERS = new Set(
  'new north south east west northern southern eastern western united saint san santa los las great royal national general central old upper lower little big grand fort mount lake port cape red white black green blue golden silver holy prime high supreme federal international american british european chinese english french german first'.split(
    ' ',
  ),
);

/**
 * A cheap test of whether pattern `p` can match at all (most paragraphs have no URL, code, identifier or digit,
 * and the full patterns are slow): each condition is necessary for a match of that pattern.
 */
function mayMatch(p: number, digit: boolean, dot: boolean, scheme: boolean, marks: boolean, innerCapital: boolean): boolean {
  switch (p) {
    case 0: // URL with a scheme or www.
      return dot || scheme;
    case 1: // e-mail address
    case 2: // bare domain
      return dot;
    case 3: // code in backticks
      return marks;
    case 4: // [4]
      return marks && digit;
    case 5: // (Author, 2020)
      return marks && digit;
    case 9: // numbers with units
    case 11: // A6, COVID-19
      return digit;
    case 14: // iPhone
      return innerCapital;
    case 15: // identifiers and file names
      return marks || dot;
    default:
      return true;
  }
}

/** Finds the protected spans of a text: URLs, e-mail addresses, code, quotations, citations, dates, numbers, technical terms and names. */
export function findProtectedSpans(text: string): ProtectedSpan[] {
  const found: ProtectedSpan[] = [];
  const hasDigit = /\d/.test(text);
  const hasDot = text.includes('.');
  const hasMarks = /[_#@`(\[]/.test(text);
  const hasInnerCapital = /\p{Ll}\p{Lu}/u.test(text);
  for (let p = 0; p < PATTERNS.length; p++) {
    const [kind, re] = PATTERNS[p]!;
    if (!mayMatch(p, hasDigit, hasDot, text.includes('//'), hasMarks, hasInnerCapital)) continue;
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) {
      let end = m.index + m[0].length;
      if (kind === 'url' || kind === 'email') while (end > m.index && /[.,;:!?)\]}'"”’]/.test(text[end - 1]!)) end--;
      if (kind === 'number') while (end > m.index + 1 && /[.,:/-]/.test(text[end - 1]!)) end--;
      if (end > m.index) found.push({ start: m.index, end, kind });
    }
  }
  quoteSpans(text, found);
  nameSpans(text, found);
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  // Overlapping spans become one: protection is never narrowed by a later pattern.
  const merged: ProtectedSpan[] = [];
  for (const s of found) {
    const last = merged[merged.length - 1];
    if (last && s.start < last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ ...s });
  }
  return merged;
}

const ABBREVIATIONS = new Set(['mr', 'mrs', 'ms', 'dr', 'prof', 'st', 'jr', 'sr', 'vs', 'etc', 'inc', 'ltd', 'co', 'corp', 'no', 'fig', 'approx', 'dept', 'est', 'vol', 'gen', 'col', 'lt', 'sgt', 'capt', 'maj', 'rev', 'hon', 'sen', 'rep', 'gov', 'mt', 'ft', 'e.g', 'i.e', 'a.m', 'p.m']);
const TOKEN_RE = /[\p{L}\p{N}]+(?:[.'’][\p{L}]+)*(?:-[\p{L}\p{N}]+(?:['’][\p{L}]+)*)*|['’][\p{L}]+|\.{3}|…|[-–—]{1,3}|[^\s\p{L}\p{N}]/uy;
const SPACE_RE = /\s*/y;

/** Splits one paragraph (no newline) into tokens, each protected span becoming one token. */
export function tokenize(paragraph: string, spans: ProtectedSpan[]): Token[] {
  const tokens: Token[] = [];
  let pos = 0;
  let s = 0;
  const n = paragraph.length;
  while (pos < n) {
    while (s < spans.length && spans[s]!.end <= pos) s++;
    const span = spans[s];
    let text: string;
    let prot: SpanKind | '' = '';
    if (span && span.start <= pos) {
      text = paragraph.slice(pos, span.end);
      prot = span.kind;
    } else {
      TOKEN_RE.lastIndex = pos;
      const m = TOKEN_RE.exec(paragraph);
      text = m ? m[0] : paragraph[pos]!;
      if (span && pos + text.length > span.start) text = paragraph.slice(pos, span.start);
      // "e.g." and "Mr." keep their dot; "etc." does too, though it may also end a sentence.
      if (paragraph[pos + text.length] === '.' && (!span || pos + text.length < span.start) && ABBREVIATIONS.has(text.toLowerCase())) text += '.';
    }
    pos += text.length;
    SPACE_RE.lastIndex = pos;
    const space = SPACE_RE.exec(paragraph)![0];
    pos += space.length;
    tokens.push({ text, space, prot, tag: '', lemma: '' });
  }
  return tokens;
}

const UPPER_START = /^["“‘'(\[]?[\p{Lu}\p{N}]/u;

/** Groups tokens into sentences (each a slice of the array; a sentence's last token carries the space after it). */
export function splitSentences(tokens: Token[]): Token[][] {
  const sentences: Token[][] = [];
  let start = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const end = t.text === '.' || t.text === '!' || t.text === '?' || t.text === '…' || t.text === '...' || (t.prot === 'quote' && /[.!?]["”’']$/.test(t.text));
    if (!end) continue;
    let j = i;
    // Closing brackets and stray quotes belong to the sentence they close.
    while (j + 1 < tokens.length && tokens[j]!.space === '' && /^[)\]"”’']$/.test(tokens[j + 1]!.text)) j++;
    const next = tokens[j + 1];
    if (next && (tokens[j]!.space === '' || !(UPPER_START.test(next.text) || next.prot !== ''))) continue;
    sentences.push(tokens.slice(start, j + 1));
    start = j + 1;
    i = j;
  }
  if (start < tokens.length) sentences.push(tokens.slice(start));
  return sentences;
}
