/**
 * `{{name}}` interpolation and plural keys (i18next syntax) without any catalog: the one piece of translation code
 * that ships to the browser (islands receive their messages as props, see src/i18n/island-messages.ts).
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

/** CLDR plural categories: the suffixes of i18next's plural keys (`words_one`, `words_few` …). */
export const pluralCategories = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralCategory = (typeof pluralCategories)[number];

/** A message key without its plural suffix: `history.words_one` → `history.words`. */
export type BaseKey<K extends string> = K extends `${infer B}_${PluralCategory}` ? B : K;

const PLURAL_SUFFIX = new RegExp(`_(${pluralCategories.join('|')})$`);

/** `key` without a plural suffix (`_one`, `_few` …), or `key` itself. */
export const baseKeyOf = (key: string): string => key.replace(PLURAL_SUFFIX, '');

/**
 * The entry of an island's messages that names the language (HTML `lang`) whose plural rules choose among
 * `key_one`, `key_few` …; the island's catalog travels without the locale table.
 */
export const pluralLangEntry = '$pluralLang';

const rules = new Map<string, Intl.PluralRules>();

/** `Intl.PluralRules` of `lang`, cached per language. */
function rulesOf(lang: string): Intl.PluralRules {
  let rule = rules.get(lang);
  if (!rule) rules.set(lang, (rule = new Intl.PluralRules(lang)));
  return rule;
}

/** The CLDR plural category of `count` in `lang`. */
export function pluralCategory(lang: string, count: number): PluralCategory {
  return rulesOf(lang).select(count) as PluralCategory;
}

/**
 * Whether a catalog entry can be chosen in `lang`: a plain message, or a plural form of a category the language has.
 * Catalogs carry every form English has as well (a Japanese `key_one` beside `key_other`, so every file has every
 * English key), but an island needs only the forms its language can select.
 */
export function formUsed(lang: string, key: string): boolean {
  const suffix = PLURAL_SUFFIX.exec(key)?.[1];
  return !suffix || (rulesOf(lang).resolvedOptions().pluralCategories as string[]).includes(suffix);
}

const separators = new Map<string, { group: string; decimal: string }>();

/**
 * The number in a `count` param: a number, or a string as `Intl.NumberFormat(lang)` writes it ("1,200", "1 200",
 * "1.200"), so a page may show the count formatted and still get the right plural form. NaN when it is not one.
 */
export function countValue(lang: string, count: string | number | undefined): number {
  if (typeof count === 'number') return count;
  if (typeof count !== 'string' || count.trim() === '') return Number.NaN;
  let sep = separators.get(lang);
  if (!sep) {
    const parts = new Intl.NumberFormat(lang).formatToParts(12345.6);
    sep = { group: parts.find((p) => p.type === 'group')?.value ?? ',', decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.' };
    separators.set(lang, sep);
  }
  const plain = count
    .trim()
    .split(sep.group)
    .join('')
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(sep.decimal, '.')
    // Arabic-Indic digits, where a browser formats Arabic with them.
    .replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) & 0xf));
  return /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : Number.NaN;
}

/**
 * The key to look up for `key` (i18next rules): with a numeric `count` param, `key_<category of count in lang>`,
 * else `key_other`, when the catalog `has` them; otherwise `key` itself.
 */
export function pluralKey(lang: string, key: string, params: MessageParams | undefined, has: (key: string) => boolean): string {
  const n = countValue(lang, params?.count);
  if (Number.isFinite(n)) {
    const exact = `${key}_${pluralCategory(lang, n)}`;
    if (has(exact)) return exact;
  }
  if (!has(key) && has(`${key}_other`)) return `${key}_other`;
  return key;
}

/** Translates `key` from a flat catalog in `lang`, choosing the plural form for `params.count`; a missing key shows as itself. */
export function translateFrom(messages: Readonly<Record<string, string>>, lang: string, key: string, params?: MessageParams): string {
  const found = pluralKey(lang, key, params, (k) => k in messages);
  return interpolate(messages[found] ?? key, params);
}

/**
 * Sentences translated one by one (one `count` each, so each takes its own plural form) put together as `lang`
 * writes them: Chinese and Japanese with nothing between (the full stop "。" ends a sentence), other languages
 * with a space.
 */
export function joinSentences(lang: string, sentences: readonly string[]): string {
  return sentences.join(/^(zh|ja)(-|$)/i.test(lang) ? '' : ' ');
}
