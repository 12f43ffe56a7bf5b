/**
 * The essay editor's documents (issue 15, TOOL-06): what the autosave sends and
 * what the user's document list shows. A document is its paragraphs as plain
 * text, one per line (the editor holds paragraphs only), so it round-trips
 * through `textToDoc` and is safe to store and to show anywhere.
 */

/** Bounds of a saved document. */
export const editorLimits = {
  /** Characters of text one document may hold (about 15,000 words). */
  maxChars: 100_000,
  /** Characters of the title taken from the first paragraph. */
  titleChars: 80,
  /** Documents one user may keep; the oldest beyond this are not shown and a new one is refused. */
  maxDocuments: 500,
  /** The autosave waits this long after the last keystroke (ms). */
  autosaveDebounceMs: 1500,
  /** After a failed save, the next try waits this long (ms), doubling up to `retryMaxMs`. */
  retryMs: 2000,
  retryMaxMs: 30_000,
} as const;

/** One saved document as the editor reopens it. */
export interface EditorDocument {
  id: string;
  title: string;
  text: string;
  wordCount: number;
  revision: number;
  updatedAt: string;
}

/** One line of the user's document list. */
export type EditorDocumentItem = Omit<EditorDocument, 'text'>;

/** What a stale save's refusal (envelope code 409) carries: the revision the server holds. */
export interface EditorConflict {
  revision: number;
}

/** What a save answers. */
export interface EditorSaveAnswer {
  id: string;
  revision: number;
  updatedAt: string;
  title: string;
}

/** The title of a text: its first non-empty line, shortened. */
export function titleOf(text: string): string {
  const first = text.split('\n').find((line) => line.trim()) ?? '';
  const trimmed = first.trim().replace(/\s+/g, ' ');
  return trimmed.length > editorLimits.titleChars ? `${trimmed.slice(0, editorLimits.titleChars - 1).trimEnd()}…` : trimmed;
}
