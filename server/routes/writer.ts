import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../src/domain/endpoints/paths.ts';
import { humanizerRequest } from '../../src/domain/endpoints/tools.ts';
import type { Db } from '../db/client.ts';
import { ok } from '../envelope.ts';
import { principalOf, requireAuth } from '../plugins/auth.ts';
import { acceptsFields } from '../plugins/multipart.ts';
import { writerResult } from '../services/writer.ts';

/** The AI writer (order type 11): a run's result, and whether a language model writes drafts here. */
export function writerRoutes(app: FastifyInstance, { db, key }: { db: Db; key: Uint8Array }) {
  const authed = { preHandler: requireAuth(db, key) };

  app.post(endpoints.aiWrite, { ...authed, ...acceptsFields }, async (request) => {
    const { orderNo } = humanizerRequest.parse(request.body);
    return ok(await writerResult(db, principalOf(request).userId, orderNo));
  });
}
