import type { FastifyInstance } from 'fastify';
import { closeAccountRequest } from '../../src/domain/endpoints/auth.ts';
import { endpoints } from '../../src/domain/endpoints/paths.ts';
import type { Db } from '../db/client.ts';
import { ok } from '../envelope.ts';
import { principalOf, requireAuth } from '../plugins/auth.ts';
import { closeAccount, exportAccount } from '../services/account.ts';
import type { PaymentProviders } from '../services/payments.ts';

/** The account's own data (issue 30): its export as one JSON file, and its deletion. */
export function accountRoutes(app: FastifyInstance, { db, key, providers }: { db: Db; key: Uint8Array; providers?: PaymentProviders }) {
  const authed = { preHandler: requireAuth(db, key) };

  app.get(endpoints.exportData, authed, async (request, reply) => {
    const data = await exportAccount(db, principalOf(request).userId);
    reply.header('content-disposition', `attachment; filename="inkwise-data-${data.exportedAt.slice(0, 10)}.json"`);
    reply.header('cache-control', 'no-store');
    // The file is the data itself, not the API's envelope.
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(data, null, 2));
  });

  app.post(endpoints.closeAccount, authed, async (request) => {
    const proof = closeAccountRequest.parse(request.body ?? {});
    await closeAccount({ db, key, providers }, { userId: principalOf(request).userId, ip: request.ip }, proof);
    return ok(null);
  });
}
