import type { FastifyRequest } from 'fastify';
import { authenticate, type Principal } from '../services/sessions.ts';
import type { Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

/** A preHandler that requires a valid access token (spec §6: the Authorization header). */
export function requireAuth(db: Db, key: Uint8Array) {
  return async (request: FastifyRequest) => {
    // A multipart request was authenticated on arrival (plugins/multipart.ts).
    request.principal ??= await authenticate(db, key, request.headers.authorization);
  };
}

/** The principal set by `requireAuth`. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('requireAuth must run before this handler');
  return request.principal;
}
