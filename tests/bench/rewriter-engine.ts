/**
 * Essay rewriter figures per mode and strength: words/s, share of words changed, output length, mean sentence
 * length, contractions and long words per 100 words (formality), and whether every protected span and frozen
 * word was kept (issue 15: must be 100%). Texts: the machine-written texts of ../shared/datasets/detector (an
 * even sample of 300), or the humanizer's committed bench sample when the dataset is absent. Each text freezes
 * its two longest lower-case words.
 *
 *   ./node_modules/.bin/node tests/bench/rewriter-engine.ts
 *   REWRITER_BENCH_CORPUS=essays ./node_modules/.bin/node tests/bench/rewriter-engine.ts   (machine essays of
 *     ../shared/datasets/essays: the prose students bring to the rewriter)
 *
 * Contractions count only real ones (n't, 're, 've, 'll, 'd, 'm, and 's after a pronoun or "that/there/here/what"),
 * not possessives. With link-parser installed (apt-get install link-grammar), the share of the first 150 output
 * sentences at strength 5 that get a full link-grammar parse (grammar must not get worse than the input's).
 *
 * Prints figures; never fails on time.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { findProtectedSpans, frozenSpans, splitParagraphs } from '../../server/engines/humanizer/index.ts';
import { tagSentence } from '../../server/engines/humanizer/tagger.ts';
import { splitSentences, tokenize, findProtectedSpans as spansForTokens } from '../../server/engines/humanizer/tokens.ts';
import { countSentences, rewrite } from '../../server/engines/rewriter/index.ts';
import { offlineRewriteModes } from '../../src/domain/rewriter.ts';
import { heldOutMachineEssays, loadEssays } from './essays.ts';
import { loadDetectorTexts } from './humanizer-engine.ts';
import { linkGrammarRate } from './humanizer-essays.ts';

const CONTRACTION = /\b(?:\w+n['’]t|\w+['’](?:re|ve|ll|d|m)|(?:it|that|there|here|what|who|he|she|where|how|let)['’]s)\b/gi;
const contractionsIn = (text: string) => (text.match(CONTRACTION) ?? []).length;
/** The first `n` sentences of texts (for the link-grammar judge). */
function sentencesOf(texts: string[], n: number): string[] {
  const out: string[] = [];
  for (const t of texts) {
    for (const p of splitParagraphs(t)) for (const s of splitSentences(tokenize(p, spansForTokens(p)))) out.push(s.map((x) => x.text + x.space).join('').trim());
    if (out.length >= n) break;
  }
  return out.slice(0, n);
}

const words = (text: string) => text.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? [];
const occurrences = (text: string, needle: string) => text.split(needle).length - 1;

/**
 * Heylighen and Dewaele's formality score (1999): F = (noun + adjective + preposition + article − pronoun − verb −
 * adverb − interjection + 100) / 2, each the share (%) of the words tagged so by the humanizer's tagger. Higher is
 * more formal (nouns and prepositions carry formal prose; pronouns, verbs and adverbs carry talk). As counts: the
 * sums over many texts, then the score.
 */
export function formalityCounts(text: string): { words: number; formal: number; deictic: number } {
  let words = 0;
  let formal = 0;
  let deictic = 0;
  for (const paragraph of splitParagraphs(text)) {
    for (const sentence of splitSentences(tokenize(paragraph, spansForTokens(paragraph)))) {
      tagSentence(sentence);
      for (const t of sentence) {
        if (!/[\p{L}\p{N}]/u.test(t.text)) continue;
        words++;
        const tag = t.tag;
        if (/^NN/.test(tag) || /^JJ/.test(tag) || tag === 'IN' || (tag === 'DT' && /^(?:a|an|the)$/i.test(t.text))) formal++;
        else if (/^(?:PRP|WP)/.test(tag) || /^VB/.test(tag) || tag === 'MD' || /^(?:RB|WRB)/.test(tag) || tag === 'UH') deictic++;
      }
    }
  }
  return { words, formal, deictic };
}
const formalityOf = (c: { words: number; formal: number; deictic: number }) => (c.words === 0 ? 0 : ((100 * (c.formal - c.deictic)) / c.words + 100) / 2);

