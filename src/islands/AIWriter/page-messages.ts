import type { Locale } from '../../i18n/locales.ts';
import { toolMessages } from '../shared/tool/page-messages.ts';

/** The island's messages: its own area and the few shared keys, nothing else of the catalog. */
export function writerMessages(locale: Locale): Record<string, string> {
  return toolMessages(locale, ['writer.'], ['humanizer.price', 'humanizer.unlockLink', 'humanizer.clipboardDenied', 'commerce.error.contentRequired', 'tool.runContinues', 'tool.openHistory', 'tool.runUnpaid']);
}
