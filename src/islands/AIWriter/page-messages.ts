import type { Locale } from '../../i18n/locales.ts';
import { pickMessages, translate, type MessageKey } from '../../i18n/translate.ts';

const shared: MessageKey[] = ['humanizer.price', 'humanizer.unlockLink', 'humanizer.clipboardDenied', 'commerce.error.contentRequired'];

/** The island's messages: its own area and the few shared keys, nothing else of the catalog. */
export function writerMessages(locale: Locale): Record<string, string> {
  return { ...pickMessages(locale, 'writer.'), ...Object.fromEntries(shared.map((key) => [key, translate(locale, key)])) };
}
