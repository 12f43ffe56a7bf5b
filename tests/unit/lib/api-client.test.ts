import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../../src/domain/error-codes.ts';
import { ApiError, createApiClient, envelopeMessage, requestTimeoutMs, type ApiBindings } from '../../../src/lib/api/client.ts';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
let handler: Handler = (_req, res) => res.end('{}');
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => handler(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function json(status: number, body: unknown): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
}

function client(overrides: Partial<ApiBindings> = {}) {
  const toasts: string[] = [];
  const logs: string[] = [];
  const bindings: ApiBindings = {
    baseURL: base,
    accessToken: () => 'token-123',
    locale: () => 'fr',
    onUnauthorized: vi.fn(),
    toast: (m) => toasts.push(m),
    texts: { network: 'Réseau indisponible', http: (s) => `Erreur ${s}` },
    log: (m) => logs.push(m),
    ...overrides,
  };
  return { call: createApiClient(bindings), toasts, logs, bindings };
}

describe('API client (spec §7–§8)', () => {
  it('[API-01] [LOC-02] [ACC-17] sends JSON with Authorization, Accept-Language and a 30 s timeout', async () => {
    let seen: IncomingMessage | undefined;
    let sent = '';
    handler = (req, res, body) => {
      seen = req;
      sent = body;
      json(200, { code: 0, data: { ok: true } })(req, res, body);
    };
    const { call } = client();
    await expect(call('/api/x', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    expect(seen!.headers.authorization).toBe('Bearer token-123');
    expect(seen!.headers['accept-language']).toBe('fr');
    expect(seen!.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(sent)).toEqual({ a: 1 });
    expect(requestTimeoutMs).toBe(30_000);
  });

  it('[API-03] treats HTTP 200 with code 0 as success and answers data', async () => {
    handler = json(200, { code: 0, data: [1, 2] });
    await expect(client().call('/ok')).resolves.toEqual([1, 2]);
  });

  it('[API-02] [API-04] takes the message from message, msg, errorMsg or the whole body, toasts it and rejects with the payload', async () => {
    for (const [body, message] of [
      [{ code: 1, message: 'from message' }, 'from message'],
      [{ code: 7, msg: 'from msg' }, 'from msg'],
      [{ code: 999, errorMsg: 'from errorMsg' }, 'from errorMsg'],
      [{ code: 5 }, '{"code":5}'],
    ] as const) {
      handler = json(200, body);
      const { call, toasts } = client();
      const error = await call('/fail').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).message).toBe(message);
      expect((error as ApiError).payload).toEqual(body);
      expect((error as ApiError).code).toBe(body.code);
      expect(toasts).toEqual([message]);
    }
    expect(envelopeMessage('plain text body')).toBe('plain text body');
  });

  it('[API-04] shows no toast for a silent call', async () => {
    handler = json(200, { code: 1, message: 'quiet' });
    const { call, toasts } = client();
    await expect(call('/fail', { silent: true })).rejects.toMatchObject({ message: 'quiet' });
    expect(toasts).toEqual([]);
  });

  it('[API-05] rejects a non-200 status with "response with error http status(N)"', async () => {
    handler = json(503, { code: 1, message: 'down' });
    const { call, toasts } = client();
    await expect(call('/down')).rejects.toMatchObject({ message: 'response with error http status(503)' });
    expect(toasts).toEqual(['Erreur 503']);
  });

  it('[API-06] on 401 clears the stored user and rejects as unauthorized', async () => {
    handler = json(401, { code: 401, message: 'expired' });
    const { call, bindings } = client();
    await expect(call('/me')).rejects.toMatchObject({ code: ErrorCode.UNAUTHORIZED });
    expect(bindings.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('[API-07] logs a cancel without a toast, and turns other failures into network errors', async () => {
    handler = () => undefined; // never answers
    const { call, toasts, logs } = client();
    const controller = new AbortController();
    const pending = call('/slow', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: ErrorCode.NETWORK });
    expect(toasts).toEqual([]);
    expect(logs.join()).toMatch(/cancelled/);

    const offline = client({ baseURL: 'http://127.0.0.1:1' });
    await expect(offline.call('/x')).rejects.toMatchObject({ code: ErrorCode.NETWORK, message: 'Réseau indisponible' });
    expect(offline.toasts).toEqual(['Réseau indisponible']);
  });

  it('[API-08] returns a raw-flagged body without checking its code', async () => {
    handler = json(200, { code: '999', errorMsg: 'parse failed' });
    await expect(client().call('/raw', { raw: true })).resolves.toEqual({ code: '999', errorMsg: 'parse failed' });
  });

  it('runs the token refresh before a call, except where told not to', async () => {
    handler = json(200, { code: 0, data: null });
    const beforeRequest = vi.fn(async () => undefined);
    const { call } = client({ beforeRequest });
    await call('/a');
    await call('/b', { skipRefresh: true });
    expect(beforeRequest).toHaveBeenCalledTimes(1);
  });
});
