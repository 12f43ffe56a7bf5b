import type { FastifyInstance } from 'fastify';
import { trackEventRequest } from '../../src/domain/endpoints/analytics.ts';
import { endpoints } from '../../src/domain/endpoints/paths.ts';
import type { Database } from '../db/client.ts';
import { ok } from '../envelope.ts';
import { AppError, ErrorCode } from '../errors.ts';
import { recordEvent } from '../services/analytics.ts';
import { enforceLimit, limits } from '../services/rate-limit.ts';
import { TOO_MANY_VALUES, findUnstorableText, unstorableTextKey } from '../../src/domain/endpoints/safe-values.ts';

/** POST /api/analytics/event: stores a page view or a spec §9 event. */
export function analyticsRoutes(app: FastifyInstance, { database, forwardUrl, ipAllowlist }: { database: Database; forwardUrl: string | undefined; ipAllowlist: readonly string[] }) {
  const sink = forwardUrl ? { url: forwardUrl, onError: (error: unknown) => app.log.warn({ err: error }, 'analytics sink failed') } : undefined;
  // Public and unauthenticated: a small body, and a reader's pace per address (hole 11 of issue 10).
  app.post(endpoints.trackEvent, { bodyLimit: 4 * 1024 }, async (request) => {
    if (!ipAllowlist.includes(request.ip)) await enforceLimit(database.db, limits.analyticsPerIp, request.ip);
    const body = parseBeaconBody(request.body);
    // The beacon's text body is parsed here, after the route-wide text guard has run.
    const found = findUnstorableText(body);
    if (found === TOO_MANY_VALUES) throw new AppError(ErrorCode.BAD_REQUEST, 'error.payloadTooLarge', { status: 413 });
    if (found !== undefined) throw new AppError(ErrorCode.BAD_REQUEST, unstorableTextKey, { status: 400 });
    const event = trackEventRequest.parse(body);
    await recordEvent(database.db, event, sink);
    return ok(null);
  });
}

/** The site posts text/plain to stay a CORS simple request: parse it as JSON here. */
function parseBeaconBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    throw new AppError(ErrorCode.BAD_REQUEST, 'error.malformedBody', { status: 400 });
  }
}
