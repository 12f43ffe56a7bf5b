/**
 * The plagiarism checker's state and actions (spec §3 order type 5, §4 tool
 * flow): the text, its quote, the paid check and its polling, the finished
 * report with the reader's exclusions, the library's size and the owner's
 * setting. The island (src/islands/PlagiarismChecker) only subscribes and calls.
 */
import { atom, computed } from 'nanostores';
import { endpoints } from '../domain/endpoints/paths.ts';
import { humanizerLimits } from '../domain/humanizer.ts';
import { checkText, createAndPay, createPriceRefresh, errorText, failureProblem as failure, isLoggedIn as loggedIn, openProblem, paymentProblem, pollProblem, pollUntilData, sleep, type Problem } from './tool-run.ts';
import { wordLimitFor } from '../domain/plans.ts';
import { defaultExclusions, summarize, type Exclusions, type PlagiarismReport, type Summary } from '../domain/plagiarism.ts';
import { ProductId } from '../domain/products.ts';
import { countWords } from '../domain/word-count.ts';
import { apiBase } from '../lib/api/base.ts';
import * as plagiarismApi from '../lib/api/plagiarism.ts';
import { fetchEngineStatus } from '../lib/api/engines.ts';
import { downloadWithToken } from './download.ts';
import { createTextUpload } from './text-upload.ts';
import { $membershipLevel } from './user.ts';

/** A problem to show (the tools' shared shape, re-exported for the island). */
export type { Problem } from './tool-run.ts';

export interface CheckerState {
  text: string;
  /** The uploaded file's name while its text is unchanged (it goes into the report). */
  fileName: string | null;
  price: number | null;
  quoteError: string | null;
  phase: 'idle' | 'checking' | 'done';
  problem: Problem | null;
  orderNo: string | null;
  report: PlagiarismReport | null;
}

const initial: CheckerState = { text: '', fileName: null, price: null, quoteError: null, phase: 'idle', problem: null, orderNo: null, report: null };

export const $checker = atom<CheckerState>(initial);
export const $exclusions = atom<Exclusions>(defaultExclusions);
export const $library = atom<{ documents: number; web: boolean } | null>(null);
export const $shareSubmissions = atom<boolean | null>(null);

/** The report's figures under the current exclusions. */
export const $summary = computed([$checker, $exclusions], (state, exclusions): Summary | null => (state.report ? summarize(state.report, exclusions) : null));
export const $wordCount = computed($checker, (state) => countWords(state.text));
export const $wordLimit = computed($membershipLevel, (level) => wordLimitFor(Math.max(0, level)));

function patch(values: Partial<CheckerState>) {
  $checker.set({ ...$checker.get(), ...values });
}


/** Spec §4: once text is present the quote is refreshed (debounced; the last request wins). */
export function setText(text: string, fileName: string | null = null): void {
  const state = $checker.get();
  patch({ text, fileName: fileName ?? (state.fileName && text === state.text ? state.fileName : null), problem: null });
  refreshQuote();
}

export const refreshQuote: () => void = createPriceRefresh(
  ProductId.PLAGIARISM_CHECK,
  () => $checker.get().text,
  (quote) => patch('error' in quote ? { price: null, quoteError: errorText(quote.error) } : { price: quote.price, quoteError: null }),
);

/** Spec §5 checks before a paid run: text present and within the plan's word limit. */
export function textProblem(): Problem | null {
  return checkText($checker.get().text, $wordLimit.get(), { required: true });
}

/** Polls every second (spec §9) until the report is in; a failed run answers an error. */
const pollReport = async (orderNo: string): Promise<PlagiarismReport> =>
  (await pollUntilData(() => plagiarismApi.fetchPlagiarism(orderNo), humanizerLimits.pollMs, sleep)).data!;

/**
 * Check: create the order (type 5), pay it in beans, poll until the report is
 * in. Answers 'signup' when a visitor must sign up first.
 */
