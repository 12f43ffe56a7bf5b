import type { Locale } from '../../i18n/locales.ts';
import { textToolKeys, toolMessages, uploadKeys } from '../shared/tool/page-messages.ts';

/** The island's messages: its own area, uploads and the keys it shares with the other tools' editors. */
export function plagiarismMessages(locale: Locale): Record<string, string> {
  return toolMessages(locale, ['plagiarism.', 'upload.'], [...textToolKeys, ...uploadKeys]);
}
