/**
 * Envelope codes of spec §8: 0 success, 1 default error, 2 network error, 401 unauthorized, and the HTTP-like codes
 * the server adds. One table for the server (server/errors.ts) and the site's API client (issue 31).
 */
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
