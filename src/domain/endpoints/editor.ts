import { z } from 'zod';
import { editorLimits } from '../editor.ts';
import { int32Max } from './safe-values.ts';

const id = z.uuid({ message: 'editor.error.notFound' });

/** GET /api/editor/document?id= */
export const editorDocumentRequest = z.object({ id });

/**
 * POST /api/editor/document: creates (no id) or replaces (id) a document's text. `revision` is the revision the
 * text was based on: a save based on an older one (another tab saved meanwhile) is refused, nothing changed.
 */
export const editorSaveRequest = z.object({
  id: id.optional(),
  // A revision is a PostgreSQL integer: a larger number is no revision of any document (it answered 500; issue 29).
  revision: z.number({ message: 'editor.error.notFound' }).int().min(0).max(int32Max, { message: 'editor.error.notFound' }).optional(),
  text: z.string().max(editorLimits.maxChars, { message: 'editor.error.tooLong' }),
});

/** GET /api/editor/documents?page=&size= */
export const editorListRequest = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(50).default(10),
});

/** POST /api/editor/document/delete */
export const editorDeleteRequest = z.object({ id });
