/**
 * The offline humanizer: rewrites machine-sounding English so it reads as written by a person, without
 * touching protected spans (numbers, dates, names, quotations, citations, URLs, technical terms).
 * Pure TypeScript, no network, deterministic for (input, seed). See docs/decisions/0010-humanizer-engine.md.
 */
import { diffSegments, type ChangeKind, type Segment } from './diff.ts';
import { mergePass, mulberry32, rewriteSentence, type Settings } from './rewrite.ts';
import { tagSentence } from './tagger.ts';
import { endsInverted } from './structure.ts';
import { findProtectedSpans as findSpans, splitSentences, tokenize, type ProtectedSpan, type Token } from './tokens.ts';
import { spanOccurrences } from './helpers.ts';

export type { ChangeKind, Segment };
export { diffSegments };

/**
 * Options of one run: Ultra rewrites more (more structure, two passes); the seed picks among alternatives. The
 * essay rewriter reuses the engine through the other options: how much to change, the register, frozen words.
 */
export interface HumanizeOptions {
  ultra?: boolean;
  seed?: number;
  /** How much to change, 0..1 (default 1, the mode's full rate); 0 returns the text unchanged. */
  strength?: number;
  /** The register to write in; by default it is read from the text (the essay rewriter's Formal mode asks for 'formal'). */
  register?: Register;
  /** Words or phrases kept verbatim like protected spans (the essay rewriter's frozen words); whole words, any case. */
  frozen?: readonly string[];
}

/** The rewrite, paragraph by paragraph with its change marks, and the protected spans of the input. */
export interface HumanizeResult {
  /** The plain output; paragraphs joined with '\n'. */
  text: string;
  /** One entry per input paragraph, same order; the segment texts of an entry concatenate to that output paragraph. */
  paragraphs: Segment[][];
  /** The protected spans found in the input; each appears verbatim in `text`. */
  protectedSpans: string[];
}

// The spans of the last paragraphs seen: callers check a rewrite against the same paragraphs right after
// humanizing them (the LLM backend, the invariant test), and the span search is one of the slower steps.
const recentSpans = new Map<string, ProtectedSpan[]>();

function spansOf(paragraph: string): ProtectedSpan[] {
  let spans = recentSpans.get(paragraph);
  if (!spans) {
    spans = findSpans(paragraph);
    if (recentSpans.size >= 256) recentSpans.delete(recentSpans.keys().next().value!);
    recentSpans.set(paragraph, spans);
  }
  return spans;
}

