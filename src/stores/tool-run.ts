/**
 * Pieces every tool run shares (spec §4, §5, §8): the checks before a paid
 * run, polling until a result is in, the debounced price tip, and the error
 * line with its "unlock more words" link. No DOM: the islands render these.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { wordLimitFor } from '../domain/plans.ts';
import { countWords, isMostlyEnglish } from '../domain/word-count.ts';
import type { AreaT } from './tool-source.ts';

/** A problem to show beside the run buttons; `unlock` also shows the "Unlock more words" link. */
export interface RunError {
  message: string;
  unlock: boolean;
}

/** Spec §5 checks on the text before a paid run: the plan's word limit, then English. */
export function textProblem(text: string, level: number, t: AreaT<'messages.'>): RunError | undefined {
  const limit = wordLimitFor(level);
  if (countWords(text) > limit) return { message: t('messages.unlockMoreWords', { limit }), unlock: true };
  if (!isMostlyEnglish(text)) return { message: t('messages.onlyEnglishError'), unlock: false };
  return undefined;
}

/** Spec §4: asks every `intervalMs` until the answer carries `data`. */
export async function pollUntilData<T extends { data: unknown }>(fetchOnce: () => Promise<T>, intervalMs: number, sleep: (ms: number) => Promise<void>): Promise<T> {
  for (;;) {
    const answer = await fetchOnce();
    if (answer.data) return answer;
    await sleep(intervalMs);
  }
}

/** Waits `ms` milliseconds (the poll interval between two asks). */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The message of a failed call, for an inline error line. */
export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Milliseconds the price tip waits for typing to pause. */
export const quoteDebounceMs = 400;

/**
 * The price tip under a tool (spec §4: once text is present the quote is
 * refreshed): debounced, the last request wins, the sample is never priced,
 * and a failed quote shows beneath the editor (spec §8).
 */
export function createQuote(options: {
  text: () => string;
  isSample: () => boolean;
  sampleLabel: () => string;
  fetch: (signal: AbortSignal) => Promise<string>;
  showError: (message: string | undefined) => void;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
}): { $price: ReadableAtom<string>; refresh: () => void } {
  const $price = atom('');
  let timer: unknown;
  let abort: AbortController | undefined;
  function refresh() {
    options.clearTimeout(timer);
    abort?.abort();
    options.showError(undefined);
    if (!options.text().trim()) return $price.set('');
    if (options.isSample()) return $price.set(options.sampleLabel());
    timer = options.setTimeout(async () => {
      const current = new AbortController();
      abort = current;
      try {
        const price = await options.fetch(current.signal);
        if (!current.signal.aborted) $price.set(price);
      } catch (error) {
        if (current.signal.aborted) return;
        $price.set('');
        options.showError(errorText(error));
      }
    }, quoteDebounceMs);
  }
  return { $price, refresh };
}
