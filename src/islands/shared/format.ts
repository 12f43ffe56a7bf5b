/** Number and money formats of the page's language (dates have one format: src/domain/dates.ts). */
export function formatNumber(lang: string, value: number): string {
  return new Intl.NumberFormat(lang).format(value);
}

/**
 * `text` isolated as left-to-right (U+2066 … U+2069), for a date or number put into a sentence: after Arabic words
 * the bidi algorithm reads "2026-11-27" as three Arabic numbers and draws it "27-11-2026".
 */
export function ltrIsolate(text: string): string {
  return text ? `\u2066${text}\u2069` : text;
}

/** An amount in minor units (cents) of `currency`. */
export function formatMoney(lang: string, cents: number, currency: string): string {
  return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(cents / 100);
}
