/**
 * The messages an island receives as a prop: only its own areas, in the
 * page's language (STYLE.md: "an island receives only the messages of its own
 * area"). Server-side only (it reads the catalogs); the island translates with
 * `useT` from src/islands/shared/i18n.tsx, which ships no catalog.
 */
import type { Locale } from './locales.ts';
import { translate, type MessageKey } from './translate.ts';
import { english } from './messages/index.ts';

/** The keys of the catalog under one or more areas (`'humanizer.'`) or exact keys (`'error.network'`). */
export type AreaKey<P extends string> = Extract<MessageKey, `${P}${string}`>;

/** An island's messages: every key of its areas, typed, so an unknown key fails the type check. */
export type AreaMessages<P extends string> = { readonly [K in AreaKey<P>]: string };

/** Picks the messages of `areas` in `locale` (English where a locale lacks an entry). */
export function islandMessages<const P extends string>(locale: Locale, areas: readonly P[]): AreaMessages<P> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(english) as MessageKey[]) {
    if (areas.some((area) => key.startsWith(area))) out[key] = translate(locale, key);
  }
  return out as AreaMessages<P>;
}
