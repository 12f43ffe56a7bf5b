import type { MessageKey, MessageParams } from '../src/i18n/translate.ts';

/** Envelope codes of spec §8: 0 success, 1 default error, 2 network error, 401 unauthorized. */
export const ErrorCode = {
  OK: 0,
  DEFAULT: 1,
  NETWORK: 2,
  UNAUTHORIZED: 401,
  BAD_REQUEST: 400,
  NOT_FOUND: 404,
  /** The resource changed since the version the request was based on (a stale save). */
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
} as const;

/**
 * The one error type services throw. The error handler turns it into the
 * envelope `{code, message}` with the message translated for the request.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: number;
  readonly messageKey: MessageKey;
  readonly params: MessageParams | undefined;
  /** HTTP status: 200 for business errors (spec §8), 4xx for malformed requests. */
  readonly status: number;
  readonly payload: unknown;

  constructor(code: number, messageKey: MessageKey, options: { status?: number; params?: MessageParams; payload?: unknown } = {}) {
    super(messageKey);
    this.code = code;
    this.messageKey = messageKey;
    this.params = options.params;
    this.status = options.status ?? 200;
    this.payload = options.payload;
  }
}
