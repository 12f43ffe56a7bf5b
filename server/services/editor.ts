import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { editorLimits, titleOf, type EditorConflict, type EditorDocument, type EditorDocumentItem, type EditorSaveAnswer } from '../../src/domain/editor.ts';
import { countWords } from '../../src/domain/word-count.ts';
import type { Db } from '../db/client.ts';
import { editorDocuments } from '../db/schema.ts';
import { AppError, ErrorCode } from '../errors.ts';

type Row = typeof editorDocuments.$inferSelect;

const live = (userId: string) => and(eq(editorDocuments.userId, userId), isNull(editorDocuments.deletedAt));
const notFound = () => new AppError(ErrorCode.DEFAULT, 'editor.error.notFound');

/** Line breaks as the editor sends them: one paragraph per line, no carriage returns. */
const normalise = (text: string) => text.replace(/\r\n?/g, '\n');

const item = (row: Row): EditorDocumentItem => ({ id: row.id, title: row.title, wordCount: row.wordCount, revision: row.revision, updatedAt: row.updatedAt.toISOString() });

/** POST /api/editor/document: a new document (no id) or the new text of one of the user's own. */
export async function saveDocument(db: Db, userId: string, input: { id?: string; revision?: number; text: string }): Promise<EditorSaveAnswer> {
  const text = normalise(input.text);
  const values = { text, title: titleOf(text), wordCount: countWords(text) };
  if (input.id) {
    const [row] = await db
      .update(editorDocuments)
      .set({ ...values, revision: sql`${editorDocuments.revision} + 1`, updatedAt: new Date() })
      .where(and(live(userId), eq(editorDocuments.id, input.id), input.revision === undefined ? undefined : eq(editorDocuments.revision, input.revision)))
      .returning();
    if (!row) {
      // Optimistic concurrency: the document exists but another tab saved a newer revision; nothing is changed.
      const [current] = await db.select({ revision: editorDocuments.revision }).from(editorDocuments).where(and(live(userId), eq(editorDocuments.id, input.id)));
      if (current) throw new AppError(ErrorCode.CONFLICT, 'editor.error.conflict', { payload: { revision: current.revision } satisfies EditorConflict });
      throw notFound();
    }
    return { id: row.id, revision: row.revision, updatedAt: row.updatedAt.toISOString(), title: row.title };
  }
  const [kept] = await db.select({ n: count() }).from(editorDocuments).where(live(userId));
  if (Number(kept?.n ?? 0) >= editorLimits.maxDocuments) throw new AppError(ErrorCode.DEFAULT, 'editor.error.tooMany', { params: { count: editorLimits.maxDocuments } });
  const [row] = await db
    .insert(editorDocuments)
    .values({ userId, ...values })
    .returning();
  return { id: row!.id, revision: row!.revision, updatedAt: row!.updatedAt.toISOString(), title: row!.title };
}

/** GET /api/editor/document?id=: one of the user's documents, to reopen it. */
export async function getDocument(db: Db, userId: string, id: string): Promise<EditorDocument> {
  const [row] = await db.select().from(editorDocuments).where(and(live(userId), eq(editorDocuments.id, id)));
  if (!row) throw notFound();
  return { ...item(row), text: row.text };
}

/** GET /api/editor/documents: the user's documents, last edited first. */
export async function listDocuments(db: Db, userId: string, page: number, size: number): Promise<{ list: EditorDocumentItem[]; total: number; page: number; size: number }> {
  const [total] = await db.select({ n: count() }).from(editorDocuments).where(live(userId));
  const rows = await db
    .select()
    .from(editorDocuments)
    .where(live(userId))
    .orderBy(desc(editorDocuments.updatedAt), desc(editorDocuments.id))
    .limit(size)
    .offset((page - 1) * size);
  return { list: rows.map(item), total: Number(total?.n ?? 0), page, size };
}

/** POST /api/editor/document/delete */
export async function deleteDocument(db: Db, userId: string, id: string): Promise<void> {
  const rows = await db.update(editorDocuments).set({ deletedAt: new Date() }).where(and(live(userId), eq(editorDocuments.id, id))).returning({ id: editorDocuments.id });
  if (rows.length === 0) throw notFound();
}
