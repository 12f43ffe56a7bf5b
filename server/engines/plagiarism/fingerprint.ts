/**
 * Winnowed word k-gram fingerprints (Schleimer, Wilkerson and Aiken, SIGMOD 2003)
 * over content-word stems: function words are dropped first, so "the effects of
 * climate" and "effects of the climate" share their fingerprint, and a light edit
 * of a function word breaks nothing. Any run of `k + w - 1` shared content words
 * is guaranteed to share at least one fingerprint.
 */
import { tokenize, type Token } from './text.ts';

/** Words per k-gram and k-grams per winnowing window. */
export const fingerprintParams = { k: 3, w: 4 } as const;

/** 32-bit FNV-1a, as a signed integer (a PostgreSQL `integer`). */
export function hash32(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

/** The hash of every content-word k-gram, in text order. */
export function kgramHashes(tokens: readonly Token[], k: number = fingerprintParams.k): number[] {
  const words = tokens.filter((t) => !t.stop && t.stem.length > 1).map((t) => t.stem);
  const out: number[] = [];
  for (let i = 0; i + k <= words.length; i++) out.push(hash32(words.slice(i, i + k).join(' ')));
  return out;
}

/** Winnowing: the smallest hash of each window of `w` k-grams (the rightmost on ties), each once. */
export function winnow(hashes: readonly number[], w: number = fingerprintParams.w): number[] {
  if (hashes.length === 0) return [];
  if (hashes.length <= w) return [Math.min(...hashes)];
  const picked = new Set<number>();
  let minAt = -1;
  for (let end = w - 1; end < hashes.length; end++) {
    const start = end - w + 1;
    if (minAt < start) {
      minAt = start;
      for (let i = start + 1; i <= end; i++) if (hashes[i]! <= hashes[minAt]!) minAt = i;
    } else if (hashes[end]! <= hashes[minAt]!) {
      minAt = end;
    }
    picked.add(hashes[minAt]!);
  }
  return [...picked];
}

/** The fingerprints a document is indexed under. */
export function documentFingerprints(text: string): number[] {
  return winnow(kgramHashes(tokenize(text)));
}

/** The hashes a query looks up: every k-gram, so any fingerprint the index picked is met. */
export function queryHashes(text: string): number[] {
  return [...new Set(kgramHashes(tokenize(text)))];
}
