/**
 * The support chat bubble (spec §1, SITE-16/17, decision 0004): bottom end of
 * the screen, 120 px up at 1024 px and wider, 20 px below that, hidden under
 * 768 px — all by CSS, so it sits right before any script. It hydrates on the
 * first interaction (`client:interaction`; a click before that is replayed),
 * then it can be dragged up and down and opens a small contact panel.
 * When a third-party chat widget is configured, the island hydrates when idle,
 * loads the widget, finds its bubble (10 tries, every 2 s), places and makes it
 * draggable by the same rules, and hides ours.
 */
import { useEffect, useRef, useState } from 'react';
import type { AreaMessages } from '../../i18n/island-messages.ts';
import { findWithRetry, loadWidgetScript, makeDraggable } from './placement.ts';
import { MessagesProvider, useT } from '../shared/i18n.tsx';

export type ChatBubbleMessages = AreaMessages<'chat.'>;

export interface ChatBubbleProps {
  email: string;
  faqHref: string;
  widget?: { src: string; selector: string };
  messages: ChatBubbleMessages;
}

export function ChatBubble(props: ChatBubbleProps) {
  return (
    <MessagesProvider messages={props.messages}>
      <Bubble {...props} />
    </MessagesProvider>
  );
}

function Bubble({ email, faqHref, widget }: ChatBubbleProps) {
  const t = useT<ChatBubbleMessages>();
  const [open, setOpen] = useState(false);
  const [adopted, setAdopted] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const bubble = useRef<HTMLButtonElement>(null);

  useEffect(() => makeDraggable(box.current!, bubble.current!), []);

  useEffect(() => {
    if (!widget) return;
    let stop = () => {};
    loadWidgetScript(widget.src);
    void findWithRetry(() => document.querySelector<HTMLElement>(widget.selector)).then((found) => {
      if (!found) return;
      setAdopted(true);
      stop = makeDraggable(found, found, { placeByRules: true });
    });
    return () => stop();
  }, [widget]);

  const close = () => {
    setOpen(false);
    bubble.current?.focus();
  };

  return (
    <div
      ref={box}
      data-chat-bubble=""
      hidden={adopted}
      className="fixed end-5 bottom-5 z-40 hidden md:block lg:bottom-[120px]"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) close();
      }}
    >
      <div id="support-panel" hidden={!open} className="absolute end-0 bottom-16 w-72 rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-xl" role="dialog" aria-labelledby="support-title">
        <div className="flex items-start justify-between gap-2">
          <h2 id="support-title" className="font-semibold">
            {t('chat.title')}
          </h2>
          <button type="button" className="rounded p-1 text-slate-600 hover:bg-slate-100" onClick={close}>
            <span className="sr-only">{t('chat.close')}</span>
            <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
              <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
        </div>
        <p className="mt-2 text-slate-700">{t('chat.intro')}</p>
        <a className="mt-3 block rounded-md bg-brand-600 px-3 py-2 text-center font-semibold break-all text-white hover:bg-brand-700" href={`mailto:${email}`}>
          {t('chat.mail', { email })}
        </a>
        <a className="mt-2 block text-center text-brand-700 underline" href={faqHref}>
          {t('chat.faq')}
        </a>
      </div>
      <button
        ref={bubble}
        type="button"
        className="flex h-14 w-14 cursor-grab touch-none items-center justify-center rounded-full bg-brand-600 text-white shadow-lg hover:bg-brand-700"
        aria-expanded={open}
        aria-controls="support-panel"
        title={t('chat.moveHint')}
        onClick={() => setOpen(!open)}
      >
        <span className="sr-only">{t('chat.open')}</span>
        <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true">
          <path fill="currentColor" d="M4 4h16a2 2 0 012 2v9a2 2 0 01-2 2H9l-5 4v-4a2 2 0 01-2-2V6a2 2 0 012-2z" />
        </svg>
      </button>
    </div>
  );
}
