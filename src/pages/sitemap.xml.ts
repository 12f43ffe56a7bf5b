import type { APIRoute } from 'astro';
import { defaultLocale, locales } from '../i18n/locales.ts';
import { indexedRoutes, localizedPath } from '../i18n/routes.ts';
import { defaultSiteUrl } from '../config/site.ts';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * The sitemap: every indexable screen in every locale at its canonical URL,
 * each with hreflang alternates for all 20 locales and x-default.
 */
export const GET: APIRoute = ({ site }) => {
  const origin = site ?? new URL(defaultSiteUrl);
  const url = (path: string) => escape(new URL(path, origin).href);
  const entries = indexedRoutes().flatMap((route) => {
    const alternates = locales
      .map((l) => `<xhtml:link rel="alternate" hreflang="${l.lang}" href="${url(localizedPath(l.code, route))}"/>`)
      .concat(`<xhtml:link rel="alternate" hreflang="x-default" href="${url(route === 'home' ? '/' : localizedPath(defaultLocale, route))}"/>`)
      .join('');
    return locales.map((l) => `<url><loc>${url(localizedPath(l.code, route))}</loc>${alternates}</url>`);
  });
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
