import { ErrorCode } from '../src/domain/error-codes.ts';
import type { MessageKey, MessageParams } from '../src/i18n/translate.ts';

/** The envelope codes (spec §8), one table for the server and the site (src/domain/error-codes.ts). */
export { ErrorCode };

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
