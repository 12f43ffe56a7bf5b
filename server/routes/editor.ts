import type { FastifyInstance } from 'fastify';
import { editorDeleteRequest, editorDocumentRequest, editorListRequest, editorSaveRequest } from '../../src/domain/endpoints/editor.ts';
import { endpoints } from '../../src/domain/endpoints/paths.ts';
import type { Db } from '../db/client.ts';
import { ok } from '../envelope.ts';
import { principalOf, requireAuth } from '../plugins/auth.ts';
import { deleteDocument, getDocument, listDocuments, saveDocument } from '../services/editor.ts';

/** The essay editor's autosaved documents (docs/decisions/0024): the signed-in user's own only. */
export function editorRoutes(app: FastifyInstance, { db, key }: { db: Db; key: Uint8Array }) {
  const authed = { preHandler: requireAuth(db, key) };

  app.get(endpoints.editorDocuments, authed, async (request) => {
    const { page, size } = editorListRequest.parse(request.query);
    return ok(await listDocuments(db, principalOf(request).userId, page, size));
  });

  app.get(endpoints.editorDocument, authed, async (request) => {
    const { id } = editorDocumentRequest.parse(request.query);
    return ok(await getDocument(db, principalOf(request).userId, id));
  });

  app.post(endpoints.editorDocument, authed, async (request) => {
    const body = editorSaveRequest.parse(request.body);
    return ok(await saveDocument(db, principalOf(request).userId, body));
  });

  app.post(endpoints.editorDelete, authed, async (request) => {
    const { id } = editorDeleteRequest.parse(request.body);
    await deleteDocument(db, principalOf(request).userId, id);
    return ok(null);
  });
}
