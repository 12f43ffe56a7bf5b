/**
 * `{{name}}` interpolation (i18next syntax) without any catalog: the one piece
 * of translation code that ships to the browser (islands receive their
 * messages as props, see src/i18n/island-messages.ts).
 */

/** Values interpolated into `{{name}}` placeholders. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** Fills `{{name}}` placeholders from `params`; unknown placeholders stay as written. */
export function interpolate(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
