import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking the part of Stripe's documented API we call
 * (form-encoded, bearer secret key, Idempotency-Key): POST /v1/checkout/sessions, GET /v1/checkout/sessions/{id},
 * POST /v1/checkout/sessions/{id}/expire (400 unless the session is open, as Stripe answers), POST /v1/coupons and
 * POST /v1/subscriptions/{id}. `pay(id)` marks a session complete, as a buyer paying it does.
 */
export interface FakeStripe {
  apiBase: string;
  /** Checkout Sessions created, as the form fields we sent, with the id the fake gave each (`id`). */
  sessions: Record<string, string>[];
  /** Coupons created (a discounted first period of a subscription). */
  coupons: Record<string, string>[];
  /** Subscription updates, e.g. cancel_at_period_end. */
  subscriptionUpdates: { id: string; form: Record<string, string> }[];
  /** Session ids expired through the API. */
  expired: string[];
  /** Marks a session complete (the buyer paid it). */
  pay(sessionId: string): void;
  close(): Promise<void>;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export async function startFakeStripe(secretKey: string): Promise<FakeStripe> {
  const sessions: Record<string, string>[] = [];
  const coupons: Record<string, string>[] = [];
  const subscriptionUpdates: { id: string; form: Record<string, string> }[] = [];
  const byKey = new Map<string, unknown>();
  const status = new Map<string, 'open' | 'complete' | 'expired'>();
  const expired: string[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${secretKey}`) return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      const one = /^\/v1\/checkout\/sessions\/(cs_test_\w+)(\/expire)?$/.exec(req.url ?? '');
      if (one && status.has(one[1]!)) {
        const id = one[1]!;
        const session = () => ({ id, object: 'checkout.session', status: status.get(id), payment_status: status.get(id) === 'complete' ? 'paid' : 'unpaid' });
        if (req.method === 'GET' && !one[2]) return send(200, session());
        if (req.method === 'POST' && one[2]) {
          if (status.get(id) !== 'open') return send(400, { error: { type: 'invalid_request_error', message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${status.get(id)}".` } });
          status.set(id, 'expired');
          expired.push(id);
          return send(200, session());
        }
      }
      if (req.method !== 'POST') return send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
      const key = String(req.headers['idempotency-key'] ?? '');
      if (key && byKey.has(key)) return send(200, byKey.get(key));
      const form = Object.fromEntries(new URLSearchParams(raw));
      let body: unknown;
      const subscription = /^\/v1\/subscriptions\/(sub_[\w]+)$/.exec(req.url ?? '');
      if (req.url === '/v1/checkout/sessions') {
        const id = newId('cs_test');
        sessions.push({ ...form, id });
        status.set(id, 'open');
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
    expired,
    pay: (id) => void status.set(id, 'complete'),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
