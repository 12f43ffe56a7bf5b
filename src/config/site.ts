/** The product name: the only place it is written. Titles use "page - name". */
export const siteName = 'Inkwise';

/** Default canonical origin; the build reads SITE_URL to override it. */
export const defaultSiteUrl = 'http://localhost:4321';
