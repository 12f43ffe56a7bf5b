import type { FastifyInstance } from 'fastify';
import type { EngineStatus } from '../../src/domain/endpoints/engines.ts';
import { endpoints } from '../../src/domain/endpoints/paths.ts';
import type { Db } from '../db/client.ts';
import { ok } from '../envelope.ts';
import { librarySize } from '../services/plagiarism.ts';

/** GET /api/engines: public, nothing of anyone's data but the library's size; a minute in caches. */
export function engineRoutes(app: FastifyInstance, { db, status, plagiarismWeb }: { db: Db; status: Omit<EngineStatus, 'plagiarism'>; plagiarismWeb: boolean }) {
  app.get(endpoints.engines, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    const answer: EngineStatus = { ...status, plagiarism: { documents: await librarySize(db), web: plagiarismWeb } };
    return ok(answer);
  });
}
