/** The essay history (spec §2 History, COM-15): paged runs, one entry per run with its versions, and delete. */
import { endpoints } from '../domain/endpoints/paths.ts';
import type { EssayHistoryItem } from '../domain/history.ts';
import { OrderType } from '../domain/orders.ts';
import type { Locale } from '../i18n/locales.ts';
import { localizedPath, type RouteName } from '../i18n/routes.ts';
import { api } from '../lib/api/instance.ts';
import { failureMessage } from '../lib/failure.ts';
import { pagedList } from './paged.ts';
import { showToast } from './toast.ts';

/** The user's runs, newest first. */
export const essayHistory = pagedList<EssayHistoryItem>((page, size) => api<{ list: EssayHistoryItem[]; total: number }>(endpoints.essayHistory, { query: { page, size } }));

/**
 * Deletes a run with all its versions, then shows the page again, with a toast saying so that offers "Undo" for a
 * few seconds (issue 30; the server brings the run back within orders.undoWindowMs).
 */
export async function deleteRun(jobId: string, words: { deleted: string; undo: string }): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    await api(endpoints.essayDelete, { method: 'POST', body: { jobId }, silent: true });
    await essayHistory.reload();
    showToast(words.deleted, 'info', { label: words.undo, run: () => void restoreRun(jobId) });
    return { ok: true };
  } catch (error) {
    return { ok: false, message: failureMessage(error) };
  }
}

/** Brings a run just deleted back (its "Undo"); a failure is said in a toast. */
export async function restoreRun(jobId: string): Promise<void> {
  try {
    await api(endpoints.essayRestore, { method: 'POST', body: { jobId }, silent: true });
    await essayHistory.reload();
  } catch (error) {
    showToast(failureMessage(error), 'error');
  }
}

/** The screen that shows a finished run of each tool (opened with ?orderNo=, spec §4). */
const resultRoute: Readonly<Record<number, RouteName>> = {
  [OrderType.HUMANIZER]: 'humanizer',
  [OrderType.HUMANIZER_ULTRA]: 'humanizer',
  [OrderType.AI_DETECTION]: 'aiDetector',
  [OrderType.AI_DETECTION_TURNITIN]: 'aiDetector',
  [OrderType.PLAGIARISM_CHECK]: 'plagiarism',
  [OrderType.COPY_REWRITE]: 'rewriter',
  [OrderType.REFERENCE_CHECK]: 'referenceChecker',
  [OrderType.AI_WRITE]: 'aiWriter',
};

/** Where a run's result opens: its tool's page with ?orderNo= (a report with ?report=). */
export function resultHref(locale: Locale, orderType: number, jobId: string): string | undefined {
  const route = resultRoute[orderType];
  if (!route) return undefined;
  const param = orderType === OrderType.AI_DETECTION_TURNITIN ? 'report' : 'orderNo';
  return `${localizedPath(locale, route)}?${param}=${encodeURIComponent(jobId)}`;
}


/** Where a document reopens: the editor with ?doc=. */
export const documentHref = (locale: Locale, id: string): string => `${localizedPath(locale, 'aiEditor')}?doc=${encodeURIComponent(id)}`;
