import { interpolate, type MessageParams } from '../../i18n/translate.ts';

/** The island's own messages (its area's keys only, passed by the page). */
export type Messages = Readonly<Record<string, string>>;

/** A translator over the island's messages. */
export function translator(messages: Messages) {
  return (key: string, params?: MessageParams) => interpolate(messages[key] ?? key, params);
}

/** The text of a problem: a key of the catalog, or a message the server already translated. */
export { problemText } from '../../stores/tool-run.ts';
