/**
 * Translation inside islands: the island's props carry its messages
 * (src/i18n/island-messages.ts); `MessagesProvider` puts them in context and
 * `useT` answers a typed translator. No catalog ships to the browser.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { joinSentences, pluralLangEntry, translateFrom, type MessageParams } from '../../i18n/interpolate.ts';

/** Any island's messages: key → text in the page's language. */
export type Messages = Readonly<Record<string, string>>;

/** A translator over one island's messages: `t('humanizer.copy')`, `t('history.words', { count })` (plural forms). */
export type Translator<M extends Messages> = (key: keyof M & string, params?: MessageParams) => string;

/**
 * A translator over `messages`; a key the island was not given shows as the key (and fails the type check). With a
 * `count` param it picks the plural form (`key_one`, `key_few` …) by the rules of the language the messages name.
 */
export function translator<M extends Messages>(messages: M): Translator<M> {
  const lang = langOf(messages);
  return (key, params) => translateFrom(messages, lang, key, params);
}

/** The language (HTML `lang`) the messages are in: for `formatNumber` and plural rules. */
export function langOf(messages: Messages): string {
  return messages[pluralLangEntry] ?? 'en';
}

const MessagesContext = createContext<Messages>({});

export function MessagesProvider({ messages, children }: { messages: Messages; children: ReactNode }) {
  return <MessagesContext.Provider value={messages}>{children}</MessagesContext.Provider>;
}

/** The translator of the nearest `MessagesProvider`, typed by the island's message type. */
export function useT<M extends Messages>(): Translator<M> {
  const messages = useContext(MessagesContext) as M;
  return useMemo(() => translator(messages), [messages]);
}

/**
 * Joins sentences the island translated one by one (each with one `count`, so each takes its own plural form) as
 * the language of its messages writes them: no space in Chinese and Japanese, a space elsewhere.
 */
export function useJoinSentences(): (...sentences: string[]) => string {
  const messages = useContext(MessagesContext);
  const lang = messages[pluralLangEntry] ?? 'en';
  return useMemo(() => (...sentences: string[]) => joinSentences(lang, sentences), [lang]);
}
