/**
 * Text handling for the detector: which parts of a text are long-form prose (and so are scored), sentence
 * boundaries with offsets into the input, normalisation, and the token stream the features read.
 */
import { countWords } from '../../../src/domain/word-count.ts';

/** What a piece of the input is; only `prose` sentences are scored. */
export type SegmentKind = 'prose' | 'list' | 'heading' | 'code' | 'table' | 'reference';

/** One sentence (or one non-prose line) of the input, with offsets into the input string. */
export interface Segment {
  start: number;
  end: number;
  text: string;
  kind: SegmentKind;
  words: number;
  qualifies: boolean;
  /** Index of the prose paragraph the sentence belongs to (-1 when not prose). */
  paragraph: number;
}

interface Line {
  start: number;
  end: number;
  text: string;
}

const LIST_MARK = /^\s*(?:[-*+•‣◦▪●■–—]|\(?\d{1,3}[.)]|\(?[a-zA-Z][.)]|\([ivxIVX]{1,4}\)|[ivx]{1,4}\.)\s+/u;
const TERMINAL = /[.!?:;…"'”’)\]]\s*$/u;
const FENCE = /^\s*(?:```|~~~)/;
// Characters that are common in code and rare in prose.
const CODE_CHARS = /[{}()[\];=<>$`\\|&_^~#@]/g;
const CODE_KEYWORD = /^\s*(?:(?:const|let|var)\s+\w+\s*=|(?:function|def|class)\s+\w+\s*[({:]|import\s+[\w{*].*\bfrom\b|#include\s*<|<\/?[a-zA-Z][\w-]*(?:\s[^>]*)?>)/;

function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  const re = /[^\n]*(?:\n|$)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    if (m[0] === '' && m.index >= text.length) break;
    const raw = m[0].replace(/\r?\n$/, '');
    lines.push({ start: m.index, end: m.index + raw.length, text: raw });
    if (m.index + m[0].length >= text.length) break;
  }
  return lines;
}

function isCodeLine(line: string): boolean {
  const bare = line.replace(/\s+/g, '');
  if (bare.length === 0) return false;
  const symbols = (bare.match(CODE_CHARS) ?? []).length;
  const density = symbols / bare.length;
  if (density > 0.12) return true;
  if (/^(?: {4,}|\t)\S/.test(line) && density > 0.05) return true;
  if (/[;{}]\s*$/.test(line) && density > 0.04) return true;
  return CODE_KEYWORD.test(line);
}

function isTableLine(line: string): boolean {
  return (line.match(/\|/g) ?? []).length >= 2 || (line.match(/\t/g) ?? []).length >= 2;
}

const TRAILING_FUNCTION_WORD = /\b(?:the|a|an|of|and|or|to|in|on|at|for|with|by|from|that|is|was|as|but)$/i;

/** Whether a short first line followed by `next` reads as a title over a paragraph rather than a wrapped line. */
function opensParagraph(line: string, next: string): boolean {
  return !TRAILING_FUNCTION_WORD.test(line) && !/,$/.test(line) && /^\s*["'“‘(]?[\p{Lu}\p{N}]/u.test(next);
}

function wordsIn(text: string): number {
  return countWords(text);
}

// Abbreviations after which a full stop does not end a sentence.
const ABBREVIATIONS = new Set(
  'mr mrs ms dr prof sr jr st mt vs etc e.g i.e cf al fig figs no nos vol vols pp ed eds inc ltd co corp gen gov sen rep sgt capt col lt maj rev est approx dept univ jan feb mar apr jun jul aug sep sept oct nov dec u.s u.k u.n a.m p.m ph.d b.a m.a'.split(
    ' ',
  ),
);

/** Splits one prose paragraph into sentences; returns [start, end) pairs relative to the paragraph. */
export function splitSentences(paragraph: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const boundary = /[.!?…]+["'”’)\]]*(?=\s+["'“‘(\[]?[\p{Lu}\p{N}])|[.!?…]+["'”’)\]]*(?=\s*$)/gu;
  let start = 0;
  let m: RegExpExecArray | null;
  while ((m = boundary.exec(paragraph)) !== null) {
    const end = m.index + m[0].length;
    if (m[0].startsWith('.') && m[0].length === 1) {
      const before = paragraph.slice(start, m.index);
      const word = /([\p{L}.]+)$/u.exec(before)?.[1]?.toLowerCase() ?? '';
      // Initials ("J. R. R.") and known abbreviations do not end a sentence.
      if (ABBREVIATIONS.has(word) || /^\p{L}$/u.test(word) || /^(?:\p{L}\.)+\p{L}$/u.test(word)) continue;
    }
    out.push([start, end]);
    start = end;
    while (start < paragraph.length && /\s/.test(paragraph[start] ?? '')) start++;
  }
  if (start < paragraph.length && paragraph.slice(start).trim() !== '') out.push([start, paragraph.length]);
  return out
    .map(([s, e]): [number, number] => {
      let a = s;
      let b = e;
      while (a < b && /\s/.test(paragraph[a] ?? '')) a++;
      while (b > a && /\s/.test(paragraph[b - 1] ?? '')) b--;
      return [a, b];
    })
    .filter(([a, b]) => b > a);
}

/** Minimum words for a prose sentence to be scored; shorter ones are prose but carry no signal. */
const MIN_SENTENCE_WORDS = 3;

/** The heading of a reference list (English and the product's other Latin-script languages), with or without a colon or number. */
const REFERENCES_HEADING =
  /^(?:#{1,6}\s*)?(?:\d+(?:\.\d+)*\.?\s+)?(?:references?(?:\s+list)?|bibliography|works\s+cited|works\s+consulted|literature\s+cited|sources(?:\s+cited)?|citations|reference\s+list|bibliographie|références(?:\s+bibliographiques)?|literatur(?:verzeichnis)?|quellen(?:verzeichnis)?|bibliografía|bibliografia|referencias|referências|riferimenti(?:\s+bibliografici)?|referenties|literatuurlijst|kirjallisuus|lähteet|litteratur|kilder|kaynakça|kaynaklar|bibliografi|daftar\s+pustaka|βιβλιογραφία)\s*:?$/iu;

/**
 * Whether a line reads as one entry of a reference list: an author in "Family, I." form before a bracketed year (APA,
 * Harvard), a numbered "[12] …" entry, or "Family, Given." followed by a title and a publication year (MLA, Chicago),
 * or a line that carries a DOI or a URL with a year. Such lines are not prose and never qualify.
 */
export function looksLikeReference(line: string): boolean {
  const t = line.trim();
  // An entry is one line of modest length; a paragraph of prose is longer and is never taken for one.
  if (wordsIn(t) > 80) return false;
  const year = /\b(?:1[5-9]|20)\d{2}[a-z]?\b|\bn\.d\./;
  if (/^\[\d{1,3}\]\s+\S/.test(t) && year.test(t)) return true;
  if (/^\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+)?,\s(?:\p{Lu}\.\s?(?:-\s?\p{Lu}\.\s?)?){1,3}(?:,|&|and\b|\(|\.|$)/u.test(t) && /\((?:(?:1[5-9]|20)\d{2}[a-z]?|n\.d\.)[^)]{0,20}\)/.test(t)) return true;
  if (/^\p{Lu}[\p{L}'’-]+,\s\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}\.)?(?:,?\s(?:and|&)\s[^.]{2,60}|,\set\sal)?\.\s/u.test(t) && year.test(t) && !/\b(?:is|are|was|were|has|have|had)\b/.test(t.split('.')[0] ?? '')) return true;
  if (/\bdoi(?:\.org\/|:\s?)10\.\d{4,}|\bhttps?:\/\/\S+/i.test(t) && year.test(t) && wordsIn(t) <= 60) return true;
  return false;
}

/**
 * Cuts a text into segments: non-prose lines (lists, headings, code, tables) as one segment each, prose
 * paragraphs (which may be hard-wrapped over several lines) into sentences. Whitespace between segments is
 * not part of any segment.
 */
export function segmentText(text: string): Segment[] {
  const lines = splitLines(text);
  const segments: Segment[] = [];
  let paragraphIndex = 0;
  let inFence = false;
  // After a "References" (or "Bibliography", "Works Cited", …) heading every line is an entry, up to the next heading.
  let inReferences = false;
  let i = 0;
  const pushLine = (line: Line, kind: SegmentKind) => {
    const lead = line.text.length - line.text.trimStart().length;
    const body = line.text.trim();
    if (body === '') return;
    const start = line.start + lead;
    segments.push({ start, end: start + body.length, text: body, kind, words: wordsIn(body), qualifies: false, paragraph: -1 });
  };
  while (i < lines.length) {
    const line = lines[i] as Line;
    if (FENCE.test(line.text)) {
      inFence = !inFence;
      pushLine(line, 'code');
      i++;
      continue;
    }
    if (inFence) {
      pushLine(line, 'code');
      i++;
      continue;
    }
    if (line.text.trim() === '') {
      i++;
      continue;
    }
    // Collect the block: consecutive non-blank lines.
    let j = i;
    while (j < lines.length && (lines[j] as Line).text.trim() !== '' && !FENCE.test((lines[j] as Line).text)) j++;
    const block = lines.slice(i, j);
    let k = 0;
    while (k < block.length) {
      const current = block[k] as Line;
      const t = current.text.trim();
      if (REFERENCES_HEADING.test(t)) {
        pushLine(current, 'heading');
        inReferences = true;
        k++;
        continue;
      }
      if (/^#{1,6}\s/.test(t)) {
        pushLine(current, 'heading');
        inReferences = false;
        k++;
        continue;
      }
      // A short line standing alone (an "Appendix" heading) ends the list; the heading rule below reads it.
      const standaloneHeading = block.length === 1 && !TERMINAL.test(t) && wordsIn(t) <= 6 && !looksLikeReference(t);
      if (inReferences && !standaloneHeading) {
        pushLine(current, 'reference');
        k++;
        continue;
      }
      if (looksLikeReference(t)) {
        pushLine(current, 'reference');
        k++;
        continue;
      }
      if (LIST_MARK.test(current.text)) {
        pushLine(current, 'list');
        k++;
        // Continuation lines of a list item (indented) stay with the list.
        while (k < block.length && /^\s+\S/.test((block[k] as Line).text) && !LIST_MARK.test((block[k] as Line).text)) {
          pushLine(block[k] as Line, 'list');
          k++;
        }
        continue;
      }
      if (isTableLine(current.text)) {
        pushLine(current, 'table');
        k++;
        continue;
      }
      if (isCodeLine(current.text)) {
        pushLine(current, 'code');
        k++;
        continue;
      }
      const words = wordsIn(t);
      const isLastOfBlock = k === block.length - 1;
      // A short line without closing punctuation that stands alone or opens a block is a heading.
      if (!TERMINAL.test(t) && words <= 12 && (block.length === 1 || (k === 0 && !isLastOfBlock && opensParagraph(t, (block[k + 1] as Line).text)))) {
        pushLine(current, 'heading');
        inReferences = false;
        k++;
        continue;
      }
      // A prose paragraph: this line and following prose lines (hard-wrapped text).
      let e = k + 1;
      while (e < block.length) {
        const next = block[e] as Line;
        if (/^#{1,6}\s/.test(next.text.trim()) || LIST_MARK.test(next.text) || isTableLine(next.text) || isCodeLine(next.text) || looksLikeReference(next.text) || REFERENCES_HEADING.test(next.text.trim())) break;
        e++;
      }
      const first = block[k] as Line;
      const last = block[e - 1] as Line;
      const pStart = first.start;
      const pText = text.slice(pStart, last.end);
      for (const [a, b] of splitSentences(pText)) {
        const s = pText.slice(a, b);
        const w = wordsIn(s);
        const letters = (s.match(/\p{L}/gu) ?? []).length;
        const latin = (s.match(/\p{Script=Latin}/gu) ?? []).length;
        const visible = s.replace(/\s+/g, '').length;
        // The model knows English only: sentences in other scripts are shown but not scored.
        const qualifies = w >= MIN_SENTENCE_WORDS && letters / Math.max(1, visible) >= 0.6 && latin / Math.max(1, letters) >= 0.9;
        segments.push({ start: pStart + a, end: pStart + b, text: s, kind: 'prose', words: w, qualifies, paragraph: paragraphIndex });
      }
      paragraphIndex++;
      k = e;
    }
    i = j;
  }
  return segments;
}

/** Maps typographic variants to one form so that quotes, dashes and spacing carry no information. */
export function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[‘’‚‛′`´]/g, "'")
    .replace(/[“”„‟″«»]/g, '"')
    .replace(/\s*(?:[‐‒–—―]|--+)\s*/g, ' - ')
    .replace(/…/g, '...')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A token of the normalised text: a lower-cased word, `<num>`, or one punctuation mark. */
export interface Token {
  /** Lower-cased form (numbers become `<num>`). */
  w: string;
  /** Whether the token is a word (letters or a number) rather than punctuation. */
  word: boolean;
  /** Whether the original started with a capital letter. */
  cap: boolean;
}

const TOKEN = /\p{L}[\p{L}\p{M}]*(?:['\-.]\p{L}[\p{L}\p{M}]*)*(?:'s|')?|\p{N}+(?:[.,:/]\p{N}+)*%?|\.\.\.|[,.;:!?()"\-']/gu;

/** Tokenises a (normalised) sentence. */
export function tokenize(sentence: string): Token[] {
  const out: Token[] = [];
  for (const m of sentence.matchAll(TOKEN)) {
    const raw = m[0];
    const first = raw.charCodeAt(0);
    if (/\p{N}/u.test(raw[0] ?? '')) {
      out.push({ w: '<num>', word: true, cap: false });
    } else if (/\p{L}/u.test(raw[0] ?? '')) {
      const lower = raw.toLowerCase();
      out.push({ w: lower, word: true, cap: raw[0] !== lower[0] && first < 0x2000 });
    } else {
      out.push({ w: raw === '...' ? '...' : raw, word: false, cap: false });
    }
  }
  return out;
}

/**
 * The qualifying prose of a text as one string, the sentences joined by single spaces: what the transformer reads
 * (the same rule as the n-gram families: no headings, lists, code or tables), with its word count.
 */
export function proseOf(text: string): { text: string; words: number } {
  const qualifying = segmentText(text).filter((s) => s.qualifies);
  return { text: joinProse(qualifying), words: qualifying.reduce((n, s) => n + s.words, 0) };
}

/** Sentences joined as the transformer reads them: whitespace collapsed, one space between. */
export function joinProse(sentences: ReadonlyArray<Pick<Segment, 'text'>>): string {
  return sentences.map((s) => s.text.replace(/\s+/g, ' ').trim()).join(' ');
}
