import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { isLocale, pickLocale, type Locale } from '../../src/i18n/locales.ts';
import { english } from '../../src/i18n/messages/index.ts';
import { translate, type MessageKey } from '../../src/i18n/translate.ts';
import { AppError, ErrorCode } from '../errors.ts';
import { TOO_MANY_VALUES, findUnstorableText, unstorableTextKey } from '../../src/domain/endpoints/safe-values.ts';

/** The request's locale from Accept-Language (spec LOC-02), en when none fits. */
export function requestLocale(request: FastifyRequest) {
  const header = request.headers['accept-language'] ?? '';
  const tags = header.split(',').map((part) => part.split(';')[0]?.trim());
  return pickLocale(tags);
}

/**
 * The language a PDF report is written in: `?locale=` when it names one of the 20 locales (the page the reader
 * downloads from sends it), English for any other value; without it, the request's Accept-Language (en when none fits).
 */
export function pdfLocale(request: FastifyRequest): Locale {
  const asked = (request.query as Record<string, unknown> | undefined)?.locale;
  if (asked !== undefined) return typeof asked === 'string' && isLocale(asked) ? asked : 'en';
  return requestLocale(request);
}

function send(request: FastifyRequest, reply: FastifyReply, status: number, code: number, key: MessageKey, details?: unknown) {
  const message = translate(requestLocale(request), key);
  return reply.status(status).send(details === undefined ? { code, message } : { code, message, data: details });
}

const connectionCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
const connectionMessages = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|server closed the connection|connect ECONNREFUSED/i;

/** True when an error (or what caused it) says the database could not be reached, rather than that a query was wrong. */
export function databaseUnreachable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if ((typeof code === 'string' && connectionCodes.has(code)) || connectionMessages.test(current.message)) return true;
  }
  return false;
}

/** Maps a Fastify error (body parsing, limits, validation) to an envelope. */
function fromFastify(error: FastifyError): [number, number, MessageKey] | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return [400, ErrorCode.BAD_REQUEST, 'error.malformedBody'];
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return [413, ErrorCode.PAYLOAD_TOO_LARGE, 'error.payloadTooLarge'];
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return [415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'error.unsupportedMediaType'];
    default:
      break;
  }
  if (error.validation) return [400, ErrorCode.BAD_REQUEST, 'error.invalidInput'];
  if (error.statusCode === 429) return [429, ErrorCode.RATE_LIMITED, 'error.rateLimited'];
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return [error.statusCode, ErrorCode.BAD_REQUEST, 'error.malformedBody'];
  }
  return undefined;
}

/**
 * Refuses, for every route, a body, query or parameter holding a string
 * PostgreSQL cannot store (a NUL byte, a lone surrogate): 400 with a translated
 * message instead of a database error and a 500 (hole 7 of issue 10). The shared
 * schemas bound the numbers; this covers every string, whatever the route.
 */
export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const found = findUnstorableText(part);
      if (found === TOO_MANY_VALUES) throw new AppError(ErrorCode.BAD_REQUEST, 'error.payloadTooLarge', { status: 413 });
      if (found !== undefined) throw new AppError(ErrorCode.BAD_REQUEST, unstorableTextKey, { status: 400 });
    }
  });
}

/**
 * The single error handler: every failure becomes the spec's envelope with a
 * translated message; 5xx details are logged with the request id, never sent.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      const retryAfter = (error.payload as { retryAfter?: number } | undefined)?.retryAfter;
      if (retryAfter) reply.header('Retry-After', String(retryAfter));
      const message = translate(requestLocale(request), error.messageKey, error.params);
      const body = error.payload === undefined ? { code: error.code, message } : { code: error.code, message, data: error.payload };
      return reply.status(error.status).send(body);
    }
    if (error instanceof ZodError) {
      // A rule with a message key (e-mail format, password rules) is a business error the person can fix.
      const ruled = error.issues.find((i) => i.message in english);
      if (ruled) {
        const message = translate(requestLocale(request), ruled.message as MessageKey);
        return reply.status(200).send({ code: ErrorCode.DEFAULT, message, data: { field: ruled.path.join('.') } });
      }
      const issues = error.issues.map((i) => ({ path: i.path.join('.'), problem: i.code }));
      return send(request, reply, 400, ErrorCode.BAD_REQUEST, 'error.invalidInput', issues);
    }
    const mapped = fromFastify(error);
    if (mapped) return send(request, reply, mapped[0], mapped[1], mapped[2]);
    if (databaseUnreachable(error)) {
      // Nothing to fix in the request: the database is down or cut off for a while. Say so; the pool reconnects by itself.
      request.log.warn({ err: error }, 'database unreachable');
      reply.header('Retry-After', '5');
      return send(request, reply, 503, ErrorCode.INTERNAL, 'error.databaseUnavailable');
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(request, reply, 500, ErrorCode.INTERNAL, 'error.internal');
  });

  app.setNotFoundHandler((request, reply) => send(request, reply, 404, ErrorCode.NOT_FOUND, 'error.notFound'));
}
