import { and, desc, eq, sql } from 'drizzle-orm';
import { authRules } from '../../src/domain/auth-rules.ts';
import type { Db } from '../db/client.ts';
import { emailCodes } from '../db/schema.ts';
import { AppError, ErrorCode } from '../errors.ts';
import { hashCode, randomCode, sameHash } from './tokens.ts';

/** What a code proves: the address for a sign-up, or the right to reset a password. */
export type CodePurpose = 'register' | 'reset';

/**
 * Creates a new code for an address, refusing when the previous one is younger
 * than the resend interval. Older codes stop working: only the latest counts.
 */
export async function issueCode(db: Db, key: Uint8Array, email: string, purpose: CodePurpose, ttlSeconds: number = authRules.codeTtlMinutes * 60): Promise<string> {
  const [latest] = await db
    .select({ createdAt: emailCodes.createdAt })
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  if (latest) {
    const waited = (Date.now() - latest.createdAt.getTime()) / 1000;
    if (waited < authRules.resendSeconds) {
      const seconds = Math.ceil(authRules.resendSeconds - waited);
      throw new AppError(ErrorCode.DEFAULT, 'auth.error.tooSoon', { params: { count: seconds }, payload: { retryAfter: seconds } });
    }
  }
  const code = randomCode(authRules.codeLength);
  await db.insert(emailCodes).values({
    email,
    purpose,
    codeHash: hashCode(key, purpose, email, code),
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  return code;
}

/**
 * Checks a code against the latest one sent to the address. A wrong code counts
 * an attempt; after five the code is dead. With `consume`, a right code is used
 * up in the same statement, so two requests cannot both use it.
 */
export async function checkCode(db: Db, key: Uint8Array, email: string, purpose: CodePurpose, code: string, consume: boolean): Promise<void> {
  const [latest] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  if (!latest) throw new AppError(ErrorCode.DEFAULT, 'auth.error.codeInvalid');
  // A used code answers as a wrong one: "already used" told a registered address (whose sign-up code was used)
  // from a new one for about a day (issue 29).
  if (latest.consumedAt) throw new AppError(ErrorCode.DEFAULT, 'auth.error.codeInvalid');
  if (latest.attempts >= authRules.codeMaxAttempts) throw new AppError(ErrorCode.DEFAULT, 'auth.error.codeAttempts');
  if (latest.expiresAt.getTime() <= Date.now()) throw new AppError(ErrorCode.DEFAULT, 'auth.error.codeExpired');
  if (!sameHash(latest.codeHash, hashCode(key, purpose, email, code))) {
    await db.update(emailCodes).set({ attempts: sql`${emailCodes.attempts} + 1` }).where(eq(emailCodes.id, latest.id));
    throw new AppError(ErrorCode.DEFAULT, latest.attempts + 1 >= authRules.codeMaxAttempts ? 'auth.error.codeAttempts' : 'auth.error.codeInvalid');
  }
  if (consume) {
    const used = await db
      .update(emailCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(emailCodes.id, latest.id), sql`${emailCodes.consumedAt} is null`))
      .returning({ id: emailCodes.id });
    if (used.length === 0) throw new AppError(ErrorCode.DEFAULT, 'auth.error.codeInvalid');
  }
}
