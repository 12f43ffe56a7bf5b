import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking the part of Stripe's documented API we call
 * (form-encoded, bearer secret key, Idempotency-Key): POST /v1/checkout/sessions,
 * POST /v1/coupons and POST /v1/subscriptions/{id}.
 */
export interface FakeStripe {
  apiBase: string;
  /** Checkout Sessions created, as the form fields we sent. */
  sessions: Record<string, string>[];
  /** Coupons created (a discounted first period of a subscription). */
  coupons: Record<string, string>[];
  /** Subscription updates, e.g. cancel_at_period_end. */
  subscriptionUpdates: { id: string; form: Record<string, string> }[];
  close(): Promise<void>;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export async function startFakeStripe(secretKey: string): Promise<FakeStripe> {
  const sessions: Record<string, string>[] = [];
  const coupons: Record<string, string>[] = [];
  const subscriptionUpdates: { id: string; form: Record<string, string> }[] = [];
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
      if (req.method !== 'POST') return send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
      const key = String(req.headers['idempotency-key'] ?? '');
      if (key && byKey.has(key)) return send(200, byKey.get(key));
      const form = Object.fromEntries(new URLSearchParams(raw));
      let body: unknown;
      const subscription = /^\/v1\/subscriptions\/(sub_[\w]+)$/.exec(req.url ?? '');
      if (req.url === '/v1/checkout/sessions') {
        sessions.push(form);
        const id = newId('cs_test');
        body = { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}`, client_reference_id: form.client_reference_id, mode: form.mode, payment_status: 'unpaid', status: 'open' };
      } else if (req.url === '/v1/coupons') {
        coupons.push(form);
        body = { id: newId('co'), object: 'coupon', amount_off: Number(form.amount_off), currency: form.currency, duration: form.duration, valid: true };
      } else if (subscription) {
        subscriptionUpdates.push({ id: subscription[1]!, form });
        body = { id: subscription[1], object: 'subscription', status: 'active', cancel_at_period_end: form.cancel_at_period_end === 'true' };
      } else {
        return send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
      }
      if (key) byKey.set(key, body);
      send(200, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sessions,
    coupons,
    subscriptionUpdates,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
