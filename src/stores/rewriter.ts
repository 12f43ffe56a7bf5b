/**
 * The essay rewriter's state and actions (spec §3 order type 9, §4 tool flow):
 * the text and settings, the quote, the paid run and its polling, the result,
 * the modes this installation offers and the user's recent rewrites. The island
 * (src/islands/EssayRewriter) only subscribes and calls.
 */
import { atom, computed } from 'nanostores';
import { endpoints } from '../domain/endpoints/paths.ts';
import { clipboardText, humanizerLimits } from '../domain/humanizer.ts';
import { checkText, createAndPay, languageCheckReady, createPriceRefresh, isLoggedIn as loggedIn, openProblem, paymentProblem, pollProblem, pollUntilData, sleep, type Problem } from './tool-run.ts';
import { OrderStatus, OrderType } from '../domain/orders.ts';
import { wordLimitFor } from '../domain/plans.ts';
import { ProductId } from '../domain/products.ts';
import { defaultRewriteSettings, offlineRewriteModes, parseFrozen, rewriteStrength, type RewriteAnswer, type RewriteMode } from '../domain/rewriter.ts';
import { countWords } from '../domain/word-count.ts';
import { apiBase } from '../lib/api/base.ts';
import * as commerceApi from '../lib/api/commerce.ts';
import * as rewriterApi from '../lib/api/rewriter.ts';
import { downloadWithToken } from './download.ts';
import { preloadLanguageCheck } from '../lib/language-check.ts';
import { createTextUpload } from './text-upload.ts';
import { $membershipLevel } from './user.ts';

/** A problem to show (the tools' shared shape, re-exported for the island). */
export type { Problem } from './tool-run.ts';

export interface RewriterState {
  text: string;
  mode: RewriteMode;
  strength: number;
  /** The frozen words as the user typed them (comma-separated). */
  frozenInput: string;
  price: number | null;
  phase: 'idle' | 'rewriting' | 'done';
  problem: Problem | null;
  orderNo: string | null;
  result: RewriteAnswer | null;
}

const initial: RewriterState = {
  text: '',
  mode: defaultRewriteSettings.mode,
  strength: defaultRewriteSettings.strength,
  frozenInput: '',
  price: null,
  phase: 'idle',
  problem: null,
  orderNo: null,
  result: null,
};

export const $rewriter = atom<RewriterState>(initial);
/** The modes on offer: the offline five until the server says the LLM ones are on too. */
export const $modes = atom<readonly RewriteMode[]>(offlineRewriteModes);
export interface HistoryEntry {
  orderNo: string;
  createTime: string;
}
export const $history = atom<HistoryEntry[]>([]);

export const $wordCount = computed($rewriter, (state) => countWords(state.text));
export const $wordLimit = computed($membershipLevel, (level) => wordLimitFor(Math.max(0, level)));

function patch(values: Partial<RewriterState>) {
  $rewriter.set({ ...$rewriter.get(), ...values });
}


/** Uploads a document into the rewriter's text (issue 30: the rewriter had no Upload; stores/text-upload.ts). */
export const rewriterUpload = createTextUpload({ onText: (text) => setText(text), loggedIn });

export function setText(text: string): void {
  patch({ text, problem: null });
  if (text.trim()) void preloadLanguageCheck();
  refreshQuote();
}

export function setMode(mode: RewriteMode): void {
  if ($modes.get().includes(mode)) patch({ mode, problem: null });
}

export function setStrength(strength: number): void {
  patch({ strength: Math.min(rewriteStrength.max, Math.max(rewriteStrength.min, Math.round(strength))) });
}

export function setFrozenInput(frozenInput: string): void {
  patch({ frozenInput });
}

/** Spec §4: once text is present the quote is refreshed (debounced; the last request wins). */
export const refreshQuote: () => void = createPriceRefresh(
  ProductId.COPY_REWRITE,
  () => $rewriter.get().text,
  (quote) => {
    if ('error' in quote) console.info('rewrite quote unavailable', quote.error);
    patch({ price: 'error' in quote ? null : quote.price });
  },
);

