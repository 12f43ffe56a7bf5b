import { z } from 'zod';
import { analyticsEvents } from '../analytics.ts';
import { localeCodes } from '../../i18n/locales.ts';

/** POST /api/analytics/event (`endpoints.trackEvent`): one analytics event from the site. */
export const trackEventRequest = z.strictObject({
  name: z.enum(analyticsEvents),
  path: z.string().startsWith('/').max(512),
  locale: z.enum(localeCodes as [string, ...string[]]).optional(),
  source: z.string().max(64).optional(),
  props: z.record(z.string().max(64), z.union([z.string().max(256), z.number(), z.boolean()])).optional()
    .refine((p) => !p || Object.keys(p).length <= 20, { message: 'at most 20 props' }),
});
export type TrackEventRequest = z.infer<typeof trackEventRequest>;
