import type { Locale } from '../i18n/locales.ts';
import { resolvePath, routes } from '../i18n/routes.ts';

/**
 * Where the static fallback pages (`/`, `/invite/{code}` and 404.html) send the
 * browser, for hosts that cannot redirect: the same rules as the Node server.
 * Undefined means "stay": the address is a real page.
 */
export function fallbackTarget(url: { pathname: string; search: string; hash: string }, chosen: () => Locale): string | undefined {
  const resolved = resolvePath(url.pathname);
  const keep = url.search + url.hash;
  switch (resolved.kind) {
    case 'chooser':
      return `/${chosen()}${resolved.suffix}${keep}`;
    case 'redirect':
      return resolved.location + (resolved.status === 301 ? keep : '');
    case 'page': {
      if (resolved.route !== 'invite') return undefined;
      // A host without rewrites serves 404.html for /{locale}/invite/{code}: move the code to the query.
      const code = url.pathname.split('/').filter(Boolean)[2];
      return code ? `/${resolved.locale}/invite?code=${encodeURIComponent(code)}` : undefined;
    }
    case 'notFound':
      // 404.html is English: an unknown path of another locale shows that locale's not-found page.
      return resolved.locale === 'en' ? undefined : `/${resolved.locale}/${routes.notFound}`;
    case 'asset':
      return undefined;
  }
}
