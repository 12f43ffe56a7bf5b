import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OutboxMode } from '../config.ts';
import type { Db } from '../db/client.ts';
import { latestMail } from '../services/mail.ts';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const loopbackPeer = (address: string | undefined) => !!address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));
/** A request a proxy passed on: it may come from anywhere, whatever socket it arrived on. */
const forwarded = (request: FastifyRequest) => ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host'].some((h) => request.headers[h] !== undefined);

/**
 * GET /dev/outbox: the e-mails the app "sent", for a newcomer with no mail
 * server. It shows sign-up and reset codes, so it is registered only in the
 * outbox modes of config.ts; in the default ('loopback') mode a request must also
 * come straight from this machine, not through a proxy, and carry this process's
 * key (`?key=`, printed at start and with each mail): a plain TCP forwarder on
 * loopback (ssh -L, socat) makes a stranger's request look local (issue 29), and
 * the key is the explicit opt-in it lacks. Otherwise the page does not exist.
 */
export function devRoutes(app: FastifyInstance, { db, mode, key }: { db: Db; mode: Exclude<OutboxMode, 'off'>; key?: string }) {
  const keyed = (given: unknown) => {
    if (mode !== 'loopback') return true;
    if (!key || typeof given !== 'string' || given.length !== key.length) return false;
    return timingSafeEqual(Buffer.from(given), Buffer.from(key));
  };
  app.get('/dev/outbox', async (request, reply) => {
    if (mode === 'loopback' && (!loopbackPeer(request.socket.remoteAddress) || forwarded(request) || !keyed((request.query as { key?: unknown }).key))) return reply.callNotFound();
    const mails = await latestMail(db);
    const items = mails
      .map((m) => `<article><h2>${escape(m.subject)}</h2><p><b>To:</b> ${escape(m.to)} · ${m.createdAt.toISOString()} · ${m.transport}</p><pre>${escape(m.text)}</pre></article>`)
      .join('<hr>');
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Dev outbox</title><style>body{font:15px system-ui;max-width:50rem;margin:2rem auto;padding:0 1rem}pre{white-space:pre-wrap;background:#f1f5f9;padding:1rem}</style></head><body><h1>Dev outbox</h1><p>Development only: the latest e-mails, newest first. Set SMTP_URL to send real mail.</p>${items || '<p>No e-mail yet.</p>'}</body></html>`;
  });
}
