/**
 * Pieces every tool run shares (spec §4, §5, §8): the checks before a paid
 * run, polling until a result is in, the debounced price tip, and the error
 * line with its "unlock more words" link. No DOM: the islands render these.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { isInsufficientBeans, unpaidRunStatuses } from '../domain/orders.ts';
import type { ProductId } from '../domain/products.ts';
import { wordLimitFor } from '../domain/plans.ts';
import { countWords, isMostlyEnglish, readsAsProse } from '../domain/word-count.ts';
import { ErrorCode } from '../domain/error-codes.ts';
import { ApiError } from '../lib/api/client.ts';
import { failureMessage } from '../lib/failure.ts';
import { preloadLanguageCheck, readsAsOtherLanguage } from '../lib/language-check.ts';
import { pageMessage } from '../lib/page-messages.ts';
import * as toolsApi from '../lib/api/tools.ts';
import type { AreaT } from './tool-source.ts';
import { $isLoggedIn, ensureFreshToken, fetchBalance } from './user.ts';

/**
 * A problem to show beside the run buttons, translated; `unlock` also shows the "Unlock more words" link, `continues`
 * the line saying a paid run goes on, `unpaid` the way back to the history (see `Problem`).
 */
export interface RunError {
  message: string;
  unlock: boolean;
  continues?: boolean;
  unpaid?: boolean;
}

/**
 * The same problem before it is translated: a message key of the island's catalog and its values, or a message the
 * server already translated, shown as is. The newer tools keep this in their state and translate when rendering.
 */
export type Problem = ({ key: string; params?: Record<string, string | number> } | { message: string }) & {
  unlock?: boolean;
  /** The run was paid and goes on on the server (only the page lost it): say so, and where its result will be. */
  continues?: boolean;
  /** The order the page opened was never paid, so it has no result: offer the way back to the history. */
  unpaid?: boolean;
};

/** The words of a problem in the reader's language. */
export function problemText(t: (key: string, params?: Record<string, string | number>) => string, problem: Problem): string {
  return 'key' in problem ? t(problem.key, problem.params) : problem.message;
}

/**
 * Spec §5 checks on the text before a paid run, in this order: present (with `required`), within the plan's word
 * `limit`, then mostly English (with `english`): the spec's character rule, and the language check where its tables
 * have loaded (`lib/language-check.ts`; the server applies both in any case).
 */
export function checkText(text: string, limit: number, options: { required?: boolean; english?: boolean } = {}): Problem | null {
  if (options.required && !text.trim()) return { key: 'commerce.error.contentRequired' };
  const words = countWords(text);
  if (text.trim() && !readsAsProse(text, words)) return { key: 'commerce.error.notProse', unlock: false };
  if (words > limit) return { key: 'messages.unlockMoreWords', params: { count: limit }, unlock: true };
  if (options.english && (!isMostlyEnglish(text) || readsAsOtherLanguage(text))) return { key: 'messages.onlyEnglishError', unlock: false };
  return null;
}

let languagePending = false;

/**
 * Waits for the language check's tables before a run's checks (at once once loaded; they start loading with the first
 * text, so a person rarely waits). Answers false to a click made while another waits, so a double click cannot start
 * two runs.
 */
export async function languageCheckReady(): Promise<boolean> {
  if (languagePending) return false;
  languagePending = true;
  try {
    await preloadLanguageCheck();
  } finally {
    languagePending = false;
  }
  return true;
}

/** The humanizer's and detector's checks (`checkText` over the plan's limit, English only), translated. */
export function textProblem(text: string, level: number, t: AreaT<'messages.'>): RunError | undefined {
  const problem = checkText(text, wordLimitFor(level), { english: true });
  return problem ? { message: problemText(t as (key: string, params?: Record<string, string | number>) => string, problem), unlock: Boolean(problem.unlock) } : undefined;
}

/**
 * The humanizer's and detector's error line from a problem: they keep translated text (`RunError`), the newer tools
 * the key. The flags travel only when set.
 */
export function runErrorOf(t: (key: never, params?: Record<string, string | number>) => string, problem: Problem): RunError {
  // A problem's key is one of the island's own (the flows' `t` is typed by their areas).
  const error: RunError = { message: problemText(t as (key: string, params?: Record<string, string | number>) => string, problem), unlock: Boolean(problem.unlock) };
  if (problem.continues) error.continues = true;
  if (problem.unpaid) error.unpaid = true;
  return error;
}

/**
 * Polling stopped because the order was never paid: its result endpoint answers `data: null` for as long as it stays
 * unpaid, so asking every second would never end (a history link to an unpaid order, ?orderNo=).
 */
