/**
 * The path of every endpoint, apart from its zod schema so that browser code
 * can name an endpoint without bundling zod.
 */
export const endpoints = {
  health: '/api/health',
  trackEvent: '/api/analytics/event',
} as const;
