import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { Db } from '../db/client.ts';
import { AppError, ErrorCode } from '../errors.ts';
import { authenticate } from '../services/sessions.ts';

/** What a route takes as multipart: a few short fields (the spec's "multipart orderNo"), or one uploaded file. */
export type MultipartMode = 'fields' | 'file';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by `acceptsFields` / `acceptsFile`; without it a multipart request is refused before its body is read. */
    multipart?: MultipartMode;
  }
}

/** Limits of a route that takes multipart fields: an order number and friends, never a file. */
export const fieldLimits = { fields: 10, fieldSize: 16 * 1024, files: 0, parts: 10, headerPairs: 50 } as const;
/** Limits of the upload route: one file within the spec's 10 MB (UPL-03) and a few short fields. */
export const fileLimits = { fields: 5, fieldSize: 1024, files: 1, fileSize: 10 * 1024 * 1024, parts: 6, headerPairs: 50 } as const;

/** Route options for a route the spec sends as multipart fields (POST /api/humanizer, /api/aiDetect, …). */
export const acceptsFields = { config: { multipart: 'fields' as const, multipartOptions: { limits: fieldLimits } } };
/** Route options for the upload route (uploadFileAndParse). */
export const acceptsFile = { config: { multipart: 'file' as const, multipartOptions: { limits: fileLimits } } };

const isMultipart = (request: FastifyRequest) => /^multipart\//i.test(request.headers['content-type'] ?? '');

/**
 * Multipart is accepted only by routes that say so (acceptsFields, acceptsFile),
 * and only from an authenticated caller: the token is checked when the request
 * arrives, before a byte of the body is read (hole 3 of issue 10: public routes
 * buffered 50 fields of 1 MB and a 10 MB file for anyone). Every such route is
 * authenticated; a new one opts in with `acceptsFields` next to its `requireAuth`.
 */
export async function registerMultipart(app: FastifyInstance, { db, key }: { db: Db; key: Uint8Array }) {
  app.addHook('onRequest', async (request) => {
    if (!isMultipart(request)) return;
    if (!request.routeOptions.config.multipart) throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'error.unsupportedMediaType', { status: 415 });
    request.principal = await authenticate(db, key, request.headers.authorization);
  });
  // Fields arrive as a plain body; a file as { filename, mimetype, data } (see the upload route).
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: fieldLimits,
    async onFile(part) {
      (part as unknown as { value: unknown }).value = { filename: part.filename, mimetype: part.mimetype, data: await part.toBuffer() };
    },
  });
}
