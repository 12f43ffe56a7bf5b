import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

const block = z.object({ title: z.string().min(1), body: z.string().min(1) });

/** Localized marketing copy: `src/content/pages/<locale>/<page>.json`. */
const pages = defineCollection({
  loader: glob({
    pattern: '*/*.json',
    base: './src/content/pages',
    // Keep the locale's case (`zh-TW/pricing`); the default id is lower-cased.
    generateId: ({ entry }) => entry.replace(/\.json$/, ''),
  }),
  schema: z.object({
    hero: z.object({ title: z.string().min(1), subtitle: z.string().min(1) }),
    features: z.array(block).length(3),
    steps: z.array(block).length(3),
    explanation: z.array(z.object({ heading: z.string().min(1), body: z.string().min(1) })).min(1),
    faq: z.array(z.object({ q: z.string().min(1), a: z.string().min(1) })).min(1),
  }),
});

export const collections = { pages };
