import { locales } from '../../i18n/locales.ts';

/** Number and money formats of the page's language (dates have one format: src/domain/dates.ts). */
export function formatNumber(lang: string, value: number): string {
  return new Intl.NumberFormat(lang).format(value);
}

const rtlLangs = new Set<string>(locales.filter((l) => l.dir === 'rtl').map((l) => l.lang));

/**
 * `text` isolated as left-to-right (U+2066 … U+2069) on a right-to-left page, for a date or number put into a
 * sentence: after Arabic words the bidi algorithm reads "2026-11-27" as three Arabic numbers and draws it
 * "27-11-2026". A left-to-right page needs no marks, and gets none (they would travel into copied text).
 */
export function ltrIsolate(lang: string, text: string): string {
  return text && rtlLangs.has(lang) ? `\u2066${text}\u2069` : text;
}

/** An amount in minor units (cents) of `currency`. */
export function formatMoney(lang: string, cents: number, currency: string): string {
  return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(cents / 100);
}
