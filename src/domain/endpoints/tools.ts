import { z } from 'zod';
import { orderNo } from './safe-values.ts';
import { Rating } from '../humanizer.ts';

/** POST /api/humanizer (multipart orderNo). */
export const humanizerRequest = z.object({ orderNo });

/** POST /api/humanizer/sample: the sample text's free run. */
export const humanizerSampleRequest = z.object({ isUltra: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional() });

/** POST /api/orderRating (spec §3 rating: 5 or 1). */
export const orderRatingRequest = z.object({
  orderNo,
  rating: z.coerce.number().refine((r) => r === Rating.UP || r === Rating.DOWN, { message: 'humanizer.error.rating' }),
  comment: z.string().max(2000).optional(),
});

/** GET /api/download/word?orderNo= */
export const downloadWordRequest = z.object({ orderNo });

/** GET /api/report/shared?token= and /api/report/shared/pdf?token= */
export const reportTokenRequest = z.object({ token: z.string().trim().min(16, { message: 'report.error.linkGone' }).max(64) });
