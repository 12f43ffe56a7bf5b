/**
 * The one date format of the interface (issue 11: "one date format"): spec §3
 * shows history times as local 'YYYY-MM-DD HH:mm:ss'; dates without a time
 * (renewals, order days, member since) use its date part 'YYYY-MM-DD'.
 * The same in every locale, so a reader never has to guess day from month.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** A UTC instant in the reader's local time as 'YYYY-MM-DD HH:mm:ss' (empty for an invalid one). */
export function formatLocalDateTime(iso: string | Date): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${formatLocalDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A UTC instant's local day as 'YYYY-MM-DD' (empty for an invalid one). */
export function formatLocalDate(iso: string | Date): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
