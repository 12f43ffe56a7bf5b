/**
 * The essay rewriter (order type 9): paraphrases a text in one of five offline
 * modes with a "how much to change" setting, never touching protected spans
 * (numbers, dates, names, quotations, citations, URLs, terms) or the words the
 * user froze. It shares the humanizer's language machinery (tokens, tagger,
 * thesaurus, phrase and structure rules, diff) through its public functions, and
 * adds each mode's own rules on top. Deterministic for (input, settings, seed).
 * See docs/decisions/0023-essay-rewriter-and-ai-writer.md.
 */
import { isLlmMode, type RewriteMode, type RewriteSegment, type RewriteStats, type RewriteView } from '../../../src/domain/rewriter.ts';
import { countWords } from '../../../src/domain/word-count.ts';
import { diffSegments, findProtectedSpans, frozenSpans, humanize, splitParagraphs, type Register } from '../humanizer/index.ts';
import { mulberry32 } from '../humanizer/rewrite.ts';
import { spanOccurrences } from '../humanizer/helpers.ts';
import { activeVoice, formalStructure, GAP, shortenStructure, splitLongSentence, THERE_ARE_RE } from './modes.ts';
import { DROP_OPENERS, FLUENT_OPENERS, FORMAL_OPENERS, SIMPLE_OPENERS, rulesFor, type Rule } from './rules.ts';

export interface RewriteOptions {
  mode: RewriteMode;
  /** 1–5 (src/domain/rewriter.ts rewriteStrength). */
  strength: number;
  frozen: readonly string[];
  seed?: number;
}

export interface RewriteResult {
  text: string;
  paragraphs: RewriteSegment[][];
  /** Every protected span and frozen word of the input; each is in `text` as often as in the input. */
  kept: string[];
  stats: RewriteStats;
}

/** Share of sentences the humanizer's machinery rewrites, by strength 1–5. */
const SENTENCE_SHARE = [0.2, 0.4, 0.65, 0.85, 1];
/** The modes whose own rules do most of the work use the humanizer on fewer sentences. */
const HUMANIZER_WEIGHT: Readonly<Record<RewriteMode, number>> = { standard: 1, fluent: 1, formal: 0.6, simple: 0.4, shorten: 0.15, expand: 0, creative: 0 };
const REGISTER: Readonly<Record<RewriteMode, Register | undefined>> = {
  standard: undefined,
  fluent: 'neutral',
  formal: 'formal',
  simple: 'neutral',
  shorten: 'formal',
  expand: undefined,
  creative: undefined,
};

const ABBREVIATION = /(?:^|\s)(?:mr|mrs|ms|dr|prof|st|jr|sr|vs|etc|inc|ltd|co|no|fig|approx|e\.g|i\.e|[a-z])\.$/i;

interface Span {
  start: number;
  end: number;
}

const inSpan = (spans: Span[], at: number) => spans.some((s) => at > s.start && at < s.end);

