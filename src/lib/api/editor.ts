import { endpoints } from '../../domain/endpoints/paths.ts';
import type { EditorDocument, EditorDocumentItem, EditorSaveAnswer } from '../../domain/editor.ts';
import { api } from './instance.ts';

// One typed function per essay-editor endpoint (docs/decisions/0024).
export const saveDocument = (body: { id?: string; revision?: number; text: string }) => api<EditorSaveAnswer>(endpoints.editorDocument, { method: 'POST', body, silent: true });
export const fetchDocument = (id: string) => api<EditorDocument>(endpoints.editorDocument, { query: { id }, silent: true });
export const listDocuments = (page = 1, size = 10) => api<{ list: EditorDocumentItem[]; total: number }>(endpoints.editorDocuments, { query: { page, size }, silent: true });
export const deleteDocument = (id: string) => api<null>(endpoints.editorDelete, { method: 'POST', body: { id }, silent: true });
