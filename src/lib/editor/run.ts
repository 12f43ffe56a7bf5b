import { wordLimitFor } from '../../domain/plans.ts';
import { countWords, isMostlyEnglish } from '../../domain/word-count.ts';
import { pageMessage } from '../page-messages.ts';

/** Pieces every tool run shares: the loading overlay with its creeping bar, and polling until a result is in. */
export function progressOverlay(overlay: HTMLElement, bar: HTMLElement, onChange: (running: boolean) => void) {
  let timer: ReturnType<typeof setInterval> | undefined;
  return (on: boolean) => {
    overlay.hidden = !on;
    clearInterval(timer);
    let value = 5;
    bar.style.width = on ? `${value}%` : '0%';
    // The bar creeps towards 90% until the result is in.
    if (on) {
      timer = setInterval(() => {
        value = Math.min(90, value + (90 - value) * 0.12);
        bar.style.width = `${value}%`;
      }, 500);
    }
    onChange(on);
  };
}

/** Spec §4: asks every `intervalMs` until the answer carries `data`. */
export async function pollUntilData<T extends { data: unknown }>(fetchOnce: () => Promise<T>, intervalMs: number): Promise<T> {
  for (;;) {
    const answer = await fetchOnce();
    if (answer.data) return answer;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** The message of a failed call, for an inline error line. */
export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The price tip under a tool (spec §4: once text is present the quote is
 * refreshed): debounced, the last request wins, the sample is never priced,
 * and a failed quote shows beneath the editor (spec §8).
 */
export function quoteTip(options: {
  text: () => string;
  price: HTMLElement;
  showError: (message?: string) => void;
  isSample: () => boolean;
  sampleLabel: () => string;
  fetch: (signal: AbortSignal) => Promise<string>;
}): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let abort: AbortController | undefined;
  return () => {
    clearTimeout(timer);
    abort?.abort();
    options.showError(undefined);
    if (!options.text().trim()) {
      options.price.textContent = '';
      return;
    }
    if (options.isSample()) {
      options.price.textContent = options.sampleLabel();
      return;
    }
    timer = setTimeout(async () => {
      const current = new AbortController();
      abort = current;
      try {
        options.price.textContent = await options.fetch(current.signal);
      } catch (error) {
        if (current.signal.aborted) return;
        options.price.textContent = '';
        options.showError(errorText(error));
      }
    }, 400);
  };
}

/** Spec §5 checks on the text before a paid run: the plan's word limit, then English. */
export function textProblem(text: string, level: number): { message: string; unlock: boolean } | undefined {
  const limit = wordLimitFor(level);
  if (countWords(text) > limit) return { message: pageMessage('messages.unlockMoreWords', { limit }), unlock: true };
  if (!isMostlyEnglish(text)) return { message: pageMessage('messages.onlyEnglishError'), unlock: false };
  return undefined;
}
