import type { ReactNode } from 'react';
import { formatNumber } from '../format.ts';

type T = (key: string, params?: Record<string, string | number>) => string;

/**
 * The text a paid tool works on (spec §4): its label and a Clear button, the textarea with a hint and actions
 * while it is empty, and the word count against the plan's limit. `middle` stands between the text and the count
 * (an upload in progress), `footer` beside the count, `children` at the end of the panel (errors, a busy overlay).
 */
export function SourceText(props: {
  id: string;
  t: T;
  /** The page's language, for the word count's numbers ("1,234 / 2,000"). */
  lang: string;
  label: string;
  placeholder: string;
  text: string;
  busy: boolean;
  words: number;
  limit: number;
  onText: (text: string) => void;
  onDropFile?: (file: File) => void;
  emptyActions: ReactNode;
  middle?: ReactNode;
  footer?: ReactNode;
  children?: ReactNode;
}) {
  const { id, t, lang, text, busy, words, limit, onText, onDropFile } = props;
  const empty = text.trim() === '';
  return (
    <section className="relative flex min-h-[20rem] flex-col rounded-2xl border border-slate-200 bg-white shadow-sm">
      <header className="flex min-h-11 items-center justify-between gap-2 border-b border-slate-100 px-4 py-2">
        <label htmlFor={`${id}-text`} className="text-sm font-semibold text-slate-800">
          {props.label}
        </label>
        {!empty && !busy && (
          <button type="button" className="rounded-lg px-2 py-1 text-sm text-slate-700 hover:bg-slate-100" onClick={() => onText('')}>
            {t('humanizer.clear')}
          </button>
        )}
      </header>
      <div className="relative flex-1">
        <textarea
          id={`${id}-text`}
          dir="auto"
          className="block h-full min-h-[16rem] w-full resize-y px-4 py-3 text-base leading-relaxed text-slate-900 focus:outline-2 focus:outline-brand-600"
          value={text}
          readOnly={busy}
          aria-describedby={`${id}-hint`}
          onChange={(e) => onText(e.target.value)}
          onDrop={
            onDropFile &&
            ((e) => {
              const file = e.dataTransfer.files[0];
              if (!file) return;
              e.preventDefault();
              onDropFile(file);
            })
          }
        />
        {empty && (
          <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center gap-4 p-4">
            <p id={`${id}-hint`} className="text-center text-slate-500">
              {props.placeholder}
            </p>
            {props.emptyActions}
          </div>
        )}
      </div>
      {props.middle}
      <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-4 py-3">
        <span className={`text-sm ${words > limit ? 'text-red-700' : 'text-slate-600'}`} aria-live="polite">
          {t('humanizer.words', { used: formatNumber(lang, words), count: formatNumber(lang, limit) })}
        </span>
        {props.footer}
      </footer>
      {props.children}
    </section>
  );
}
