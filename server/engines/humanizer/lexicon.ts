import { readFileSync } from 'node:fs';
import { PLAIN_WORDS, type WordPos } from './phrases.ts';

/** The distilled data file (see scripts/build-humanizer-data.ts), loaded once at first use. */
interface LexiconFile {
  syn: Record<WordPos, Record<string, string[]>>;
  verbForms: Record<string, string>;
  plurals: Record<string, string>;
  collocations: string[];
  common: string;
}

/** Synonyms by part of speech, inflection tables, WordNet collocations and common words. */
export interface Lexicon {
  synonyms: Record<WordPos, Map<string, string[]>>;
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
  const synonyms = {} as Record<WordPos, Map<string, string[]>>;
  for (const pos of ['n', 'v', 'a', 'r'] as const) {
    synonyms[pos] = new Map(Object.entries(file.syn[pos]));
    // The hand-written plain-English alternatives come first: they are the words chatbot prose overuses.
    for (const [word, targets] of Object.entries(PLAIN_WORDS[pos])) synonyms[pos].set(word, targets);
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