export class UnpaidRunError extends Error {
  constructor() {
    super('unpaid tool order');
    this.name = 'UnpaidRunError';
  }
}

/** An unpaid order has no result: say so, with the way back to the history (or a new run on the page). */
export const unpaidProblem: Problem = { key: 'tool.runUnpaid', unpaid: true };

/** A failed call as a problem: the server's message, already translated, as is. */
export const failureProblem = (error: unknown): Problem => ({ message: errorText(error) });

/**
 * Polling a paid run failed (spec §8: logged, the loader closed). The run itself goes on on the server and its result
 * reaches the history, so the problem says so: without it a person would run (and pay) again. A run the server
 * reports as failed (a translated refusal, not a lost connection) does not go on.
 */
export const pollProblem = (error: unknown): Problem =>
  error instanceof UnpaidRunError ? unpaidProblem : { ...failureProblem(error), continues: error instanceof ApiError && error.code === ErrorCode.NETWORK };

/** Opening a run the page was sent to (?orderNo=) failed: an unpaid order says so, anything else as the server said. */
export const openProblem = (error: unknown): Problem => (error instanceof UnpaidRunError ? unpaidProblem : failureProblem(error));

/** A failed order or payment as a problem; out of beans (the answer's reason, in any language) also offers the unlock link (spec §8). */
export const paymentProblem = (error: unknown): Problem & RunError => ({ message: errorText(error), unlock: error instanceof ApiError && isInsufficientBeans(error.payload) });

/** True when a person is logged in (a paid run needs an account; the islands send visitors to sign-up). */
export const isLoggedIn = () => $isLoggedIn.get();

/**
 * Spec §4 paid run: refresh the token, create the tool order with its settings, pay it in beans and refresh the
 * balance in the background. Answers the order number to poll; a failure throws (see `paymentProblem`).
 */
export async function createAndPay(productId: ProductId, content: string, settings: Parameters<typeof toolsApi.createToolOrder>[2]): Promise<string> {
  await ensureFreshToken();
  const order = await toolsApi.createToolOrder(productId, content, settings);
  await toolsApi.payToolOrder(order.orderNo);
  void fetchBalance().catch(() => undefined);
  return order.orderNo;
}

const unpaid: readonly number[] = unpaidRunStatuses;

/**
 * Spec §4: asks every `intervalMs` until the answer carries `data`. An order that was never paid will not get any:
 * that throws `UnpaidRunError` instead of asking forever.
 */
export async function pollUntilData<T extends { data: unknown; status?: number }>(fetchOnce: () => Promise<T>, intervalMs: number, sleep: (ms: number) => Promise<void>): Promise<T> {
  for (;;) {
    const answer = await fetchOnce();
    if (answer.data) return answer;
    if (answer.status !== undefined && unpaid.includes(answer.status)) throw new UnpaidRunError();
    await sleep(intervalMs);
  }
}

/** Waits `ms` milliseconds (the poll interval between two asks). */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The message of a failed call, for an inline error line, in the page's language: a timeout or cancel carries an
 * internal word ("timeout") and an HTTP failure the spec's "response with error http status(N)"; people get the
 * page's translated texts (or the server's own translated message) instead.
 */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === ErrorCode.NETWORK) return /^(timeout|cancelled)$/.test(error.message) ? pageMessage('error.network') : error.message;
    return failureMessage(error);
  }
  return error instanceof Error ? error.message : String(error);
}

/** Milliseconds the price tip waits for typing to pause. */
export const quoteDebounceMs = 400;

/** What a price refresh found: the price in beans (null for no text or none named), or why it failed. */
export type PriceQuote = { price: number | null } | { error: unknown };

/**
 * The bean price of running `productId` on the tool's text (spec §4: once text is present the quote is refreshed):
 * answers a refresh to call on every change; it waits for typing to pause, the last request wins, and no text
 * answers `{ price: null }` at once.
 */
export function createPriceRefresh(productId: ProductId, text: () => string, show: (quote: PriceQuote) => void, extra: () => { length?: number } = () => ({})): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let abort: AbortController | undefined;
  return () => {
    clearTimeout(timer);
    abort?.abort();
    if (!text().trim()) return show({ price: null });
    timer = setTimeout(async () => {
      const current = new AbortController();
      abort = current;
      try {
        const quote = await toolsApi.quoteTool(productId, text(), false, current.signal, extra());
        show({ price: quote.productSettlements[String(productId)]?.payPrice ?? null });
      } catch (error) {
        if (!current.signal.aborted) show({ error });
      }
    }, quoteDebounceMs);
  };
}

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
