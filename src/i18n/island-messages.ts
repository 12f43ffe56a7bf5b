/**
 * The messages an island receives as a prop: only its own areas, in the
 * page's language (STYLE.md: "an island receives only the messages of its own
 * area"), with the plural forms of that language and the entry naming it.
 * Server-side only (it reads the catalogs); the island translates with
 * `useT` from src/islands/shared/i18n.tsx, which ships no catalog.
 */
import type { Locale } from './locales.ts';
import { baseKeyOf } from './interpolate.ts';
import { messageEntries, pluralLang, type MessageKey } from './translate.ts';
import { english } from './messages/index.ts';

/** The keys of the catalog under one or more areas (`'humanizer.'`) or exact keys (`'error.network'`). */
export type AreaKey<P extends string> = Extract<MessageKey, `${P}${string}`>;

/** An island's messages: every key of its areas, typed, so an unknown key fails the type check. */
export type AreaMessages<P extends string> = { readonly [K in AreaKey<P>]: string };

/** Picks the messages of `areas` in `locale` (English where a locale lacks an entry), plural forms included. */
export function islandMessages<const P extends string>(locale: Locale, areas: readonly P[]): AreaMessages<P> {
  const out: Record<string, string> = pluralLang(locale);
  const keys = new Set(Object.keys(english).map(baseKeyOf) as MessageKey[]);
  for (const key of keys) {
    if (areas.some((area) => key.startsWith(area))) for (const [k, v] of messageEntries(locale, key)) out[k] = v;
  }
  return out as AreaMessages<P>;
}
