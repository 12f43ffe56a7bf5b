import { getEntry } from 'astro:content';
import type { Locale } from '../i18n/locales.ts';

/** Marketing pages with localized copy in `src/content/pages/<locale>/`. */
export type ContentPage =
  | 'humanizer'
  | 'ai-detector'
  | 'plagiarism-checker'
  | 'essay-rewriter'
  | 'refchecker'
  | 'ai-writer'
  | 'ai-editor'
  | 'pricing';

/** The copy of a page in a locale; a missing file fails the build with its path. */
export async function pageContent(locale: Locale, page: ContentPage) {
  const entry = await getEntry('pages', `${locale}/${page}`);
  if (!entry) throw new Error(`Missing content file src/content/pages/${locale}/${page}.json`);
  return entry.data;
}
