import { z } from 'zod';
import { orderNo } from './safe-values.ts';
import { minWordsRange } from '../plagiarism.ts';

const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]);

/** POST /api/plagiarism (spec §7: multipart, orderNo). */
export const plagiarismRequest = z.object({ orderNo });

/** GET /api/plagiarism/pdf?orderNo=&quotes=&bibliography=&minWords=&sources=0,2 — the report with the reader's exclusions. */
export const plagiarismPdfRequest = z.object({
  orderNo,
  quotes: flag.optional(),
  bibliography: flag.optional(),
  minWords: z.coerce
    .number({ message: 'plagiarism.error.minWords' })
    .int({ message: 'plagiarism.error.minWords' })
    .min(minWordsRange.min, { message: 'plagiarism.error.minWords' })
    .max(minWordsRange.max, { message: 'plagiarism.error.minWords' })
    .optional(),
  sources: z
    .string()
    .max(400)
    .regex(/^(\d{1,4})?(,\d{1,4})*$/, { message: 'plagiarism.error.sources' })
    .transform((v) => (v ? v.split(',').map(Number) : []))
    .optional(),
});

/** POST /api/plagiarism/settings: the owner's opt-in to the library. */
export const plagiarismSettingsRequest = z.object({ shareSubmissions: flag });
