import { createRequire } from 'node:module';
import type { SpanKind, Token } from './tokens.ts';

interface WinkToken {
  value: string;
  pos: string;
  lemma?: string;
}
interface WinkTagger {
  tagRawTokens(tokens: string[]): WinkToken[];
}

let tagger: WinkTagger | undefined;

/** wink-pos-tagger (MIT; Penn Treebank tags, bundled lexicon and rules), created once at first use. */
function winkTagger(): WinkTagger {
  if (!tagger) {
    const require = createRequire(import.meta.url);
    tagger = (require('wink-pos-tagger') as () => WinkTagger)();
  }
  return tagger;
}

// What the tagger sees in place of a protected span, and the tag the span keeps.
const PROXY: Record<SpanKind, [string, string]> = {
  url: ['website', 'NN'],
  email: ['address', 'NN'],
  code: ['code', 'NN'],
  quote: ['it', 'QT'],
  citation: [',', 'CIT'],
  date: ['Monday', 'NNP'],
  number: ['5', 'CD'],
  term: ['Smith', 'NNP'],
  name: ['Smith', 'NNP'],
};

const CLITIC = /^(.+?)(n['’]t|['’](?:s|re|ve|ll|d|m))$/i;

// Tags of recently seen sentences: re-humanizing a text (another seed, or Ultra after normal) tags the same
// sentences again, and tagging is the slowest step. The tagger is deterministic, so a cached answer is the same.
const recent = new Map<string, Array<[string, string]>>();
const RECENT_MAX = 1024;

/** Tags a sentence in place (Penn Treebank tags and lemmas); a word with a clitic takes its first part's tag. */
export function tagSentence(tokens: Token[]): void {
  const key = tokens.map((t) => (t.prot ? `\u0001${t.prot}\u0001${t.text}` : t.text)).join('\u0000');
  const known = recent.get(key);
  if (known) {
    for (let i = 0; i < tokens.length; i++) {
      tokens[i]!.tag = known[i]![0];
      tokens[i]!.lemma = known[i]![1];
    }
    return;
  }
  tagFresh(tokens);
  if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!);
  recent.set(
    key,
    tokens.map((t) => [t.tag, t.lemma]),
  );
}

function tagFresh(tokens: Token[]): void {
  const raw: string[] = [];
  const owner: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.prot) {
      raw.push(PROXY[t.prot][0]);
      owner.push(i);
      continue;
    }
    const m = t.text.length > 2 ? CLITIC.exec(t.text) : null;
    if (m) {
      raw.push(m[1]!.replace('’', "'"), m[2]!.replace('’', "'").toLowerCase());
      owner.push(i, -1);
    } else {
      raw.push(t.text.replace('’', "'"));
      owner.push(i);
    }
  }
  const tagged = winkTagger().tagRawTokens(raw);
  for (let k = 0; k < tagged.length; k++) {
    const i = owner[k]!;
    if (i < 0) continue;
    const t = tokens[i]!;
    const w = tagged[k]!;
    if (t.prot) {
      t.tag = PROXY[t.prot][1];
      t.lemma = t.text;
    } else {
      t.tag = w.pos;
      t.lemma = (w.lemma ?? w.value).toLowerCase();
    }
  }
}
