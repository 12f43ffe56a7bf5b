import { locales, type Locale } from '../i18n/locales.ts';

/** `getStaticPaths` for a page rendered once per locale. */
export function localeStaticPaths() {
  return locales.map(({ code }) => ({ params: { locale: code } }));
}

/** The locale param of a page built by `localeStaticPaths`. */
export function localeParam(params: Record<string, string | undefined>): Locale {
  return params.locale as Locale;
}