/** Sentence ranges of a paragraph, never inside a protected span. */
export function sentenceRanges(paragraph: string, spans: Span[]): Span[] {
  const ranges: Span[] = [];
  let start = 0;
  for (const m of paragraph.matchAll(/[.!?]+["”’)\]]*(\s+)(?=\S)/g)) {
    const end = m.index + m[0].length - m[1]!.length;
    if (inSpan(spans, m.index) || inSpan(spans, end)) continue;
    if (ABBREVIATION.test(paragraph.slice(Math.max(start, end - 8), end))) continue;
    ranges.push({ start, end });
    start = m.index + m[0].length;
  }
  if (start < paragraph.length) ranges.push({ start, end: paragraph.length });
  return ranges;
}

export const countSentences = (text: string): number =>
  splitParagraphs(text).reduce((n, p) => n + sentenceRanges(p, findProtectedSpans(p)).length, 0);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const withCaseOf = (model: string, text: string) => (text && /^\p{Lu}/u.test(model) ? text[0]!.toUpperCase() + text.slice(1) : text);
const capitalize = (text: string) => text.replace(/^(\s*)(\p{Ll})/u, (_, space: string, letter: string) => space + letter.toUpperCase());

// Masked text: every protected or frozen stretch becomes \uE000<n>\uE001, which no rule can match.
const MASK_OPEN = '\uE000';
const MASK_CLOSE = '\uE001';

function mask(text: string, spans: Span[]): { masked: string; parts: string[] } {
  const parts: string[] = [];
  let masked = '';
  let at = 0;
  for (const s of spans) {
    masked += text.slice(at, s.start) + MASK_OPEN + parts.length + MASK_CLOSE;
    parts.push(text.slice(s.start, s.end));
    at = s.end;
  }
  return { masked: masked + text.slice(at), parts };
}

const unmask = (masked: string, parts: string[]) => masked.replace(/\uE000(\d+)\uE001/g, (_, n: string) => parts[Number(n)]!);

function mergeSpans(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start < last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}

/** Every literal occurrence of the given strings in `text`. */
function literalSpans(text: string, needles: readonly string[]): Span[] {
  const out: Span[] = [];
  for (const needle of new Set(needles)) {
    if (!needle) continue;
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) out.push({ start: at, end: at + needle.length });
  }
  return out;
}

const compiled = new Map<readonly Rule[], Array<{ re: RegExp; to: string }>>();
function compile(rules: readonly Rule[]) {
  let list = compiled.get(rules);
  if (!list) {
    list = rules.map(([from, to]) => ({
      re: new RegExp(`(?<![\\p{L}\\p{N}'’\\uE001-])${escapeRegExp(from).replace(/'/g, "['’]").replace(/ /g, '\\s+')}(?![\\p{L}\\p{N}'’\\uE000-])`, 'giu'),
      to,
    }));
    compiled.set(rules, list);
  }
  return list;
}

const SENTENCE_START = `(^|[.!?]["”’)\\]]*\\s+)`;

/** Words may go unless they open a sentence whose next word is protected or frozen (its case must stay as written). */
function removable(whole: string, offset: number, found: string): boolean {
  const atStart = offset === 0 || /[.!?]["”’)\]]*\s+$/.test(whole.slice(Math.max(0, offset - 4), offset));
  return !(atStart && /^\s*\uE000/.test(whole.slice(offset + found.length)));
}

/** A dropped word never follows a negation: "not really effective" is not "not effective". */
const AFTER_NEGATION = /(?:\bnot|\bnever|n['’]t)\s+$/i;

/** The mode's own rules over a masked paragraph. */
function applyModeRules(masked: string, mode: RewriteMode, strength: number): string {
  let out = masked;
  for (const { re, to } of compile(rulesFor[mode])) {
    out = out.replace(re, (found: string, offset: number, whole: string) => {
      // "not very good" is not "not excellent": a replaced intensifier phrase stays after a negation.
      if (to && /^very\s/i.test(found) && AFTER_NEGATION.test(whole.slice(Math.max(0, offset - 8), offset))) return found;
      if (to) return withCaseOf(found, to);
      return removable(whole, offset, found) && !AFTER_NEGATION.test(whole.slice(Math.max(0, offset - 8), offset)) ? GAP : found;
    });
  }
  const openers: readonly Rule[] = mode === 'formal' ? FORMAL_OPENERS : mode === 'simple' ? SIMPLE_OPENERS : mode === 'fluent' ? FLUENT_OPENERS : [];
  for (const [from, to] of openers) out = out.replace(new RegExp(`${SENTENCE_START}${escapeRegExp(from)}(?=\\s)`, 'g'), (_, lead: string) => lead + to);
  if (mode === 'shorten') out = shortenStructure(out, strength, DROP_OPENERS);
  if (mode === 'fluent' && strength >= 3) {
    for (const opener of DROP_OPENERS) out = out.replace(new RegExp(`${SENTENCE_START}${escapeRegExp(opener)}(?=\\s+[^\\uE000\\s])`, 'g'), (_, lead: string) => lead + GAP);
  }
  if (mode === 'formal') out = formalStructure(out);
  out = tidy(out);
  if (mode === 'fluent') out = joinShortSentences(out);
  if (mode === 'simple') {
    out = out.replace(THERE_ARE_RE, (_, lead: string, quantifier: string, noun: string) => `${lead}${quantifier[0]!.toUpperCase()}${quantifier.slice(1)} ${noun} `);
    out = eachSentence(out, (s) => splitLongSentence(activeVoice(s), strength));
    for (const [from, to] of SIMPLE_OPENERS) out = out.replace(new RegExp(`${SENTENCE_START}${escapeRegExp(from)}(?=\\s)`, 'g'), (_, lead: string) => lead + to);
  }
  return noRepeatedOpeners(out);
}

const REPEATABLE_OPENER = /^(?:(?:Moreover|Furthermore|However|Therefore|Also|In addition|Additionally|Besides|Consequently|Nevertheless|Thus|Hence),|Yet|But|And)\s+/;

/** Two sentences in a row never open with the same connective ("Moreover, … Moreover, …"): the second one loses it. */
function noRepeatedOpeners(masked: string): string {
  let previous = '';
  return eachSentence(masked, (sentence) => {
    const opener = REPEATABLE_OPENER.exec(sentence)?.[0];
    const key = opener ? opener.trim().toLowerCase() : '';
    const repeated = key !== '' && key === previous;
    previous = key;
    if (!repeated) return sentence;
    const rest = sentence.slice(opener!.length);
    return rest.charAt(0).toUpperCase() + rest.slice(1);
  });
}

/** Closes the gaps: no double spaces, no space before punctuation, a capital where a sentence now starts. */
function tidy(text: string): string {
  let out = text.replace(new RegExp(`${SENTENCE_START}\\s*${GAP}[\\s,]*(\\p{Ll})`, 'gu'), (_, lead: string, letter: string) => lead + letter.toUpperCase());
  out = out.replace(new RegExp(`\\s*${GAP}\\s*`, 'g'), ' ').replace(/ {2,}/g, ' ').replace(/ ([,.;:!?])/g, '$1').replace(/,([,.])/g, '$1').replace(/^[\s,]+/, '').trim();
  return capitalize(out);
}

/** Applies `fn` to each sentence of a masked paragraph. */
function eachSentence(masked: string, fn: (sentence: string) => string): string {
  let out = '';
  let at = 0;
  for (const r of sentenceRanges(masked, [])) {
    out += masked.slice(at, r.start) + fn(masked.slice(r.start, r.end));
    at = r.end;
  }
  return out + masked.slice(at);
}

/** Fluent: two short statements in a row become one sentence. */
function joinShortSentences(masked: string): string {
  const ranges = sentenceRanges(masked, []);
  const sentences = ranges.map((r) => masked.slice(r.start, r.end));
  const out: string[] = [];
  for (let i = 0; i < sentences.length; i++) {
    const a = sentences[i]!;
    const b = sentences[i + 1];
    if (b && a.endsWith('.') && countWords(a) <= 10 && countWords(b) <= 10 && /^\p{Lu}\p{Ll}/u.test(b) && !/^I\b/.test(b)) {
      out.push(`${a.slice(0, -1)}, and ${b[0]!.toLowerCase()}${b.slice(1)}`);
      i++;
    } else if (b && a.endsWith('.') && /^This (?:is|was) /.test(b) && countWords(a) + countWords(b) <= 40) {
      // "… sleeping. This is harmful" reads on as "… sleeping, which is harmful".
      out.push(`${a.slice(0, -1)}, which ${b.slice(5)}`);
      i++;
    } else out.push(a);
  }
  return out.join(' ');
}

const frozenCount = (text: string, frozen: readonly string[]) => frozenSpans(text, frozen).length;

/** True when `out` keeps every protected string of `source` (as often) and every frozen word (as often). */
function keeps(source: string, out: string, protectedTexts: string[], frozen: readonly string[]): boolean {
  for (const text of new Set(protectedTexts)) if (spanOccurrences(out, text) < spanOccurrences(source, text)) return false;
  for (const word of frozen) if (frozenCount(out, [word]) < frozenCount(source, [word])) return false;
  return true;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Rewrites one paragraph offline. */
function rewriteParagraph(paragraph: string, index: number, options: RewriteOptions): { out: string; kept: string[] } {
  const strength = Math.min(5, Math.max(1, Math.round(options.strength)));
  const spans = mergeSpans([...findProtectedSpans(paragraph), ...frozenSpans(paragraph, options.frozen)]);
  const protectedTexts = findProtectedSpans(paragraph).map((s) => paragraph.slice(s.start, s.end));
  const kept = [...protectedTexts, ...frozenSpans(paragraph, options.frozen).map((s) => paragraph.slice(s.start, s.end))];
  const seed = (options.seed ?? 0) >>> 0;
  const rng = mulberry32(hash(paragraph) ^ Math.imul(seed + 1, 0x9e3779b1) ^ index);

  // 1. The humanizer's machinery on a share of the sentences (by strength and mode).
  // Exactly the share of sentences (rounded), spread by the seed: more strength never changes less.
  const ranges = sentenceRanges(paragraph, spans);
  const share = SENTENCE_SHARE[strength - 1]! * HUMANIZER_WEIGHT[options.mode];
  const order = ranges.map((_, i) => ({ i, r: rng() })).sort((a, b) => a.r - b.r);
  const picks = new Set(order.slice(0, Math.round(share * ranges.length)).map((o) => o.i));
  const chosen = ranges.map((_, i) => picks.has(i));
  let humanized = paragraph;
  if (chosen.some(Boolean)) {
    const picked = ranges.filter((_, i) => chosen[i]).map((r) => paragraph.slice(r.start, r.end));
    const result = humanize(picked.join('\n'), { ultra: strength === 5, seed: seed ^ index, frozen: options.frozen, register: REGISTER[options.mode] });
    const lines = result.text.split('\n');
    if (lines.length === picked.length) {
      let out = '';
      let at = 0;
      let k = 0;
      ranges.forEach((r, i) => {
        out += paragraph.slice(at, r.start) + (chosen[i] ? lines[k++]! : paragraph.slice(r.start, r.end));
        at = r.end;
      });
      humanized = out + paragraph.slice(at);
    }
  }
  if (!keeps(paragraph, humanized, protectedTexts, options.frozen)) humanized = paragraph;

  // 2. The mode's own rules, with every protected string and frozen word masked.
  const maskSpans = mergeSpans([...findProtectedSpans(humanized), ...frozenSpans(humanized, options.frozen), ...literalSpans(humanized, protectedTexts)]);
  const { masked, parts } = mask(humanized, maskSpans);
  let out: string;
  try {
    out = unmask(applyModeRules(masked, options.mode, strength), parts);
  } catch {
    out = humanized;
  }
  // The invariant is checked, not assumed.
  if (!keeps(paragraph, out, protectedTexts, options.frozen)) out = humanized;
  return { out, kept };
}

const wordsOf = (segments: RewriteSegment[]) => countWords(segments.filter((s) => !s.change).map((s) => s.text).join(''));

export function statsOf(source: string, text: string, paragraphs: RewriteSegment[][]): RewriteStats {
  const words = countWords(source);
  const unchanged = paragraphs.reduce((n, p) => n + wordsOf(p), 0);
  return {
    words,
    outputWords: countWords(text),
    changedShare: words === 0 ? 0 : Math.min(1, Math.max(0, 1 - unchanged / words)),
    sentences: countSentences(source),
    outputSentences: countSentences(text),
  };
}

/** Rewrites `input` (paragraphs separated by newlines) in an offline mode. */
export function rewrite(input: string, options: RewriteOptions): RewriteResult {
  if (isLlmMode(options.mode)) throw new Error(`mode ${options.mode} needs the LLM backend`);
  const paragraphs = splitParagraphs(input);
  const kept: string[] = [];
  const outputs: string[] = [];
  const segments: RewriteSegment[][] = [];
  paragraphs.forEach((paragraph, index) => {
    const result = rewriteParagraph(paragraph, index, options);
    kept.push(...result.kept);
    outputs.push(result.out);
    segments.push(diffSegments(paragraph, result.out));
  });
  const text = outputs.join('\n');
  return { text, paragraphs: segments, kept, stats: statsOf(paragraphs.join('\n'), text, segments) };
}

/** The stored view of a run. */
export function rewriteView(result: RewriteResult, options: RewriteOptions, backend: RewriteView['backend']): RewriteView {
  return { mode: options.mode, strength: options.strength, frozen: [...options.frozen], backend, paragraphs: result.paragraphs, stats: result.stats };
}
