/**
 * Translation inside islands: the island's props carry its messages
 * (src/i18n/island-messages.ts); `MessagesProvider` puts them in context and
 * `useT` answers a typed translator. No catalog ships to the browser.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { interpolate, type MessageParams } from '../../i18n/interpolate.ts';

/** Any island's messages: key → text in the page's language. */
export type Messages = Readonly<Record<string, string>>;

/** A translator over one island's messages: `t('humanizer.copy')`, `t('humanizer.words', { count, limit })`. */
export type Translator<M extends Messages> = (key: keyof M & string, params?: MessageParams) => string;

/** A translator over `messages`; a key the island was not given shows as the key (and fails the type check). */
export function translator<M extends Messages>(messages: M): Translator<M> {
  return (key, params) => interpolate(messages[key] ?? key, params);
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
