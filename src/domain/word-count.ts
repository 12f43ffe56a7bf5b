/**
 * Counts words as the editor and the server both do (spec §5): each Han
 * character, kana and Hangul syllable block run counts as written, Latin,
 * Cyrillic, Greek, Arabic and other space-separated scripts count by words.
 * Numbers count as words; punctuation does not.
 */
export function countWords(text: string): number {
  let count = 0;
  // Han ideographs and kana are written without spaces: one character, one word.
  const dense = /[\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f]/gu;
  count += text.match(dense)?.length ?? 0;
  const rest = text.replace(dense, ' ');
  // Hangul is space-separated: count runs like other scripts.
  count += rest.match(/[\p{L}\p{N}\p{M}]+(?:['’\-.][\p{L}\p{N}\p{M}]+)*/gu)?.length ?? 0;
  return count;
}

/** Share of characters (ignoring spaces) that are Latin letters, digits or punctuation. */
export function latinShare(text: string): number {
  const chars = [...text.replace(/\s+/g, '')];
  if (chars.length === 0) return 1;
  const latin = chars.filter((c) => /[\p{Script=Latin}\p{N}\p{P}\p{S}]/u.test(c)).length;
  return latin / chars.length;
}

/** Spec §5: text must be at least 90% Latin letters, digits and punctuation. */
export function isMostlyEnglish(text: string): boolean {
  return latinShare(text) >= 0.9;
}

/**
 * What a tool's text may hold besides words (issue 29): a free account's 99,000 lines of "." counted 0 words, so no
 * word limit applied, and 199 "words" of 1,000 characters each passed as 199 words; each made a PDF of thousands of
 * pages. Prose and reference lists stay far inside: English averages about 6 characters a word with its space, a
 * reference list with DOIs and URLs about 9.
 */
export const proseBounds = { baseChars: 2_000, charsPerWord: 30 } as const;

export function readsAsProse(text: string, words = countWords(text)): boolean {
  return text.length <= proseBounds.baseChars + proseBounds.charsPerWord * words;
}
