import type { Locale } from '../../i18n/locales.ts';
import { messageEntries, pickMessages, type MessageKey } from '../../i18n/translate.ts';

/** Keys of other areas the editor shares with the tools' pages. */
const shared: MessageKey[] = ['humanizer.unlockLink', 'messages.unlockMoreWords', 'commerce.error.contentRequired', 'tool.runContinues', 'tool.openHistory'];

/** The island's messages: its own area, the reference report's (its side panel) and a few shared keys. */
export function editorMessages(locale: Locale): Record<string, string> {
  return {
    ...pickMessages(locale, 'editor.'),
    ...pickMessages(locale, 'refcheck.'),
    ...Object.fromEntries(shared.flatMap((key) => messageEntries(locale, key))),
  };
}
