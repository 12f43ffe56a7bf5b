import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { AppError, ErrorCode } from '../errors.ts';

/** A limit: at most `limit` hits per `windowSeconds` for one key. */
export interface Limit {
  name: string;
  limit: number;
  windowSeconds: number;
}

/** The limits of docs/decisions/0006. */
export const limits = {
  loginPerIp: { name: 'login-ip', limit: 30, windowSeconds: 15 * 60 },
  /**
   * Wrong passwords lock the address for the guessing IP only (hole 11 of issue 10: ten
   * tries locked the owner out everywhere); the per-address cap is high and only stops
   * guessing spread over many addresses (docs/decisions/0016).
   */
  loginPerEmailIp: { name: 'login-email-ip', limit: 10, windowSeconds: 15 * 60 },
  loginPerEmail: { name: 'login-email', limit: 100, windowSeconds: 15 * 60 },
  codeSendPerIp: { name: 'code-ip', limit: 20, windowSeconds: 60 * 60 },
  codeSendPerEmail: { name: 'code-email', limit: 5, windowSeconds: 60 * 60 },
  codeCheckPerIp: { name: 'check-ip', limit: 60, windowSeconds: 15 * 60 },
  refreshPerIp: { name: 'refresh-ip', limit: 300, windowSeconds: 15 * 60 },
  /** Page views and events from one address: a reader's pace, not a flood. */
  analyticsPerIp: { name: 'analytics-ip', limit: 120, windowSeconds: 10 * 60 },
  /** Price quotes from one address: the tool pages quote as a person types (debounced), about one a second at most. */
  quotePerIp: { name: 'quote-ip', limit: 600, windowSeconds: 10 * 60 },
  /** PDF and Word downloads from one address (a shared report's link needs no account): a reader's pace. */
  downloadsPerIp: { name: 'download-ip', limit: 120, windowSeconds: 10 * 60 },
  /** The same, per signed-in account (its own reports and Word files). */
  downloadsPerUser: { name: 'download-user', limit: 120, windowSeconds: 10 * 60 },
} as const satisfies Record<string, Limit>;

/**
 * Counts one hit in a fixed window shared by every process (one upsert), and
 * throws a translated "too many attempts" error past the limit.
 */
export async function enforceLimit(db: Db, limit: Limit, subject: string): Promise<void> {
  const key = `${limit.name}:${subject}`;
  const result = await db.execute<{ count: number; reset_at: Date | string }>(sql`
    insert into ${rateLimits} (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${limit.windowSeconds}))
    on conflict (key) do update set
      count = case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end,
      reset_at = case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end
    returning count, reset_at`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { count: number; reset_at: Date | string }[] }).rows);
  const row = rows[0]!;
  if (Number(row.count) > limit.limit) {
    const retryAfter = Math.max(1, Math.ceil((new Date(row.reset_at).getTime() - Date.now()) / 1000));
    throw new AppError(ErrorCode.RATE_LIMITED, 'error.rateLimited', { payload: { retryAfter } });
  }
}

/**
 * Rendered files cost a thread's time: a signed-in reader's downloads are counted per account (a school's shared
 * address must not stop a class), a shared link's per address.
 */
export async function limitDownloads(db: Db, who: { userId?: string; ip: string }, ipAllowlist: readonly string[]): Promise<void> {
  if (who.userId) await enforceLimit(db, limits.downloadsPerUser, who.userId);
  else if (!ipAllowlist.includes(who.ip)) await enforceLimit(db, limits.downloadsPerIp, who.ip);
}
