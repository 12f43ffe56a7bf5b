import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { emailCodes, mailOutbox, oneTimeTokens, rateLimits, refreshTokens } from '../db/schema.ts';

/** How often each API process prunes; every delete is idempotent, so processes need not agree on who does it. */
const everyMs = 10 * 60_000;

/**
 * Deletes bookkeeping nobody can use any more: rate-limit windows that have
 * ended (hole 11 of issue 10: the table was never pruned and grew with every
 * address and e-mail ever seen), codes and tokens a day past expiry, and outbox mails a day old.
 */
export async function pruneExpired(db: Db): Promise<{ rateLimits: number; codes: number; tokens: number; refreshTokens: number; mails: number }> {
  const count = (result: unknown) => (result as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0;
  const windows = await db.delete(rateLimits).where(sql`${rateLimits.resetAt} < now()`);
  const codes = await db.delete(emailCodes).where(sql`${emailCodes.expiresAt} < now() - interval '1 day'`);
  const tokens = await db.delete(oneTimeTokens).where(sql`${oneTimeTokens.expiresAt} < now() - interval '1 day'`);
  const refresh = await db.delete(refreshTokens).where(sql`${refreshTokens.expiresAt} < now() - interval '1 day'`);
  // The outbox's mails are a day's help to a developer (their codes expire in minutes) and a record of sending.
  const mails = await db.delete(mailOutbox).where(sql`${mailOutbox.createdAt} < now() - interval '1 day'`);
  return { rateLimits: count(windows), codes: count(codes), tokens: count(tokens), refreshTokens: count(refresh), mails: count(mails) };
}

/** Prunes once the app is up, then every ten minutes, until it closes. */
export function startMaintenance(app: FastifyInstance, db: Db): void {
  const run = () => pruneExpired(db).catch((error: unknown) => app.log.warn({ err: error }, 'pruning expired rows failed'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void run();
    timer = setInterval(run, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
