import * as oidc from 'openid-client';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { LoginData } from '../../src/domain/endpoints/auth.ts';
import { normalizeEmail } from '../../src/domain/auth-rules.ts';
import { safeReturnPath } from '../../src/domain/return-path.ts';
import { isLocale } from '../../src/i18n/locales.ts';
import type { GoogleConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { oneTimeTokens, users } from '../db/schema.ts';
import { AppError, ErrorCode } from '../errors.ts';
import { startSession } from './sessions.ts';
import { hashToken, randomToken } from './tokens.ts';
import { createUser, findUserByEmail } from './users.ts';
import { wasClosed } from './account.ts';

const stateMinutes = 10;
const ticketSeconds = 120;

/** Google sign-in: the OAuth 2.0 authorization-code flow with PKCE and state (openid-client). */
export interface GoogleSignIn {
  authorizationUrl(options: { locale: string; cb?: string }): Promise<string>;
  /** Completes the flow from the callback URL; answers a one-time ticket for the site to exchange. */
  callback(currentUrl: URL): Promise<{ ticket: string; locale: string; cb: string | undefined }>;
  exchange(ticket: string): Promise<LoginData>;
}

async function consume(db: Db, token: string, purpose: string) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, new Date())))
    .returning();
  return row;
}

/** Builds Google sign-in from its settings; endpoints may be a local test server speaking Google's protocol. */
export function createGoogleSignIn(db: Db, key: Uint8Array, config: GoogleConfig): GoogleSignIn {
  const server: oidc.ServerMetadata = {
    issuer: config.issuer,
    authorization_endpoint: config.authorizationEndpoint,
    token_endpoint: config.tokenEndpoint,
    userinfo_endpoint: config.userinfoEndpoint,
  };
  const client = new oidc.Configuration(server, config.clientId, { client_secret: config.clientSecret }, oidc.ClientSecretPost(config.clientSecret));
  if ([config.tokenEndpoint, config.userinfoEndpoint].some((u) => u.startsWith('http:'))) oidc.allowInsecureRequests(client);

  return {
    async authorizationUrl({ locale, cb }) {
      const state = oidc.randomState();
      const verifier = oidc.randomPKCECodeVerifier();
      const data: Record<string, string> = { verifier, locale: isLocale(locale) ? locale : 'en' };
      const path = safeReturnPath(cb);
      if (path) data.cb = path;
      await db.insert(oneTimeTokens).values({ tokenHash: hashToken(state), purpose: 'oauth-state', data, expiresAt: new Date(Date.now() + stateMinutes * 60_000) });
      const url = oidc.buildAuthorizationUrl(client, {
        redirect_uri: config.redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        prompt: 'select_account',
      });
      return url.href;
    },

    async callback(currentUrl) {
      const state = currentUrl.searchParams.get('state') ?? '';
      const saved = await consume(db, state, 'oauth-state');
      if (!saved?.data?.verifier) throw new AppError(ErrorCode.DEFAULT, 'auth.error.googleFailed');
      const locale = saved.data.locale ?? 'en';
      let tokens;
      let profile;
      try {
        tokens = await oidc.authorizationCodeGrant(client, currentUrl, { pkceCodeVerifier: saved.data.verifier, expectedState: state });
        const claims = tokens.claims();
        if (!claims) throw new Error('no ID token');
        profile = await oidc.fetchUserInfo(client, tokens.access_token, claims.sub);
      } catch {
        throw Object.assign(new AppError(ErrorCode.DEFAULT, 'auth.error.googleFailed'), { locale });
      }
      if (!profile.email || profile.email_verified !== true) {
        throw Object.assign(new AppError(ErrorCode.DEFAULT, 'auth.error.googleFailed'), { locale });
      }
      const email = normalizeEmail(profile.email);
      const [bySub] = await db.select().from(users).where(eq(users.googleSub, profile.sub));
      let user = bySub ?? (await findUserByEmail(db, email));
      if (user && !user.googleSub) {
        // Google vouches for the address: link the account and count it as verified.
        await db.update(users).set({ googleSub: profile.sub, userType: '1' }).where(eq(users.id, user.id));
      }
      user ??= await createUser(db, { email, passwordHash: null, locale, userType: '1', googleSub: profile.sub, closedBefore: await wasClosed(db, key, email) });
      await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
      const ticket = randomToken();
      await db.insert(oneTimeTokens).values({ tokenHash: hashToken(ticket), purpose: 'oauth-ticket', userId: user.id, expiresAt: new Date(Date.now() + ticketSeconds * 1000) });
      // Checked again on the way out: the rule may have tightened since the state was stored.
      return { ticket, locale, cb: safeReturnPath(saved.data.cb) };
    },

    async exchange(ticket) {
      const row = await consume(db, ticket, 'oauth-ticket');
      if (!row?.userId) throw new AppError(ErrorCode.DEFAULT, 'auth.error.googleFailed');
      return startSession(db, key, row.userId);
    },
  };
}
