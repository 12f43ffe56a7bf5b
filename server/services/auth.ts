import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { authRules, webmailUrl } from '../../src/domain/auth-rules.ts';
import type { LoginData } from '../../src/domain/endpoints/auth.ts';
import { type Locale } from '../../src/i18n/locales.ts';
import { localizedPath } from '../../src/i18n/routes.ts';
import type { Db } from '../db/client.ts';
import { oneTimeTokens, users } from '../db/schema.ts';
import { AppError, ErrorCode } from '../errors.ts';
import { renderMail } from '../mail/templates.ts';
import { checkCode, issueCode } from './codes.ts';
import type { Mailer } from './mail.ts';
import { enforceLimit, limits } from './rate-limit.ts';
import { revokeSession, revokeUserSessions, rotateRefreshToken, sessionOfRefreshToken, startSession } from './sessions.ts';
import { hashToken, randomToken } from './tokens.ts';
import { createUser, findUserByEmail, getUser } from './users.ts';
import { inviterByCode } from './referrals.ts';
import { wasClosed } from './account.ts';

/** What the account services need. */
export interface AuthDeps {
  db: Db;
  key: Uint8Array;
  mailer: Mailer;
  siteUrl: string;
  /** Addresses exempt from per-IP limits (trusted probes, benchmarks). */
  ipAllowlist: readonly string[];
  /** How long a mailed code works. */
  codeTtlSeconds: number;
}

/** The caller of a request: where it came from and which language it reads. */
export interface Caller {
  ip: string;
  locale: Locale;
}

