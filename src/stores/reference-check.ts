/**
 * The reference checker's state and actions (order type 6). The island only subscribes and calls these; fetching
 * lives here and in src/lib/api (STYLE.md).
 */
import { atom } from 'nanostores';
import { humanizerLimits } from '../domain/humanizer.ts';
import { createAndPay, createPriceRefresh, errorText as message, paymentProblem, pollProblem, pollUntilData, sleep, UnpaidRunError } from './tool-run.ts';
import { ProductId } from '../domain/products.ts';
import { refLimits, type ReferenceReport } from '../domain/references.ts';
import { countWords } from '../domain/word-count.ts';
import * as toolsApi from '../lib/api/tools.ts';
import { fetchEngineStatus } from '../lib/api/engines.ts';

export type RefRunState =
  | { status: 'idle' }
  | { status: 'running'; orderNo?: string }
  | { status: 'done'; orderNo: string; report: ReferenceReport }
  /** `unpaid`: the opened order was never paid, so it has no result (the island says so, with the way to the history). */
  | { status: 'error'; message: string; unlock?: boolean; continues?: boolean; unpaid?: boolean };

/** The text in the checker. */
export const $refText = atom('');
/** The price of checking it, in beans (undefined while unknown). */
export const $refPrice = atom<{ beans?: number; error?: string }>({});
/** The current run. */
export const $refRun = atom<RefRunState>({ status: 'idle' });
/** Whether references are looked up online here; undefined until the server said (the page says so before a run). */
export const $refOnline = atom<boolean | undefined>(undefined);

/** Asks the server once whether lookups are on. */
export async function loadReferenceBackend(): Promise<void> {
  try {
    $refOnline.set((await fetchEngineStatus()).references.online);
  } catch (error) {
    console.info('reference lookups unknown', error);
  }
}

/** True when a person is logged in (a run needs an account; the island sends visitors to sign-up). */
export { isLoggedIn } from './tool-run.ts';

/** Sets the text and refreshes the price after a pause in typing (the last request wins). */
export function setReferenceText(text: string): void {
  $refText.set(text);
  refreshRefPrice();
}

const refreshRefPrice = createPriceRefresh(
  ProductId.REFERENCE_CHECK,
  () => $refText.get(),
  (quote) => $refPrice.set('error' in quote ? { error: message(quote.error) } : quote.price === null ? {} : { beans: quote.price }),
);

/** Whether the text is over the checker's bound. */
export const overLimit = (text: string) => countWords(text) > refLimits.maxWords;

/** Polls /api/refValid every second (spec §9) until the report is in. */
const pollReport = (orderNo: string): Promise<toolsApi.ReferenceCheckAnswer> => pollUntilData(() => toolsApi.fetchReferenceCheck(orderNo), humanizerLimits.pollMs, sleep);

/** Creates the order, pays it in beans, and polls until the report is in. */
export async function runReferenceCheck(): Promise<void> {
  const text = $refText.get();
  if (!text.trim() || $refRun.get().status === 'running') return;
  $refRun.set({ status: 'running' });
  let orderNo: string;
  try {
    orderNo = await createAndPay(ProductId.REFERENCE_CHECK, text, {});
  } catch (error) {
    // Out of beans (the answer's reason, in any language) also offers the way to more.
    return $refRun.set({ status: 'error', message: message(error), unlock: Boolean(paymentProblem(error).unlock) });
  }
  $refRun.set({ status: 'running', orderNo });
  try {
    const answer = await pollReport(orderNo);
    $refRun.set({ status: 'done', orderNo, report: answer.data! });
  } catch (error) {
    // Paid: a lost connection leaves the check running on the server, its report on its way to the history.
    console.error('reference check polling failed', error);
    $refRun.set({ status: 'error', message: message(error), continues: Boolean(pollProblem(error).continues) });
  }
}

/** Opens a finished check (?orderNo= from the history): its text and its report. */
export async function openReferenceCheck(orderNo: string): Promise<void> {
  $refRun.set({ status: 'running', orderNo });
  try {
    const answer = await pollReport(orderNo);
    $refText.set(answer.source);
    $refRun.set({ status: 'done', orderNo, report: answer.data! });
  } catch (error) {
    $refRun.set(error instanceof UnpaidRunError ? { status: 'error', message: '', unpaid: true } : { status: 'error', message: message(error) });
  }
}
