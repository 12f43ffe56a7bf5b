import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../src/domain/endpoints/paths.ts';
import { humanizerRequest } from '../../src/domain/endpoints/tools.ts';
import { offlineRewriteModes, rewriteModes, type RewriteModesAnswer } from '../../src/domain/rewriter.ts';
import type { Db } from '../db/client.ts';
import { ok } from '../envelope.ts';
import { principalOf, requireAuth } from '../plugins/auth.ts';
import { acceptsFields } from '../plugins/multipart.ts';
import { rewriteResult } from '../services/rewriter.ts';

/** The essay rewriter (spec §7 /api/copyRewrite, multipart orderNo) and the modes this installation offers. */
export function rewriterRoutes(app: FastifyInstance, { db, key, llmConfigured }: { db: Db; key: Uint8Array; llmConfigured: boolean }) {
  const authed = { preHandler: requireAuth(db, key) };

  app.post(endpoints.copyRewrite, { ...authed, ...acceptsFields }, async (request) => {
    const { orderNo } = humanizerRequest.parse(request.body);
    return ok(await rewriteResult(db, principalOf(request).userId, orderNo));
  });

  // Public: the page is static, so the island asks whether Expand and Creative (LLM only) are on.
  app.get(endpoints.copyRewriteModes, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    const answer: RewriteModesAnswer = { modes: [...(llmConfigured ? rewriteModes : offlineRewriteModes)] };
    return ok(answer);
  });
}
