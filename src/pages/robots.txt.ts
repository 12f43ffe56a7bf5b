import type { APIRoute } from 'astro';
import { defaultSiteUrl } from '../config/site.ts';

/** robots.txt: everything public is crawlable; account pages carry noindex themselves. */
export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('/sitemap.xml', site ?? defaultSiteUrl).href;
  return new Response(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${sitemap}\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};
