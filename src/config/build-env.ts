import { defaultSiteUrl } from './site.ts';

/**
 * The canonical origin used for canonical links, hreflang and the sitemap,
 * from SITE_URL at build time. A bad value stops the build with a clear message.
 */
export function siteUrl(env: Record<string, string | undefined> = process.env): string {
  const raw = env.SITE_URL?.trim() || defaultSiteUrl;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`SITE_URL must be an absolute http(s) URL such as https://example.com, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`SITE_URL must start with http:// or https://, got "${raw}"`);
  }
  return url.origin;
}

/** Support contact settings baked into the pages at build time. */
export function supportConfig(env: Record<string, string | undefined> = process.env) {
  return {
    /** Address of the "E-mail us" link when no chat widget is configured. */
    email: env.PUBLIC_SUPPORT_EMAIL?.trim() || 'support@inkwise.app',
    /** Script URL of a third-party chat widget (optional). */
    widgetSrc: env.PUBLIC_SUPPORT_WIDGET_SRC?.trim() || undefined,
    /** CSS selector of that widget's bubble, found with retries once the script loads. */
    widgetSelector: env.PUBLIC_SUPPORT_WIDGET_SELECTOR?.trim() || undefined,
  };
}
