/**
 * The one locale table. Routes, `lang`/`dir`, hreflang, the language switcher,
 * the sitemap and the server's redirects are all derived from it.
 */
export interface LocaleInfo {
  /** Code used in URLs (`/{code}/…`) and in the `lang` local-storage key. */
  readonly code: string;
  /** Name of the language in that language, for the switcher. */
  readonly label: string;
  /** BCP 47 tag for `<html lang>`, hreflang and `Intl`. */
  readonly lang: string;
  readonly dir: 'ltr' | 'rtl';
}

export const locales = [
  { code: 'en', label: 'English', lang: 'en', dir: 'ltr' },
  { code: 'zh', label: '简体中文', lang: 'zh-CN', dir: 'ltr' },
  { code: 'zh-TW', label: '繁體中文', lang: 'zh-TW', dir: 'ltr' },
  { code: 'ja', label: '日本語', lang: 'ja', dir: 'ltr' },
  { code: 'ko', label: '한국어', lang: 'ko', dir: 'ltr' },
  { code: 'es', label: 'Español', lang: 'es', dir: 'ltr' },
  { code: 'fr', label: 'Français', lang: 'fr', dir: 'ltr' },
  { code: 'ru', label: 'Русский', lang: 'ru', dir: 'ltr' },
  { code: 'ar', label: 'العربية', lang: 'ar', dir: 'rtl' },
  { code: 'th', label: 'ไทย', lang: 'th', dir: 'ltr' },
  { code: 'de', label: 'Deutsch', lang: 'de', dir: 'ltr' },
  // The spec's code `in` is Indonesian; HTML and hreflang need the ISO code `id`.
  { code: 'in', label: 'Bahasa Indonesia', lang: 'id', dir: 'ltr' },
  { code: 'el', label: 'Ελληνικά', lang: 'el', dir: 'ltr' },
  { code: 'fi', label: 'Suomi', lang: 'fi', dir: 'ltr' },
  { code: 'pt', label: 'Português', lang: 'pt', dir: 'ltr' },
  { code: 'pl', label: 'Polski', lang: 'pl', dir: 'ltr' },
  { code: 'da', label: 'Dansk', lang: 'da', dir: 'ltr' },
  { code: 'nl', label: 'Nederlands', lang: 'nl', dir: 'ltr' },
  { code: 'tr', label: 'Türkçe', lang: 'tr', dir: 'ltr' },
  { code: 'it', label: 'Italiano', lang: 'it', dir: 'ltr' },
] as const satisfies readonly LocaleInfo[];

export type Locale = (typeof locales)[number]['code'];

export const defaultLocale: Locale = 'en';

export const localeCodes: readonly Locale[] = locales.map((l) => l.code);

const byCode = new Map<string, LocaleInfo>(locales.map((l) => [l.code, l]));

/** True when `code` is one of the 20 supported URL locale codes (case-sensitive, as in URLs). */
export function isLocale(code: string | undefined): code is Locale {
  return code !== undefined && byCode.has(code);
}

/** The table row of a supported locale. */
export function localeInfo(code: Locale): LocaleInfo {
  return byCode.get(code)!;
}

/**
 * Maps a browser or header language tag (`pt-BR`, `zh-Hant-HK`, `id`, `EN`) to a
 * supported locale, or undefined when none fits.
 */
export function matchLocale(tag: string | null | undefined): Locale | undefined {
  if (!tag) return undefined;
  const t = tag.trim().replace(/_/g, '-').toLowerCase();
  if (!t) return undefined;
  if (t.startsWith('zh')) {
    return /^zh-(tw|hk|mo|hant)/.test(t) ? 'zh-TW' : 'zh';
  }
  const exact = locales.find((l) => l.code.toLowerCase() === t || l.lang.toLowerCase() === t);
  if (exact) return exact.code;
  const primary = t.split('-')[0];
  const found = locales.find((l) => l.code === primary || l.lang === primary);
  return found?.code;
}

/** Picks the first supported locale from an ordered list of language tags. */
export function pickLocale(tags: readonly (string | null | undefined)[]): Locale {
  for (const tag of tags) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return defaultLocale;
}
