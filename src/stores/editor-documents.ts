import { atom } from 'nanostores';
import type { EditorDocumentItem } from '../domain/editor.ts';
import * as editorApi from '../lib/api/editor.ts';

/**
 * The user's essay-editor documents (docs/decisions/0024), last edited first: one list for the editor's panel and the
 * History page. "Show more" adds the next page to those shown.
 */
export const $documents = atom<EditorDocumentItem[]>([]);
/** How many documents the user has in all (the list may show fewer). */
export const $documentsTotal = atom(0);
/** How many documents the list shows at first and adds per "Show more". */
export const documentsPageSize = 10;

/** The latest documents; with `more`, the next page is added to those shown. */
export async function loadDocumentList(more = false): Promise<void> {
  try {
    const shown = more ? $documents.get() : [];
    const answer = await editorApi.listDocuments(Math.floor(shown.length / documentsPageSize) + 1, documentsPageSize);
    const known = new Set(shown.map((d) => d.id));
    $documents.set([...shown, ...answer.list.filter((d) => !known.has(d.id))]);
    $documentsTotal.set(answer.total);
  } catch (error) {
    console.info('editor documents unavailable', error);
  }
}
