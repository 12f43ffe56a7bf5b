import { readFileSync } from 'node:fs';
import { PLAIN_WORDS, type WordPos } from './phrases.ts';
import { THESAURUS, type SynonymRule } from './thesaurus.ts';

/** The distilled data file (see scripts/build-humanizer-data.ts), loaded once at first use. */
interface LexiconFile {
  syn: Record<WordPos, Record<string, string[]>>;
  /** The wider WordNet tier, used only where the fluency model agrees (lm.ts). */
  syn2: Record<WordPos, Record<string, string[]>>;
  verbForms: Record<string, string>;
  plurals: Record<string, string>;
  collocations: string[];
  common: string;
}

/** Where a synonym entry comes from: it decides how often the engine uses it. */
export type SynonymSource = 'plain' | 'thesaurus' | 'wordnet' | 'wide';

/** A word's alternatives and the conditions of their use. */
export interface SynonymEntry extends SynonymRule {
  source: SynonymSource;
}

/** Synonyms by part of speech, inflection tables, WordNet collocations and common words. */
export interface Lexicon {
  synonyms: Record<WordPos, Map<string, SynonymEntry>>;
  /** lemma → [VBZ, VBD, VBN, VBG] */
  verbForms: Map<string, string[]>;
  plurals: Map<string, string>;
  collocations: Set<string>;
  common: Set<string>;
}

let cached: Lexicon | undefined;

/** Loads the lexicon on first call (about 50 ms) and returns the same object afterwards. */
export function lexicon(): Lexicon {
  if (cached) return cached;
  const file = JSON.parse(readFileSync(new URL('./data/lexicon.json', import.meta.url), 'utf8')) as LexiconFile;
  const synonyms = {} as Record<WordPos, Map<string, SynonymEntry>>;
  for (const pos of ['n', 'v', 'a', 'r'] as const) {
    const map = new Map<string, SynonymEntry>();
    for (const [word, to] of Object.entries(file.syn2[pos])) map.set(word, { to, source: 'wide' });
    for (const [word, to] of Object.entries(file.syn[pos])) map.set(word, { to, source: 'wordnet' });
    // The reviewed thesaurus overrides WordNet's pairs, and the plain-English alternatives for the words chatbot
    // prose overuses come first of all.
    for (const [word, rule] of Object.entries(THESAURUS[pos])) map.set(word, { ...rule, source: 'thesaurus' });
    for (const [word, to] of Object.entries(PLAIN_WORDS[pos])) map.set(word, { to, source: 'plain' });
    synonyms[pos] = map;
  }
  cached = {
    synonyms,
    verbForms: new Map(Object.entries(file.verbForms).map(([k, v]) => [k, v.split('|')])),
    plurals: new Map(Object.entries(file.plurals)),
    collocations: new Set(file.collocations),
    common: new Set(file.common.split(' ')),
  };
  return cached;
}
