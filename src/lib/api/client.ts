import { FetchError, ofetch } from 'ofetch';
import { ErrorCode } from '../../domain/error-codes.ts';

/** Request timeout of spec §9. */
export const requestTimeoutMs = 30_000;

/** The one error type of the API client (spec §8): message, code and the payload when there is one. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: number;
  readonly payload: unknown;
  constructor(message: string, code: number, payload?: unknown) {
    super(message);
    this.code = code;
    this.payload = payload;
  }
}

/** What the client needs from the rest of the app: tokens, locale, and reactions. */
export interface ApiBindings {
  baseURL: string;
  accessToken(): string | undefined;
  locale(): string;
  /** Called on HTTP 401: the stored user must be cleared. */
  onUnauthorized(): void;
  /** Shows an error toast (spec §8); `message` is already in the reader's language. */
  toast(message: string): void;
  /** Translated texts for failures that have no server message. */
  texts: { network: string; http: (status: number) => string };
  /** Runs before each authenticated call (refreshing a token about to expire). */
  beforeRequest?(): Promise<void>;
  /** Where timeouts and cancels are logged. */
  log?(message: string, error: unknown): void;
}

/** Per-call options. */
export interface CallOptions {
  method?: 'GET' | 'POST';
  body?: Record<string, unknown> | FormData;
  query?: Record<string, string | number | undefined>;
  /** No error toast (the caller shows the error itself). */
  silent?: boolean;
  /** Return the body as is, without checking `code`. */
  raw?: boolean;
  /** Skip the pre-request token refresh (the refresh call itself). */
  skipRefresh?: boolean;
  signal?: AbortSignal;
}

interface Envelope {
  code?: number | string;
  data?: unknown;
  message?: string;
  msg?: string;
  errorMsg?: string;
}

/** The message of a failed envelope: message, msg or errorMsg, else the whole body (spec §8). */
export function envelopeMessage(body: unknown): string {
  if (body && typeof body === 'object') {
    const e = body as Envelope;
    const text = e.message ?? e.msg ?? e.errorMsg;
    if (typeof text === 'string' && text) return text;
    return JSON.stringify(body);
  }
  return String(body ?? '');
}

/**
 * Builds the API client of spec §7–§8 on one ofetch instance: 30 s timeout,
 * credentials included, JSON, Authorization and Accept-Language on every call.
 */
export function createApiClient(bindings: ApiBindings) {
  const fetcher = ofetch.create({
    baseURL: bindings.baseURL,
    timeout: requestTimeoutMs,
    credentials: 'include',
    retry: 0,
    ignoreResponseError: true,
    onRequest({ options }) {
      const headers = new Headers(options.headers);
      const token = bindings.accessToken();
      if (token) headers.set('Authorization', `Bearer ${token}`);
      headers.set('Accept-Language', bindings.locale());
      options.headers = headers;
    },
  });

  return async function call<T>(path: string, options: CallOptions = {}): Promise<T> {
    if (!options.skipRefresh) await bindings.beforeRequest?.();
    let response;
    try {
      response = await fetcher.raw<unknown>(path, {
        method: options.method ?? 'GET',
        body: options.body,
        query: options.query,
        signal: options.signal,
      });
    } catch (error) {
      const name = error instanceof FetchError ? (error.cause as Error | undefined)?.name : (error as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError' || options.signal?.aborted) {
        // Spec §8: timeouts and cancels are only logged.
        bindings.log?.(`request ${path} ${name === 'TimeoutError' ? 'timed out' : 'was cancelled'}`, error);
        throw new ApiError(name === 'TimeoutError' ? 'timeout' : 'cancelled', ErrorCode.NETWORK);
      }
      if (!options.silent) bindings.toast(bindings.texts.network);
      throw new ApiError(bindings.texts.network, ErrorCode.NETWORK);
    }
    if (response.status === 401) {
      bindings.onUnauthorized();
      throw new ApiError(envelopeMessage(response._data) || 'unauthorized', ErrorCode.UNAUTHORIZED, response._data);
    }
    if (response.status !== 200) {
      if (!options.silent) bindings.toast(bindings.texts.http(response.status));
      throw new ApiError(`response with error http status(${response.status})`, ErrorCode.DEFAULT, response._data);
    }
    const body = response._data as Envelope | undefined;
    if (options.raw) return body as T;
    if (body && typeof body === 'object' && Number(body.code) === ErrorCode.OK) return body.data as T;
    const message = envelopeMessage(body);
    if (!options.silent) bindings.toast(message);
    const code = body && typeof body === 'object' && body.code !== undefined ? Number(body.code) : ErrorCode.DEFAULT;
    throw new ApiError(message, Number.isNaN(code) ? ErrorCode.DEFAULT : code, body);
  };
}

/** A bound client. */
export type ApiCall = ReturnType<typeof createApiClient>;