export async function startCheck(): Promise<'signup' | void> {
  const state = $checker.get();
  if (state.phase === 'checking') return;
  const problem = textProblem();
  if (problem) return patch({ problem });
  if (!loggedIn()) return 'signup';
  patch({ phase: 'checking', problem: null });
  let orderNo: string;
  try {
    orderNo = await createAndPay(ProductId.PLAGIARISM_CHECK, state.text, { fileName: state.fileName ?? undefined });
  } catch (error) {
    return patch({ phase: 'idle', problem: paymentProblem(error) });
  }
  patch({ orderNo });
  try {
    const report = await pollReport(orderNo);
    $exclusions.set(defaultExclusions);
    patch({ phase: 'done', report });
  } catch (error) {
    // Spec §8: polling errors are logged and the loader closed.
    console.error('plagiarism polling failed', error);
    patch({ phase: 'idle', problem: pollProblem(error) });
  }
}

/** Opens a finished check read from the history (?orderNo=). */
export async function openReport(orderNo: string): Promise<'signup' | void> {
  if (!orderNo.trim()) return patch({ problem: { key: 'commerce.error.orderNoMissing' } });
  if (!loggedIn()) return 'signup';
  patch({ phase: 'checking', problem: null, orderNo });
  try {
    const report = await pollReport(orderNo);
    $exclusions.set(defaultExclusions);
    patch({ phase: 'done', report, text: report.text, fileName: report.fileName });
  } catch (error) {
    console.error('plagiarism report failed to load', error);
    patch({ phase: 'idle', problem: openProblem(error) });
  }
}

/** Changes the report's filters; the figures follow at once, without a new run. */
export function setExclusions(next: Partial<Exclusions>): void {
  $exclusions.set({ ...$exclusions.get(), ...next });
}

export function toggleSource(source: number): void {
  const current = $exclusions.get().sources;
  setExclusions({ sources: current.includes(source) ? current.filter((s) => s !== source) : [...current, source].sort((a, b) => a - b) });
}

/** Downloads the PDF with the filters on screen, in the page's language (the server takes en for anything else). */
export async function downloadReportPdf(): Promise<void> {
  const { orderNo } = $checker.get();
  if (!orderNo) return;
  const e = $exclusions.get();
  const query = new URLSearchParams({ orderNo, quotes: String(e.quotes), bibliography: String(e.bibliography), minWords: String(e.minWords), sources: e.sources.join(','), locale: document.documentElement.dataset.locale ?? 'en' });
  await downloadWithToken(`${apiBase()}${endpoints.plagiarismPdf}?${query}`, 'application/pdf', `similarity-report-${orderNo}.pdf`);
}

/** What the page says the library holds, before any check. */
export async function loadLibrary(): Promise<void> {
  try {
    $library.set((await fetchEngineStatus()).plagiarism);
  } catch (error) {
    console.info('library size unavailable', error);
  }
}

export async function loadShareSetting(): Promise<void> {
  if (!loggedIn()) return $shareSubmissions.set(null);
  try {
    $shareSubmissions.set((await plagiarismApi.fetchPlagiarismSettings()).shareSubmissions);
  } catch (error) {
    console.info('plagiarism settings unavailable', error);
  }
}

export async function setShareSubmissions(on: boolean): Promise<void> {
  const before = $shareSubmissions.get();
  $shareSubmissions.set(on);
  try {
    $shareSubmissions.set((await plagiarismApi.savePlagiarismSettings(on)).shareSubmissions);
  } catch (error) {
    $shareSubmissions.set(before);
    patch({ problem: failure(error) });
  }
}

/** Uploads a document and puts its text in the checker (stores/text-upload.ts). */
export const checkerUpload = createTextUpload({ onText: (text, name) => setText(text, name), loggedIn });

/** Back to an empty checker (a new check). */
export function resetChecker(): void {
  $checker.set(initial);
  $exclusions.set(defaultExclusions);
}
