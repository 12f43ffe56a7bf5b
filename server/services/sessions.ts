import { and, eq, isNull, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { authRules } from '../../src/domain/auth-rules.ts';
import type { LoginData } from '../../src/domain/endpoints/auth.ts';
import type { Db } from '../db/client.ts';
import { refreshTokens, sessions } from '../db/schema.ts';
import { AppError, ErrorCode } from '../errors.ts';
import { hashToken, randomToken } from './tokens.ts';

const issuer = 'inkwise';

/**
 * How long a just-used refresh token may be presented again without counting as
 * theft (hole 11 of issue 10: parallel refreshes of one token logged the user out).
 */
export const refreshReuseGraceMs = 15_000;

/** Who made an authenticated request. */
export interface Principal {
  userId: string;
  sessionId: string;
  expiresAt: number;
}

function unauthorized(): AppError {
  return new AppError(ErrorCode.UNAUTHORIZED, 'auth.error.sessionExpired', { status: 401 });
}

async function issueTokens(db: Db, key: Uint8Array, userId: string, sessionId: string): Promise<LoginData> {
  const refresh = randomToken();
  const refreshExpires = Date.now() + authRules.refreshTokenDays * 86_400_000;
  await db.insert(refreshTokens).values({ tokenHash: hashToken(refresh), sessionId, expiresAt: new Date(refreshExpires) });
  const expiresIn = authRules.accessTokenMinutes * 60;
  const accessToken = await new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer(issuer)
    .setIssuedAt()
    .setExpirationTime(`${expiresIn}s`)
    .sign(key);
  return { accessToken, tokenType: 'Bearer', expiresIn, refreshToken: { token: refresh, expiresAt: refreshExpires }, userId };
}

/** Starts a session (a family of refresh tokens) and returns its first tokens. */
export async function startSession(db: Db, key: Uint8Array, userId: string): Promise<LoginData> {
  const [session] = await db.insert(sessions).values({ userId }).returning({ id: sessions.id });
  return issueTokens(db, key, userId, session!.id);
}

/**
 * Trades a refresh token for new tokens. Each token works once: presenting a
 * used one means it was stolen (or replayed), so the whole session is revoked,
 * unless it was used within the last `refreshReuseGraceMs` (parallel refreshes).
 */
export async function rotateRefreshToken(db: Db, key: Uint8Array, token: string): Promise<LoginData> {
  const tokenHash = hashToken(token);
  const [claimed] = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
    .returning({ sessionId: refreshTokens.sessionId, expiresAt: refreshTokens.expiresAt });
  if (!claimed) {
    const [reused] = await db
      .select({ sessionId: refreshTokens.sessionId, usedAt: refreshTokens.usedAt, expiresAt: refreshTokens.expiresAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    if (!reused) throw unauthorized();
    // Used moments ago: two tabs (or a retry after a lost answer) refreshed together. They get tokens of the same
    // session instead of ending it; later reuse is what a stolen token looks like, and ends the session.
    if (reused.usedAt && Date.now() - reused.usedAt.getTime() < refreshReuseGraceMs && reused.expiresAt.getTime() > Date.now()) {
      const [session] = await db.select().from(sessions).where(eq(sessions.id, reused.sessionId));
      if (session && !session.revokedAt) return issueTokens(db, key, session.userId, session.id);
      throw unauthorized();
    }
    await revokeSession(db, reused.sessionId, 'refresh-token-reuse');
    throw unauthorized();
  }
  const [session] = await db.select().from(sessions).where(eq(sessions.id, claimed.sessionId));
  if (!session || session.revokedAt || claimed.expiresAt.getTime() <= Date.now()) throw unauthorized();
  return issueTokens(db, key, session.userId, session.id);
}

/** Ends a session: its refresh tokens and access tokens stop working at once. */
export async function revokeSession(db: Db, sessionId: string, reason: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date(), revokedReason: reason }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user (after a password change or reset). */
export async function revokeUserSessions(db: Db, userId: string, reason: string, except?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), except ? sql`${sessions.id} <> ${except}` : undefined));
}

/** The session a refresh token belongs to, if any (logout with only a refresh token). */
export async function sessionOfRefreshToken(db: Db, token: string): Promise<string | undefined> {
  const [row] = await db.select({ sessionId: refreshTokens.sessionId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(token)));
  return row?.sessionId;
}

/** Verifies an access token and that its session is still open; 401 otherwise. */
export async function authenticate(db: Db, key: Uint8Array, header: string | undefined): Promise<Principal> {
  const token = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1];
  if (!token) throw unauthorized();
  let payload;
  try {
    ({ payload } = await jwtVerify(token, key, { issuer, algorithms: ['HS256'] }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) throw unauthorized();
    throw error;
  }
  const sessionId = typeof payload.sid === 'string' ? payload.sid : undefined;
  if (!payload.sub || !sessionId || !/^[0-9a-f-]{36}$/.test(sessionId)) throw unauthorized();
  const [session] = await db.select({ revokedAt: sessions.revokedAt }).from(sessions).where(eq(sessions.id, sessionId));
  if (!session || session.revokedAt) throw unauthorized();
  return { userId: payload.sub, sessionId, expiresAt: (payload.exp ?? 0) * 1000 };
}