const argon2Options = {
  // 2 is Algorithm.Argon2id (a const enum, which type stripping cannot read).
  algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
/** Verified against when an address is unknown, so a miss takes as long as a hit. */
let dummyHash: Promise<string> | undefined;

/** Counts a hit for a key that includes the caller's IP, unless that IP is allowlisted. */
async function limitIp(deps: AuthDeps, limit: (typeof limits)[keyof typeof limits], key: string) {
  const ip = key.slice(key.lastIndexOf('|') + 1);
  if (!deps.ipAllowlist.includes(ip)) await enforceLimit(deps.db, limit, key);
}

/**
 * POST /sendVerifyMailV2: e-mails a sign-up code. For an address that already
 * has an account the mail says so instead; the answer is the same either way.
 */
export async function sendSignupCode(deps: AuthDeps, caller: Caller, email: string): Promise<{ resendAfter: number }> {
  await limitIp(deps, limits.codeSendPerIp, caller.ip);
  await enforceLimit(deps.db, limits.codeSendPerEmail, email);
  const code = await issueCode(deps.db, deps.key, email, 'register', deps.codeTtlSeconds);
  const existing = await findUserByEmail(deps.db, email);
  deps.mailer.sendLater(email, () =>
    existing
      ? renderMail(caller.locale, {
          kind: 'existing',
          loginUrl: new URL(localizedPath(caller.locale, 'login'), deps.siteUrl).href,
          resetUrl: new URL(localizedPath(caller.locale, 'resetPassword'), deps.siteUrl).href,
        })
      : renderMail(caller.locale, { kind: 'code', code, minutes: Math.max(1, Math.round(deps.codeTtlSeconds / 60)) }),
  );
  return { resendAfter: authRules.resendSeconds };
}

/** POST /tryVerifyEmailCode: tells whether a sign-up code is right, without using it. */
export async function tryCode(deps: AuthDeps, caller: Caller, email: string, code: string): Promise<void> {
  await limitIp(deps, limits.codeCheckPerIp, caller.ip);
  await checkCode(deps.db, deps.key, email, 'register', code, false);
}

/**
 * POST /registerV2: creates the account from a valid code and logs it in. Every
 * check runs in the same order for every address, the code first, so no answer
 * (a bad invite code included) tells whether the address already has an account.
 */
export async function register(
  deps: AuthDeps,
  caller: Caller,
  input: { email: string; password: string; verifyCode: string; referCode?: string | null },
): Promise<LoginData> {
  await limitIp(deps, limits.codeCheckPerIp, caller.ip);
  const [existing, inviter] = await Promise.all([findUserByEmail(deps.db, input.email), input.referCode ? inviterByCode(deps.db, input.referCode) : undefined]);
  await checkCode(deps.db, deps.key, input.email, 'register', input.verifyCode, false);
  // An existing address was mailed a notice, never its code: a code that checks out here is for a new address only.
  if (existing) throw new AppError(ErrorCode.DEFAULT, 'auth.error.codeInvalid');
  if (input.referCode && !inviter) throw new AppError(ErrorCode.DEFAULT, 'referral.error.invalid');
  await checkCode(deps.db, deps.key, input.email, 'register', input.verifyCode, true);
  const passwordHash = await hash(input.password, argon2Options);
  let user;
  try {
    user = await createUser(deps.db, { email: input.email, passwordHash, locale: caller.locale, userType: '1', referCode: input.referCode ?? null, closedBefore: await wasClosed(deps.db, deps.key, input.email) });
  } catch {
    // Two sign-ups raced for the same address: the loser's code was already used.
    throw new AppError(ErrorCode.DEFAULT, 'auth.error.codeInvalid');
  }
  await deps.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  return startSession(deps.db, deps.key, user.id);
}

/** POST /login: one answer for an unknown address and a wrong password. */
export async function login(deps: AuthDeps, caller: Caller, email: string, password: string): Promise<LoginData> {
  await limitIp(deps, limits.loginPerIp, caller.ip);
  await limitIp(deps, limits.loginPerEmailIp, `${email}|${caller.ip}`);
  await enforceLimit(deps.db, limits.loginPerEmail, email);
  const user = await findUserByEmail(deps.db, email);
  if (!user?.passwordHash) {
    dummyHash ??= hash('not-a-real-password-1', argon2Options);
    await verify(await dummyHash, password).catch(() => false);
    throw new AppError(ErrorCode.DEFAULT, 'auth.error.credentials');
  }
  if (!(await verify(user.passwordHash, password).catch(() => false))) {
    throw new AppError(ErrorCode.DEFAULT, 'auth.error.credentials');
  }
  await deps.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  return startSession(deps.db, deps.key, user.id);
}

/** POST /api/token/refresh */
export async function refresh(deps: AuthDeps, caller: Caller, refreshToken: string): Promise<LoginData> {
  await limitIp(deps, limits.refreshPerIp, caller.ip);
  return rotateRefreshToken(deps.db, deps.key, refreshToken);
}

/** POST /logout: ends the session of the access token or of the refresh token given. */
export async function logout(deps: AuthDeps, sessionId: string | undefined, refreshToken: string | undefined): Promise<void> {
  const session = sessionId ?? (refreshToken ? await sessionOfRefreshToken(deps.db, refreshToken) : undefined);
  if (session) await revokeSession(deps.db, session, 'logout');
}

/**
 * GET /api/forgetPassword: e-mails a reset code when the account exists. A code is
 * issued (and the resend interval applies) for any address, and the mail leaves
 * after the answer, so neither the answer nor its timing tells who has an account.
 */
export async function sendResetCode(deps: AuthDeps, caller: Caller, email: string): Promise<void> {
  await limitIp(deps, limits.codeSendPerIp, caller.ip);
  await enforceLimit(deps.db, limits.codeSendPerEmail, email);
  const [user, code] = await Promise.all([findUserByEmail(deps.db, email), issueCode(deps.db, deps.key, email, 'reset', deps.codeTtlSeconds)]);
  if (!user) return;
  deps.mailer.sendLater(email, () => renderMail(caller.locale, { kind: 'reset', code, minutes: Math.max(1, Math.round(deps.codeTtlSeconds / 60)) }));
}

/** POST /api/resetPassword: sets a new password from a valid code and ends every session. The code is checked first, for any address. */
export async function resetPassword(deps: AuthDeps, caller: Caller, input: { email: string; verifyCode: string; password: string }): Promise<void> {
  await limitIp(deps, limits.codeCheckPerIp, caller.ip);
  const user = await findUserByEmail(deps.db, input.email);
  await checkCode(deps.db, deps.key, input.email, 'reset', input.verifyCode, !!user);
  // Only an existing address was mailed its code; for any other a right guess is still wrong.
  if (!user) throw new AppError(ErrorCode.DEFAULT, 'auth.error.codeInvalid');
  const passwordHash = await hash(input.password, argon2Options);
  // Receiving the code proves the address too.
  await deps.db.update(users).set({ passwordHash, userType: '1' }).where(eq(users.id, user.id));
  await revokeUserSessions(deps.db, user.id, 'password-reset');
}

/** POST /api/user/changePassword: keeps this session, ends the others. */
export async function changePassword(deps: AuthDeps, userId: string, sessionId: string, oldPassword: string, newPassword: string): Promise<void> {
  const user = await getUser(deps.db, userId);
  if (user.passwordHash && !(await verify(user.passwordHash, oldPassword).catch(() => false))) {
    throw new AppError(ErrorCode.DEFAULT, 'auth.error.passwordWrong');
  }
  if (oldPassword === newPassword) throw new AppError(ErrorCode.DEFAULT, 'auth.error.passwordSame');
  await deps.db.update(users).set({ passwordHash: await hash(newPassword, argon2Options) }).where(eq(users.id, userId));
  await revokeUserSessions(deps.db, userId, 'password-change', sessionId);
}

/** POST /api/verifyEmail: mails a verification link; answers the web-mail address to open. */
export async function sendVerificationLink(deps: AuthDeps, caller: Caller, userId: string): Promise<{ openUrl: string | null; email: string }> {
  const user = await getUser(deps.db, userId);
  if (user.userType !== '0') throw new AppError(ErrorCode.DEFAULT, 'auth.error.alreadyVerified');
  await enforceLimit(deps.db, limits.codeSendPerEmail, user.email);
  const token = randomToken();
  await deps.db.insert(oneTimeTokens).values({
    tokenHash: hashToken(token),
    purpose: 'verify-email',
    userId,
    data: { locale: caller.locale },
    expiresAt: new Date(Date.now() + authRules.verifyLinkHours * 3_600_000),
  });
  const url = new URL('/api/verifyEmail/confirm', deps.siteUrl);
  url.searchParams.set('token', token);
  deps.mailer.sendLater(user.email, renderMail(caller.locale, { kind: 'verify', url: url.href, hours: authRules.verifyLinkHours }));
  return { openUrl: webmailUrl(user.email) ?? null, email: user.email };
}

/** GET /api/verifyEmail/confirm: uses a verification link once; answers the locale to land in. */
export async function confirmVerificationLink(deps: AuthDeps, token: string): Promise<{ ok: boolean; locale: string }> {
  const [used] = await deps.db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), eq(oneTimeTokens.purpose, 'verify-email'), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, new Date())))
    .returning({ userId: oneTimeTokens.userId, data: oneTimeTokens.data });
  if (!used?.userId) return { ok: false, locale: 'en' };
  await deps.db.update(users).set({ userType: '1' }).where(eq(users.id, used.userId));
  return { ok: true, locale: used.data?.locale ?? 'en' };
}
