import type { Locale } from '../../i18n/locales.ts';
import { toolMessages } from '../shared/tool/page-messages.ts';

/** The island's messages: its own area, the upload texts, the price worded as on the other tools, the link to more beans and the note on a run that goes on, nothing else of the catalog. */
export function refcheckMessages(locale: Locale): Record<string, string> {
  return toolMessages(locale, ['refcheck.', 'upload.'], ['humanizer.price', 'humanizer.paste', 'humanizer.clipboardDenied', 'humanizer.clipboardUnsupported', 'humanizer.unlockLink', 'tool.runContinues', 'tool.openHistory', 'tool.runUnpaid']);
}
