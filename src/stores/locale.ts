import { persistentAtom } from '@nanostores/persistent';
import { pickLocale, type Locale } from '../i18n/locales.ts';

/** The chosen locale, persisted in local storage under key `lang` (spec §3). Empty until chosen. */
export const $lang = persistentAtom<string>('lang', '');

/** Remembers the locale the person picked, so `/` opens it next time. */
export function chooseLocale(code: Locale): void {
  $lang.set(code);
}

/** The locale for `/`: local storage `lang`, then the browser languages, then en (spec §3). */
export function preferredLocale(browserLanguages: readonly string[] = navigator.languages ?? [navigator.language]): Locale {
  return pickLocale([$lang.get(), ...browserLanguages]);
}
