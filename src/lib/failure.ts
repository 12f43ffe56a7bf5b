import { ErrorCode } from '../domain/error-codes.ts';
import { ApiError } from './api/client.ts';
import { pageMessage } from './page-messages.ts';

const httpStatus = /^response with error http status\((\d+)\)$/;

/**
 * What to tell a person about a failed call, in their language: the API's own
 * message (the server translates it), else the page's network or HTTP text.
 */
export function failureMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.code === ErrorCode.NETWORK) return pageMessage('error.network');
  const status = httpStatus.exec(error.message);
  if (status) {
    const body = error.payload as { message?: unknown } | undefined;
    return typeof body?.message === 'string' && body.message ? body.message : pageMessage('error.http', { status: Number(status[1]) });
  }
  return error.message;
}

/** The payload of a failed call's envelope (`data`), when the API attached one. */
export function failurePayload<T>(error: unknown): T | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.payload as { data?: T } | undefined;
  return body && typeof body === 'object' ? body.data : undefined;
}
