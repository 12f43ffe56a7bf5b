import type { FastifyRequest } from 'fastify';

/**
 * What the logs may say about a request or an error (hole 11 of issue 10: error
 * logs carried e-mail addresses and essay text from query strings and from the
 * parameters database errors quote). Logs travel further than the database.
 */

const email = /[^\s"'<>@,;:()]+@[^\s"'<>@,;:()]+\.[A-Za-z]{2,}/g;

/** A URL with every query value replaced: `/api/forgetPassword?email=…` keeps the path and the names only. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url.replace(email, '[email]');
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => `${pair.split('=')[0]}=…`)
    .join('&');
  return `${url.slice(0, at).replace(email, '[email]')}?${query}`;
}

/** A message or stack without the values a failed query carried, and without addresses. */
export function redactText(text: string | undefined): string | undefined {
  return text?.replace(/^params: .*$/gm, 'params: …').replace(email, '[email]');
}

/** The request as logged: method, path with redacted query, caller. */
export function requestForLog(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), hostname: request.hostname, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}

/** An error as logged: type, code and redacted message and stack; never the query parameters or a driver's detail. */
export function errorForLog(error: Error & { code?: unknown; statusCode?: unknown; cause?: unknown }): { type: string; message: string; stack: string; [key: string]: unknown } {
  const cause = error.cause instanceof Error ? errorForLog(error.cause) : undefined;
  return {
    type: error.name,
    message: redactText(error.message) ?? '',
    stack: redactText(error.stack) ?? '',
    ...(error.code !== undefined ? { code: error.code } : {}),
    ...(error.statusCode !== undefined ? { statusCode: error.statusCode } : {}),
    ...(cause ? { cause } : {}),
  };
}

/** An address for a log line: enough to tell two apart, not enough to write to. */
export function maskEmail(address: string): string {
  const [local = '', domain = ''] = address.split('@');
  return `${local.slice(0, 1)}…@${domain}`;
}