export async function rewriterEngineFigures(limit = 300): Promise<string[]> {
  const essays = process.env.REWRITER_BENCH_CORPUS === 'essays' ? heldOutMachineEssays(loadEssays() ?? []) : undefined;
  const data = essays?.length ? undefined : loadDetectorTexts();
  const all = essays?.length
    ? essays.map((e) => e.text)
    : data
      ? data.machine.map((m) => m.text)
      : splitParagraphs(readFileSync(new URL('../../server/engines/humanizer/data/bench-sample.txt', import.meta.url), 'utf8'));
  const step = Math.max(1, Math.floor(all.length / limit));
  const texts = all.filter((_, i) => i % step === 0).slice(0, limit);
  const frozenOf = (text: string) => [...new Set(words(text).filter((w) => /^\p{Ll}{6,}$/u.test(w)))].sort((a, b) => b.length - a.length).slice(0, 2);
  const totalWords = texts.reduce((n, t) => n + words(t).length, 0);
  const corpus = essays?.length ? `${texts.length} machine essays of ../shared/datasets/essays (held-out prompts)` : data ? `${texts.length} machine texts of ../shared/datasets/detector` : 'dataset absent: committed sample';
  const lines = [`**Essay rewriter** (${corpus}, ${totalWords} words; one process, this machine)`];
  const base = { sentenceWords: totalWords / texts.reduce((n, t) => n + countSentences(t), 0) };
  const per100 = (count: number, n: number) => ((100 * count) / n).toFixed(2);
  const inputContractions = texts.reduce((n, t) => n + contractionsIn(t), 0);
  const inputLong = texts.reduce((n, t) => n + words(t).filter((w) => w.length >= 9).length, 0);
  const sum = (cs: { words: number; formal: number; deictic: number }[]) => cs.reduce((a, c) => ({ words: a.words + c.words, formal: a.formal + c.formal, deictic: a.deictic + c.deictic }), { words: 0, formal: 0, deictic: 0 });
  const inputFormality = formalityOf(sum(texts.map(formalityCounts)));
  const grammar = (outs: string[]) => (process.env.REWRITER_BENCH_GRAMMAR === '0' ? undefined : linkGrammarRate(sentencesOf(outs, 150)));
  const inputGrammar = grammar(texts);
  const pct = (x: number | undefined) => (x === undefined ? '–' : `${(100 * x).toFixed(1)}%`);
  lines.push(`input: ${base.sentenceWords.toFixed(1)} words/sentence, contractions ${per100(inputContractions, totalWords)}/100 words, long words (9+ letters) ${per100(inputLong, totalWords)}/100 words, formality F ${inputFormality.toFixed(1)}, full link-grammar parse ${inputGrammar === undefined ? 'n/a (link-parser not installed)' : pct(inputGrammar)} of the first 150 sentences`);
  lines.push('| mode | strength | words/s | changed | length out/in | words/sentence | contractions/100w | long words/100w | formality F | link-grammar parse | spans + frozen kept |');
  lines.push('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const mode of offlineRewriteModes) {
    for (const strength of [1, 3, 5]) {
      let changed = 0;
      let outWords = 0;
      let outSentences = 0;
      let contractions = 0;
      let long = 0;
      let required = 0;
      let kept = 0;
      const started = performance.now();
      const outputs = texts.map((text, i) => rewrite(text, { mode, strength, frozen: frozenOf(text), seed: i }));
      const seconds = (performance.now() - started) / 1000;
      outputs.forEach((result, i) => {
        const source = texts[i]!;
        changed += result.stats.changedShare * result.stats.words;
        outWords += words(result.text).length;
        outSentences += countSentences(result.text);
        contractions += contractionsIn(result.text);
        long += words(result.text).filter((w) => w.length >= 9).length;
        // Per paragraph, as the engine promises: each paragraph's spans are in that paragraph's output.
        const outParagraphs = result.text.split('\n');
        splitParagraphs(source).forEach((p, k) => {
          for (const s of findProtectedSpans(p)) {
            const span = p.slice(s.start, s.end);
            required++;
            if (occurrences(outParagraphs[k] ?? '', span) >= occurrences(p, span)) kept++;
          }
        });
        for (const word of frozenOf(source)) {
          required++;
          if (frozenSpans(result.text, [word]).length >= frozenSpans(source, [word]).length) kept++;
        }
      });
      const formality = formalityOf(sum(outputs.map((r) => formalityCounts(r.text))));
      const parse = strength === 5 && inputGrammar !== undefined ? grammar(outputs.map((r) => r.text)) : undefined;
      lines.push(
        `| ${mode} | ${strength} | ${Math.round(totalWords / seconds)} | ${((100 * changed) / totalWords).toFixed(1)}% | ${(outWords / totalWords).toFixed(3)} | ${(outWords / outSentences).toFixed(1)} | ${per100(contractions, outWords)} | ${per100(long, outWords)} | ${formality.toFixed(1)} | ${pct(parse)} | ${required === 0 ? 'n/a' : `${((100 * kept) / required).toFixed(2)}% of ${required}`} |`,
      );
    }
  }
  return lines;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) for (const line of await rewriterEngineFigures(Number(process.env.REWRITER_BENCH_TEXTS ?? 300))) console.log(line);
