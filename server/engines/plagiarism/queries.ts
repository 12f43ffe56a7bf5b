/**
 * Search queries for source retrieval (issue 28), the way the PAN "source retrieval" task builds them: the checked
 * text in equal stretches, from each stretch its most distinctive sentence, and from that sentence its most
 * distinctive words in their order. A copied passage shares its rare words with its source, so a search engine that
 * ranks by them brings the source back; common words would bring anything. A bounded number per 1,000 words keeps a
 * check's cost (and the providers' rate limits) predictable.
 */
import { sentences, tokenize, type Token } from './text.ts';

export interface SearchQuery {
  /** The words to send, in the order the text has them. */
  terms: string[];
  /** Where the sentence the query comes from sits in the checked text. */
  start: number;
  end: number;
}

export const queryLimits = { perThousandWords: 4, max: 12, terms: 8, minSentenceWords: 8 } as const;

/** How much a word tells a text apart: long words, names and numbers much; function words nothing. */
function weight(text: string, token: Token, atSentenceStart: boolean): number {
  if (token.stop) return 0;
  const word = text.slice(token.start, token.end);
  if (word.length < 3) return 0;
  let w = Math.min(word.length, 12) / 4;
  if (/\d/.test(word)) w += 1;
  if (!atSentenceStart && /^\p{Lu}/u.test(word)) w += 1.5;
  return w;
}

export function searchQueries(text: string, limits: Partial<typeof queryLimits> = {}): SearchQuery[] {
  const { perThousandWords, max, terms, minSentenceWords } = { ...queryLimits, ...limits };
  const tokens = tokenize(text);
  if (tokens.length === 0) return [];
  const count = Math.max(1, Math.min(max, Math.round((tokens.length / 1000) * perThousandWords)));
  const candidates = sentences(text, tokens)
    .filter((s) => s.last - s.first >= minSentenceWords)
    .map((s) => {
      const scored = tokens.slice(s.first, s.last).map((token, i) => ({ token, w: weight(text, token, i === 0) }));
      // Mean weight over the sentence's words, so a long sentence does not win by length alone.
      return { ...s, scored, score: scored.reduce((sum, x) => sum + x.w, 0) / Math.sqrt(scored.length) };
    });
  if (candidates.length === 0) return [];
  // Equal stretches of the text by word: the best sentence of each, so the queries cover the whole text.
  const stretch = tokens.length / count;
  const chosen = new Set<(typeof candidates)[number]>();
  for (let k = 0; k < count; k++) {
    const inStretch = candidates.filter((c) => c.first >= k * stretch && c.first < (k + 1) * stretch && !chosen.has(c));
    const best = inStretch.sort((a, b) => b.score - a.score)[0];
    if (best) chosen.add(best);
  }
  const seen = new Set<string>();
  const out: SearchQuery[] = [];
  for (const sentence of [...chosen].sort((a, b) => a.first - b.first)) {
    const top = new Set(
      sentence.scored
        .filter((x) => x.w > 0)
        .map((x, i) => ({ ...x, i }))
        .sort((a, b) => b.w - a.w || a.i - b.i)
        .slice(0, terms)
        .map((x) => x.token),
    );
    const words: string[] = [];
    for (const { token } of sentence.scored) {
      const word = text.slice(token.start, token.end);
      if (top.has(token) && !words.some((w) => w.toLowerCase() === word.toLowerCase())) words.push(word);
    }
    const key = words.join(' ').toLowerCase();
    if (words.length < 3 || seen.has(key)) continue;
    seen.add(key);
    out.push({ terms: words, start: tokens[sentence.first]!.start, end: tokens[sentence.last - 1]!.end });
  }
  return out;
}