/** Protected spans of a text, by character offsets (quotations and names never cross a line break). */
export function findProtectedSpans(text: string): Array<{ start: number; end: number; kind: string }> {
  return spansOf(text).map((s) => ({ ...s }));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The spans of `frozen` words or phrases in `text` (whole words, any case), by character offsets. */
export function frozenSpans(text: string, frozen: readonly string[]): ProtectedSpan[] {
  const found: ProtectedSpan[] = [];
  for (const term of frozen) {
    const trimmed = term.trim();
    if (!trimmed) continue;
    const re = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(trimmed)}(?![\\p{L}\\p{N}])`, 'giu');
    for (const m of text.matchAll(re)) found.push({ start: m.index, end: m.index + m[0].length, kind: 'term' });
  }
  return found;
}

/** Protected spans plus extra ones, sorted and merged where they overlap (a new list; the cache is never changed). */
function withExtraSpans(spans: ProtectedSpan[], extra: ProtectedSpan[]): ProtectedSpan[] {
  if (extra.length === 0) return spans;
  const all = [...spans, ...extra].sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: ProtectedSpan[] = [];
  for (const s of all) {
    const last = merged[merged.length - 1];
    if (last && s.start < last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ ...s });
  }
  return merged;
}

/**
 * Input paragraphs: the non-blank lines of the input, trimmed. Blank lines are dropped, so
 * "a\n\n\nb" has two paragraphs and the output joins them with a single '\n'.
 */
export function splitParagraphs(input: string): string[] {
  return input
    .split(/\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/** The register of a text: it decides contractions and informal alternatives. */
export type Register = 'formal' | 'neutral' | 'casual';

/**
 * The register of the whole input decides contractions: none in formal prose (citations, or long words with no
 * first/second person and no contractions), some in neutral prose, most where the writer already talks to the
 * reader.
 */
export function detectRegister(paragraphs: string[], spans: ProtectedSpan[][]): Register {
  const text = paragraphs.join(' ');
  const words = text.match(/[\p{L}]+(?:['’][\p{L}]+)*/gu) ?? [];
  if (words.length === 0) return 'neutral';
  let personal = 0;
  let contracted = 0;
  let letters = 0;
  for (const w of words) {
    letters += w.length;
    if (/^(?:i|me|my|you|your|yours|yeah|okay|ok|hey|gonna|wanna)$/i.test(w)) personal++;
    if (/['’](?:s|t|re|ve|ll|d|m)$/i.test(w) && !/^\p{Lu}\p{Ll}+['’]s$/u.test(w)) contracted++;
  }
  const citations = spans.some((list) => list.some((s) => s.kind === 'citation'));
  const meanLength = letters / words.length;
  if (citations || (meanLength >= 5.2 && contracted === 0 && personal / words.length < 0.005)) return 'formal';
  if (personal / words.length >= 0.02 || contracted / words.length >= 0.01 || spans.some((list) => list.some((s) => s.kind === 'quote'))) return 'casual';
  return 'neutral';
}

function settingsFor(register: Register, ultra: boolean, strength: number): Settings {
  const contractions = register === 'formal' ? 0 : register === 'casual' ? (ultra ? 1 : 0.85) : ultra ? 0.8 : 0.5;
  return { ultra, contractions: contractions * strength, casual: register === 'casual', pass: 0, strength };
}

/** Ultra's passes: each later pass rewrites what the earlier ones left (see rewriteParagraph). */
const ULTRA_PASSES = 2;

/** The settings for the next sentence of `written`: no said-inversion right after one ("…, some people argue."). */
function after(written: readonly Token[][], settings: Settings): Settings {
  const previous = written[written.length - 1];
  return previous && endsInverted(previous) ? { ...settings, noInversion: true } : settings;
}

/** Rewrites one paragraph: one pass, or for Ultra further passes over the previous pass's sentences. */
function rewriteParagraph(paragraph: string, spans: ProtectedSpan[], settings: Settings, seed: number): string {
  const rng = mulberry32(seed);
  let sentences: Token[][] = [];
  for (const sentence of splitSentences(tokenize(paragraph, spans))) {
    tagSentence(sentence);
    sentences.push(...rewriteSentence(sentence, after(sentences, settings), rng));
  }
  sentences = mergePass(sentences, settings, rng);
  for (let pass = 1; settings.ultra && pass < ULTRA_PASSES; pass++) {
    // A later pass works on the previous pass's tokens and tags: protected spans stay single tokens, words an
    // earlier pass wrote are never rewritten (no drift from synonym to synonym) and moved words stay put.
    const again = { ...settings, pass };
    const next: Token[][] = [];
    for (const sentence of sentences) next.push(...rewriteSentence(sentence, after(next, again), rng));
    sentences = mergePass(next, again, rng);
  }
  let out = '';
  for (const sentence of sentences) for (const t of sentence) out += t.text + t.space;
  return out.trimEnd();
}

/** True when every protected string occurs in `output` at least as often as in the input paragraph. */
function keepsSpans(input: string, output: string, protectedTexts: string[]): boolean {
  const counts = new Map<string, number>();
  for (const p of protectedTexts) counts.set(p, (counts.get(p) ?? 0) + 1);
  for (const [p] of counts) if (spanOccurrences(output, p) < spanOccurrences(input, p)) return false;
  return true;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Rewrites `input` (plain text, paragraphs separated by newlines). Deterministic for (input, options.seed). */
export function humanize(input: string, options: HumanizeOptions = {}): HumanizeResult {
  const ultra = options.ultra === true;
  const seed = (options.seed ?? 0) >>> 0;
  const paragraphs = splitParagraphs(input);
  const frozen = options.frozen ?? [];
  const spans = paragraphs.map((p) => withExtraSpans(spansOf(p), frozenSpans(p, frozen)));
  const strength = Math.min(1, Math.max(0, options.strength ?? 1));
  const settings = settingsFor(options.register ?? detectRegister(paragraphs, spans), ultra, strength);
  const protectedSpans: string[] = [];
  const outputs: string[] = [];
  const segments: Segment[][] = [];
  paragraphs.forEach((paragraph, index) => {
    const texts = spans[index]!.map((s) => paragraph.slice(s.start, s.end));
    protectedSpans.push(...texts);
    const paragraphSeed = hash(paragraph) ^ Math.imul(seed + 1, 0x9e3779b1) ^ index;
    let out: string;
    try {
      out = rewriteParagraph(paragraph, spans[index]!, settings, paragraphSeed);
    } catch {
      // A rule that trips on an odd paragraph must not fail a paid run: that paragraph stays as written.
      out = paragraph;
    }
    // The invariant is checked, not assumed: a paragraph that lost a protected span is returned unchanged.
    if (!keepsSpans(paragraph, out, texts)) out = paragraph;
    outputs.push(out);
    segments.push(diffSegments(paragraph, out));
  });
  return { text: outputs.join('\n'), paragraphs: segments, protectedSpans };
}
