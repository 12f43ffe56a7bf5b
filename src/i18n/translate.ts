import { catalogs, english, type Messages } from './messages/index.ts';
import type { Locale } from './locales.ts';
import { interpolate, type MessageParams } from './interpolate.ts';

/** A key of the English catalog; an unknown key fails the type check. */
export type MessageKey = keyof Messages;

export { interpolate, type MessageParams } from './interpolate.ts';

/** Translates `key` into `locale`, falling back to English for a missing entry. */
export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const message = catalogs[locale][key] ?? english[key];
  return interpolate(message, params);
}

/** A translator bound to one locale, for pages and layouts. */
export function useTranslations(locale: Locale) {
  return (key: MessageKey, params?: MessageParams) => translate(locale, key, params);
}

/** The messages of one area (`banner.` …) only, for an island's props. */
export function pickMessages<P extends string>(locale: Locale, prefix: P): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(catalogs[locale])) {
    if (key.startsWith(prefix)) out[key] = value;
  }
  return out;
}
