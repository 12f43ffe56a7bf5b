import { catalogs, english, type Messages } from './messages/index.ts';
import { localeInfo, type Locale } from './locales.ts';
import { baseKeyOf, formUsed, interpolate, pluralKey, pluralLangEntry, type BaseKey, type MessageParams } from './interpolate.ts';

/**
 * A key of the English catalog, plural forms under their base key (`history.words` for `history.words_one` and
 * `history.words_other`); an unknown key fails the type check.
 */
export type MessageKey = BaseKey<keyof Messages & string>;

export { interpolate, type MessageParams } from './interpolate.ts';

type Catalog = Readonly<Record<string, string>>;
const catalogOf = (locale: Locale): Catalog => catalogs[locale] as Catalog;
const englishCatalog: Catalog = english;

/**
 * Translates `key` into `locale`, falling back to English for a missing entry. With a `count` param, the plural form
 * of the locale's language is chosen (`key_one`, `key_few` … by `Intl.PluralRules`), else `key_other`, else `key`.
 */
export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const catalog = catalogOf(locale);
  const found = pluralKey(localeInfo(locale).lang, key, params, (k) => k in catalog);
  if (found in catalog) return interpolate(catalog[found]!, params);
  const fallback = pluralKey('en', key, params, (k) => k in englishCatalog);
  return interpolate(englishCatalog[fallback] ?? key, params);
}

/** A translator bound to one locale, for pages and layouts. */
export function useTranslations(locale: Locale) {
  return (key: MessageKey, params?: MessageParams) => translate(locale, key, params);
}

/** True when `key` is a plural message (its catalog entries are `key_one`, `key_other` …). */
export const isPluralKey = (key: MessageKey): boolean => `${key}_other` in englishCatalog;

/**
 * The entries of one message for an island's props: the message itself, or every plural form the locale's language
 * has (English's where the locale lacks them), so the island can choose by `count` without the catalog.
 */
export function messageEntries(locale: Locale, key: MessageKey): [string, string][] {
  if (!isPluralKey(key)) return [[key, translate(locale, key)]];
  const catalog = catalogOf(locale);
  const lang = localeInfo(locale).lang;
  const own = Object.entries(catalog).filter(([k]) => k !== key && baseKeyOf(k) === key && formUsed(lang, k));
  return own.length > 0 ? own : Object.entries(englishCatalog).filter(([k]) => k !== key && baseKeyOf(k) === key);
}

/** The entry that tells an island's translator which language's plural rules to apply. */
export const pluralLang = (locale: Locale): Record<string, string> => ({ [pluralLangEntry]: localeInfo(locale).lang });

/** The messages of one area (`banner.` …) only, with their plural forms, for an island's props. */
export function pickMessages<P extends string>(locale: Locale, prefix: P): Record<string, string> {
  const out: Record<string, string> = pluralLang(locale);
  const lang = localeInfo(locale).lang;
  for (const [key, value] of Object.entries(catalogOf(locale))) {
    if (key.startsWith(prefix) && formUsed(lang, key)) out[key] = value;
  }
  return out;
}
