import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking the part of Stripe's documented API we call:
 * POST /v1/checkout/sessions (form-encoded, bearer secret key, Idempotency-Key).
 */
export interface FakeStripe {
  apiBase: string;
  sessions: Record<string, string>[];
  close(): Promise<void>;
}

export async function startFakeStripe(secretKey: string): Promise<FakeStripe> {
  const sessions: Record<string, string>[] = [];
  const byKey = new Map<string, unknown>();
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${secretKey}`) return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') return send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
      const key = String(req.headers['idempotency-key'] ?? '');
      if (key && byKey.has(key)) return send(200, byKey.get(key));
      const form = Object.fromEntries(new URLSearchParams(raw));
      sessions.push(form);
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const body = { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}`, client_reference_id: form.client_reference_id, mode: form.mode, payment_status: 'unpaid', status: 'open' };
      if (key) byKey.set(key, body);
      send(200, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sessions,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
