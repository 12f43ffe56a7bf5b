/** The product name: the only place it is written. Titles use "page - name". */
export const siteName = 'Inkwise';

/** Default canonical origin: the address `npm start` prints (server/config.ts localAddress); the build reads SITE_URL to override it. */
export const defaultSiteUrl = 'http://127.0.0.1:4321';
