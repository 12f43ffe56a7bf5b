import type { FastifyInstance } from 'fastify';
import { googleUrlRequest, oauthExchangeRequest } from '../../src/domain/endpoints/auth.ts';
import { endpoints } from '../../src/domain/endpoints/paths.ts';
import { isLocale } from '../../src/i18n/locales.ts';
import { localizedPath } from '../../src/i18n/routes.ts';
import { ok } from '../envelope.ts';
import { AppError, ErrorCode } from '../errors.ts';
import type { GoogleSignIn } from '../services/google.ts';

/** Google sign-in: the authorization URL, the callback, and the ticket exchange. */
export function oauthRoutes(app: FastifyInstance, { google, siteUrl }: { google: GoogleSignIn | undefined; siteUrl: string }) {
  app.get(endpoints.authProviders, async () => ok({ google: Boolean(google) }));

  app.get(endpoints.googleAuthorizationUrl, async (request) => {
    if (!google) throw new AppError(ErrorCode.DEFAULT, 'auth.error.googleUnavailable');
    const { locale, cb } = googleUrlRequest.parse(request.query);
    return ok({ google_authorization_url: await google.authorizationUrl({ locale: locale ?? 'en', cb }) });
  });

  app.get(endpoints.googleCallback, async (request, reply) => {
    const url = new URL(request.url, siteUrl);
    if (!google) return reply.redirect(`${siteUrl}${localizedPath('en', 'login')}?oauth=unavailable`, 302);
    try {
      const { ticket, locale, cb } = await google.callback(url);
      const home = isLocale(locale) ? locale : 'en';
      const hash = new URLSearchParams({ ticket, ...(cb ? { cb } : {}) });
      return reply.redirect(`${siteUrl}${localizedPath(home, 'login')}#${hash}`, 302);
    } catch (error) {
      const locale = (error as { locale?: string }).locale;
      request.log.warn({ reason: error instanceof Error ? error.message : 'unknown' }, 'google sign-in failed');
      return reply.redirect(`${siteUrl}${localizedPath(isLocale(locale) ? locale : 'en', 'login')}?oauth=failed`, 302);
    }
  });

  app.post(endpoints.googleExchange, async (request) => {
    if (!google) throw new AppError(ErrorCode.DEFAULT, 'auth.error.googleUnavailable');
    const { ticket } = oauthExchangeRequest.parse(request.body);
    return ok(await google.exchange(ticket));
  });
}
