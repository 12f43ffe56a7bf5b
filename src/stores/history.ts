/** The essay history (spec §2 History, COM-15): paged runs, one entry per run with its versions, and delete. */
import { atom } from 'nanostores';
import type { EditorDocumentItem } from '../domain/editor.ts';
import { endpoints } from '../domain/endpoints/paths.ts';
import type { EssayHistoryItem } from '../domain/history.ts';
import { OrderType } from '../domain/orders.ts';
import type { Locale } from '../i18n/locales.ts';
import { localizedPath, type RouteName } from '../i18n/routes.ts';
import * as editorApi from '../lib/api/editor.ts';
import { api } from '../lib/api/instance.ts';
import { failureMessage } from '../lib/failure.ts';
import { pagedList } from './paged.ts';

/** The user's runs, newest first. */
export const essayHistory = pagedList<EssayHistoryItem>((page, size) => api<{ list: EssayHistoryItem[]; total: number }>(endpoints.essayHistory, { query: { page, size } }));

/** Deletes a run with all its versions, then shows the page again. */
export async function deleteRun(jobId: string): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    await api(endpoints.essayDelete, { method: 'POST', body: { jobId }, silent: true });
    await essayHistory.reload();
    return { ok: true };
  } catch (error) {
    return { ok: false, message: failureMessage(error) };
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

/** The essay editor's documents (docs/decisions/0024): the ten last edited, shown under the runs. */
export const $editorDocuments = atom<EditorDocumentItem[]>([]);
/** How many documents the user has in all: "Show more" adds the next ten while some are not shown. */
export const $editorDocumentsTotal = atom(0);
const editorDocumentsPage = 10;

/** The latest ten documents; with `more`, the next ten are added to those shown. */
export async function loadEditorDocuments(more = false): Promise<void> {
  try {
    const shown = more ? $editorDocuments.get() : [];
    const answer = await editorApi.listDocuments(Math.floor(shown.length / editorDocumentsPage) + 1, editorDocumentsPage);
    const known = new Set(shown.map((d) => d.id));
    $editorDocuments.set([...shown, ...answer.list.filter((d) => !known.has(d.id))]);
    $editorDocumentsTotal.set(answer.total);
  } catch (error) {
    console.info('editor documents unavailable', error);
  }
}

/** Where a document reopens: the editor with ?doc=. */
export const documentHref = (locale: Locale, id: string): string => `${localizedPath(locale, 'aiEditor')}?doc=${encodeURIComponent(id)}`;
