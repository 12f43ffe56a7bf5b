import type { FastifyInstance } from 'fastify';
import { pingDatabase, type Database } from '../db/client.ts';
import { ok } from '../envelope.ts';
import { endpoints } from '../../src/domain/endpoints/paths.ts';
import { AppError, ErrorCode } from '../errors.ts';

/** GET /api/health: the process is up and the database answers. */
export function healthRoutes(app: FastifyInstance, { database }: { database: Database }) {
  app.get(endpoints.health, async () => {
    if (!(await pingDatabase(database.db))) {
      throw new AppError(ErrorCode.INTERNAL, 'error.databaseUnavailable', { status: 503, payload: { retryAfter: 5 } });
    }
    return ok({ status: 'ok', database: database.kind });
  });
}
