import type { Locale } from '../../i18n/locales.ts';
import { pickMessages, translate, type MessageKey } from '../../i18n/translate.ts';

/** Keys of other areas the rewriter shares with the other tools' editors. */
const shared: MessageKey[] = [
  'humanizer.clear',
  'humanizer.paste',
  'humanizer.words',
  'humanizer.price',
  'humanizer.unlockLink',
  'humanizer.clipboardDenied',
  'humanizer.clipboardUnsupported',
  'messages.unlockMoreWords',
  'commerce.error.contentRequired',
  'commerce.error.orderNoMissing',
];

/** The island's messages: its own area and the few shared keys, nothing else of the catalog. */
export function rewriterMessages(locale: Locale): Record<string, string> {
  return {
    ...pickMessages(locale, 'rewriter.'),
    ...Object.fromEntries(shared.map((key) => [key, translate(locale, key)])),
  };
}
