import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  changePasswordRequest,
  forgetPasswordRequest,
  loginRequest,
  logoutRequest,
  refreshRequest,
  registerRequest,
  resetPasswordRequest,
  sendVerifyMailRequest,
  tryVerifyCodeRequest,
} from '../../src/domain/endpoints/auth.ts';
import { endpoints } from '../../src/domain/endpoints/paths.ts';
import { localizedPath } from '../../src/i18n/routes.ts';
import { isLocale } from '../../src/i18n/locales.ts';
import { ok } from '../envelope.ts';
import { principalOf, requireAuth } from '../plugins/auth.ts';
import { requestLocale } from '../plugins/errors.ts';
import * as auth from '../services/auth.ts';
import { authenticate } from '../services/sessions.ts';
import { getUser, userInfoOf, walletBalance } from '../services/users.ts';
import { refreshMembership } from '../services/payments.ts';

function caller(request: FastifyRequest): auth.Caller {
  return { ip: request.ip, locale: requestLocale(request) };
}

/** Sign-up, login, tokens, password reset, e-mail verification and the current user's data. */
export function authRoutes(app: FastifyInstance, deps: auth.AuthDeps) {
  const authed = { preHandler: requireAuth(deps.db, deps.key) };

  app.post(endpoints.sendVerifyMail, async (request) => {
    const { email } = sendVerifyMailRequest.parse(request.body);
    return ok(await auth.sendSignupCode(deps, caller(request), email));
  });

  app.post(endpoints.tryVerifyCode, async (request) => {
    const { email, code } = tryVerifyCodeRequest.parse(request.body);
    await auth.tryCode(deps, caller(request), email, code);
    return ok({ valid: true });
  });

  app.post(endpoints.register, async (request) => {
    const input = registerRequest.parse(request.body);
    return ok(await auth.register(deps, caller(request), input));
  });

  app.post(endpoints.login, async (request) => {
    const { email, password } = loginRequest.parse(request.body);
    return ok(await auth.login(deps, caller(request), email, password));
  });

  app.post(endpoints.refreshToken, async (request) => {
    const { refreshToken } = refreshRequest.parse(request.body);
    return ok(await auth.refresh(deps, caller(request), refreshToken));
  });

  app.post(endpoints.logout, async (request) => {
    const { refreshToken } = logoutRequest.parse(request.body ?? {});
    // An expired access token must not stop a logout: fall back to the refresh token.
    const principal = await authenticate(deps.db, deps.key, request.headers.authorization).catch(() => undefined);
    await auth.logout(deps, principal?.sessionId, refreshToken);
    return ok(null);
  });

  // Spec §7 says GET with the address in the query; a POST with a JSON body is accepted too.
  app.route({
    method: ['GET', 'POST'],
    url: endpoints.forgetPassword,
    handler: async (request) => {
      const { email } = forgetPasswordRequest.parse(request.method === 'GET' ? request.query : request.body);
      await auth.sendResetCode(deps, caller(request), email);
      return ok({ sent: true });
    },
  });

  app.post(endpoints.resetPassword, async (request) => {
    const input = resetPasswordRequest.parse(request.body);
    await auth.resetPassword(deps, caller(request), input);
    return ok(null);
  });

  app.post(endpoints.changePassword, authed, async (request) => {
    const { oldPassword, newPassword } = changePasswordRequest.parse(request.body);
    const { userId, sessionId } = principalOf(request);
    await auth.changePassword(deps, userId, sessionId, oldPassword, newPassword);
    return ok(null);
  });

  app.get(endpoints.userInfo, authed, async (request) => {
    const { userId } = principalOf(request);
    // Plans whose period ended stop counting here, the moment the site asks.
    await refreshMembership(deps.db, userId);
    return ok(userInfoOf(await getUser(deps.db, userId)));
  });

  app.get(endpoints.checkUser, authed, async (request) => {
    const user = await getUser(deps.db, principalOf(request).userId);
    return ok({ userId: user.id, userType: user.userType, isLoginUser: true, emailVerified: user.userType !== '0' });
  });

  app.get(endpoints.membership, authed, async (request) => ok(userInfoOf(await getUser(deps.db, principalOf(request).userId)).memberInfo));

  app.get(endpoints.wallet, authed, async (request) => ok({ wallet: { balance: await walletBalance(deps.db, principalOf(request).userId) } }));

  app.get(endpoints.testExpired, authed, async (request) => {
    const { expiresAt } = principalOf(request);
    return ok({ expired: false, expiresAt });
  });

  app.post(endpoints.verifyEmail, authed, async (request) => ok(await auth.sendVerificationLink(deps, caller(request), principalOf(request).userId)));

  app.get(endpoints.verifyEmailConfirm, async (request, reply) => {
    const token = String((request.query as Record<string, unknown>).token ?? '');
    const result = token.length > 10 && token.length < 200 ? await auth.confirmVerificationLink(deps, token) : { ok: false, locale: requestLocale(request) };
    const locale = isLocale(result.locale) ? result.locale : 'en';
    return reply.redirect(`${deps.siteUrl}${localizedPath(locale, 'userProfile')}?verified=${result.ok ? 1 : 0}`, 302);
  });
}
