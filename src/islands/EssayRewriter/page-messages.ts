import type { Locale } from '../../i18n/locales.ts';
import { textToolKeys, toolMessages, uploadKeys } from '../shared/tool/page-messages.ts';

/** The island's messages: its own area and the keys it shares with the other tools' editors. */
export function rewriterMessages(locale: Locale): Record<string, string> {
  return toolMessages(locale, ['rewriter.', 'upload.'], [...textToolKeys, ...uploadKeys]);
}
