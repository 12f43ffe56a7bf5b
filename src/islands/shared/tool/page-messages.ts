import type { Locale } from '../../../i18n/locales.ts';
import { messageEntries, pickMessages, type MessageKey } from '../../../i18n/translate.ts';

/** Keys of other areas the text tools (checker, rewriter) share with the humanizer's editor. */
export const textToolKeys: readonly MessageKey[] = [
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
  'tool.runContinues',
  'tool.openHistory',
  'tool.runUnpaid',
];

/** Keys of the upload row (shared/tool/FileUpload.tsx), for the tools that take a document: the checker, the rewriter. */
export const uploadKeys: readonly MessageKey[] = ['humanizer.upload', 'humanizer.uploadHint', 'plagiarism.dismiss'];

/** A tool island's messages: its own areas (by prefix) and a few keys of others (with their plural forms), nothing else of the catalog. */
export function toolMessages(locale: Locale, areas: readonly string[], keys: readonly MessageKey[]): Record<string, string> {
  return Object.assign({}, ...areas.map((area) => pickMessages(locale, area)), Object.fromEntries(keys.flatMap((key) => messageEntries(locale, key))));
}
