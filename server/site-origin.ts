import type { IncomingHttpHeaders } from 'node:http';

/** The origins the site may be opened on: SITE_URL and the CORS origins. */
export interface SiteOrigins {
  siteUrl: string;
  corsOrigins: readonly string[];
}

/**
 * The site origin a request comes from, when it can be trusted for building
 * links back to the site: its `Origin` header when that is SITE_URL, a CORS
 * origin, or this server itself (the embedded default, where `localhost` and
 * `127.0.0.1` both reach it but keep two separate logins). Anything else, or
 * no header, answers SITE_URL: a forged header never sends a person elsewhere.
 */
export function siteOriginOf(headers: IncomingHttpHeaders, origins: SiteOrigins): string {
  const origin = typeof headers.origin === 'string' ? headers.origin : undefined;
  if (!origin) return origins.siteUrl;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return origins.siteUrl;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return origins.siteUrl;
  const clean = parsed.origin;
  const siteOrigin = new URL(origins.siteUrl).origin;
  if (clean === siteOrigin) return origins.siteUrl;
  if (origins.corsOrigins.some((o) => new URL(o).origin === clean)) return clean;
  // Same origin as this server: the browser sent the Host it connected to.
  if (typeof headers.host === 'string' && parsed.host === headers.host) return clean;
  return origins.siteUrl;
}
