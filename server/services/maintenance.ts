import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { OrderStatus, toolOrderTypes } from '../../src/domain/orders.ts';
import { analyticsEvents, editorDocuments, emailCodes, mailOutbox, oneTimeTokens, orders, rateLimits, refreshTokens } from '../db/schema.ts';

/** How often each API process prunes; every delete is idempotent, so processes need not agree on who does it. */
const everyMs = 10 * 60_000;

/**
 * Deletes bookkeeping nobody can use any more: rate-limit windows that have
 * ended (hole 11 of issue 10: the table was never pruned and grew with every
 * address and e-mail ever seen), codes and tokens a day past expiry, outbox mails a day old, deleted editor
 * documents, unpaid tool runs and old analytics events.
 */
export async function pruneExpired(db: Db): Promise<{ rateLimits: number; codes: number; tokens: number; refreshTokens: number; mails: number; documents: number; unpaidRuns: number; events: number }> {
  const count = (result: unknown) => (result as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0;
  const windows = await db.delete(rateLimits).where(sql`${rateLimits.resetAt} < now()`);
  const codes = await db.delete(emailCodes).where(sql`${emailCodes.expiresAt} < now() - interval '1 day'`);
  const tokens = await db.delete(oneTimeTokens).where(sql`${oneTimeTokens.expiresAt} < now() - interval '1 day'`);
  const refresh = await db.delete(refreshTokens).where(sql`${refreshTokens.expiresAt} < now() - interval '1 day'`);
  // The outbox's mails are a day's help to a developer (their codes expire in minutes) and a record of sending.
  const mails = await db.delete(mailOutbox).where(sql`${mailOutbox.createdAt} < now() - interval '1 day'`);
  // Storage that only grew (issue 29): editor documents a week after their deletion (the grace for an undo), tool
  // runs never paid two days on (their text is up to 200 KB; no payment or ledger row names them), and analytics
  // events after 180 days.
  const documents = await db.delete(editorDocuments).where(sql`${editorDocuments.deletedAt} < now() - interval '7 days'`);
  const unpaidRuns = await db
    .delete(orders)
    .where(
      sql`${orders.status} = ${OrderStatus.CREATED} and ${orders.orderType} in (${sql.join(toolOrderTypes.map((t) => sql`${t}`), sql`, `)}) and ${orders.createdAt} < now() - interval '2 days' and not exists (select 1 from payments p where p.order_no = ${orders.orderNo})`,
    );
  const events = await db.delete(analyticsEvents).where(sql`${analyticsEvents.createdAt} < now() - interval '180 days'`);
  return { rateLimits: count(windows), codes: count(codes), tokens: count(tokens), refreshTokens: count(refresh), mails: count(mails), documents: count(documents), unpaidRuns: count(unpaidRuns), events: count(events) };
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