/** Spec §5 checks before a paid run: text present, within the plan's word limit, and English (the server's rule). */
export function textProblem(): Problem | null {
  return checkText($rewriter.get().text, $wordLimit.get(), { required: true, english: true });
}

/** Polls every second (spec §9) until the run is done; a failed run answers an error. */
const pollRewrite = (orderNo: string): Promise<RewriteAnswer> => pollUntilData(() => rewriterApi.fetchRewrite(orderNo), humanizerLimits.pollMs, sleep);

/** Rewrite: create the order (type 9) with the settings, pay it in beans, poll. Answers 'signup' for a visitor. */
export async function startRewrite(): Promise<'signup' | void> {
  const state = $rewriter.get();
  if (state.phase === 'rewriting') return;
  if (!(await languageCheckReady()) || $rewriter.get().phase === 'rewriting') return;
  const problem = textProblem();
  if (problem) return patch({ problem });
  if (!loggedIn()) return 'signup';
  patch({ phase: 'rewriting', problem: null });
  let orderNo: string;
  try {
    orderNo = await createAndPay(ProductId.COPY_REWRITE, state.text, { mode: state.mode, strength: state.strength, frozen: parseFrozen(state.frozenInput) });
  } catch (error) {
    return patch({ phase: 'idle', problem: paymentProblem(error) });
  }
  patch({ orderNo });
  try {
    const result = await pollRewrite(orderNo);
    patch({ phase: 'done', result });
    void loadHistory();
  } catch (error) {
    // Spec §8: polling errors are logged and the loader closed.
    console.error('rewrite polling failed', error);
    patch({ phase: 'idle', problem: pollProblem(error) });
  }
}

/** Opens a finished rewrite (?orderNo= from the history, or the island's own list). */
export async function openRewrite(orderNo: string): Promise<'signup' | void> {
  if (!orderNo.trim()) return patch({ problem: { key: 'commerce.error.orderNoMissing' } });
  if (!loggedIn()) return 'signup';
  patch({ phase: 'rewriting', problem: null, orderNo });
  try {
    const result = await pollRewrite(orderNo);
    const view = result.data!;
    patch({ phase: 'done', result, text: result.rawInputData, mode: view.mode, strength: view.strength, frozenInput: view.frozen.join(', ') });
  } catch (error) {
    console.error('rewrite failed to load', error);
    patch({ phase: 'idle', problem: openProblem(error) });
  }
}

/** Which modes this installation offers (Expand and Creative only with the LLM backend). */
export async function loadModes(): Promise<void> {
  try {
    $modes.set((await rewriterApi.fetchRewriteModes()).modes);
  } catch (error) {
    console.info('rewriter modes unavailable', error);
  }
}

/** The user's recent finished rewrites, newest first. */
export async function loadHistory(): Promise<void> {
  if (!loggedIn()) return $history.set([]);
  try {
    const { list } = await commerceApi.listToolOrders(String(OrderType.COPY_REWRITE), OrderStatus.DONE, 1, 10);
    $history.set(list.map((o) => ({ orderNo: o.orderNo, createTime: o.createTime })));
  } catch (error) {
    console.info('rewrite history unavailable', error);
  }
}

/** The finished rewrite's text for the clipboard: its paragraphs separated by a blank line, as in the source. */
export const resultText = (): string => clipboardText($rewriter.get().result?.dataWithoutFormat ?? '');

/** Downloads the result as a .docx (GET /api/download/word). */
export async function downloadDocx(): Promise<void> {
  const { orderNo } = $rewriter.get();
  if (!orderNo) return;
  await downloadWithToken(
    `${apiBase()}${endpoints.downloadWord}?${new URLSearchParams({ orderNo })}`,
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    `inkwise-${orderNo}.docx`,
  );
}

/** Back to an empty rewriter. */
export function resetRewriter(): void {
  $rewriter.set(initial);
}
