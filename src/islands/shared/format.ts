/** Number and money formats of the page's language (dates have one format: src/domain/dates.ts). */
export function formatNumber(lang: string, value: number): string {
  return new Intl.NumberFormat(lang).format(value);
}

/** An amount in minor units (cents) of `currency`. */
export function formatMoney(lang: string, cents: number, currency: string): string {
  return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(cents / 100);
}
