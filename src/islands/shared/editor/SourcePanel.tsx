/**
 * The source side both tool islands share: the editor (a static, focusable
 * frame in the server HTML, Tiptap once live), the sample, paste and upload
 * actions while it is empty (spec HUM-01, HUM-05), dropped files, the upload
 * item, the word count and the quote's error line.
 */
import { useStore } from '@nanostores/react';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { ToolSource } from '../../../stores/tool-source.ts';
import { buttonClass } from '../Button.tsx';
import { formatNumber } from '../format.ts';
import type { Translator } from '../i18n.tsx';
import type { AreaMessages } from '../../../i18n/island-messages.ts';
import { sourceExtensions } from './extensions.ts';
import { UploadItem } from './UploadItem.tsx';

/** The panel shows the humanizer's and the upload's texts; every editor island has both areas. */
type AnyT = Translator<AreaMessages<'humanizer.' | 'upload.'>>;

export interface SourcePanelProps {
  source: ToolSource;
  t: AnyT;
  /** The page's language, for the word count's numbers ("1,234 / 2,000"). */
  lang: string;
  /** Prefix of the element ids, unique per page. */
  prefix: string;
  placeholder: string;
  limit: number;
  /** The page's language is not English: say the sample is. */
  sampleIsEnglish: boolean;
  /** Buttons at the end of the header (debug mode). */
  headerActions?: ReactNode;
  /** Controls in the footer (the Ultra switch). */
  footer?: ReactNode;
}

const accept = '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
// A fixed height: text put in after hydration (a draft, a hand-over) scrolls inside instead of moving the page.
const editorBox = 'tool-editor h-80 overflow-y-auto px-4 py-3 text-base leading-relaxed text-slate-900';

export function SourcePanel({ source, t, lang, prefix, placeholder, limit, sampleIsEnglish, headerActions, footer }: SourcePanelProps) {
  const text = useStore(source.$text);
  const load = useStore(source.$load);
  const readOnly = useStore(source.$readOnly);
  const words = useStore(source.$words);
  const quoteError = useStore(source.$quoteError);
  const upload = useStore(source.$upload);
  const frame = useRef<HTMLDivElement>(null);
  const applied = useRef(0);
  const labelId = `${prefix}-source-label`;
  const placeholderId = `${prefix}-placeholder`;
  const empty = text.trim() === '';

  const editor = useEditor({
    extensions: sourceExtensions,
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    editable: !source.$readOnly.get(),
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'aria-describedby': placeholderId,
        spellcheck: 'true',
        // The text's own direction: English stays left-to-right on Arabic pages.
        dir: 'auto',
      },
    },
    onUpdate: ({ editor: e }) => source.editorChanged(e.getText({ blockSeparator: '\n' })),
  });

  // The store puts text in (sample, paste, upload, draft, a result): the editor follows, once per load.
  useEffect(() => {
    if (!editor || !load || load.seq === applied.current) return;
    applied.current = load.seq;
    editor.commands.setContent(load.doc as never, { emitUpdate: false });
    if (load.focus) editor.commands.focus('end');
  }, [editor, load]);

  useEffect(() => {
    editor?.setEditable(!readOnly);
  }, [editor, readOnly]);

  // Focus on the static frame moves into the editor when it arrives.
  useEffect(() => {
    if (editor && frame.current && frame.current.contains(document.activeElement) && !editor.isFocused) editor.commands.focus('end');
  }, [editor]);

  const frameProps = editor
    ? {}
    : { role: 'textbox', tabIndex: 0, 'aria-multiline': true, 'aria-labelledby': labelId, 'aria-describedby': placeholderId, 'aria-readonly': readOnly || undefined };

  return (
    <section className="flex flex-col rounded-2xl border border-slate-200 bg-white shadow-sm" aria-labelledby={labelId}>
      <header className="flex min-h-[3.25rem] items-center justify-between gap-2 border-b border-slate-100 px-4 py-2">
        <h2 id={labelId} className="text-sm font-semibold text-slate-800">
          {t('humanizer.sourceLabel')}
        </h2>
        <div className="flex items-center gap-1">
          {headerActions}
          {!empty && !readOnly && (
            <button type="button" className={buttonClass.icon} aria-label={t('humanizer.clear')} title={t('humanizer.clear')} onClick={() => source.clear()}>
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M6 6l8 8M14 6l-8 8" />
              </svg>
            </button>
          )}
        </div>
      </header>
      <div
        className="relative flex-1 rounded-none focus-within:outline-3 focus-within:-outline-offset-3 focus-within:outline-brand-600"
        onDragOver={(event) => {
          if (!readOnly && event.dataTransfer.types.includes('Files')) event.preventDefault();
        }}
        onDrop={(event) => {
          const file = event.dataTransfer.files[0];
          if (!file || readOnly) return;
          event.preventDefault();
          source.upload(file);
        }}
      >
        <div ref={frame} className={editorBox} data-source {...frameProps}>
          {editor && <EditorContent editor={editor} />}
        </div>
        {/* Always in the page (the editor is described by its placeholder), hidden once there is text. */}
        <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center gap-4 p-4" hidden={!empty || readOnly}>
            <p id={placeholderId} className="text-center text-slate-500">
              {placeholder}
            </p>
            <div className="pointer-events-auto flex flex-wrap justify-center gap-2">
              <button type="button" className={buttonClass.action} onClick={() => source.loadSample()} aria-describedby={sampleIsEnglish ? `${prefix}-sample-note` : undefined}>
                {t('humanizer.trySample')}
              </button>
              <button type="button" className={buttonClass.action} onClick={() => void source.paste()}>
                {t('humanizer.paste')}
              </button>
              <label className={`${buttonClass.action} cursor-pointer focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-brand-600`}>
                {t('humanizer.upload')}
                <input
                  type="file"
                  className="sr-only"
                  accept={accept}
                  onChange={(event) => {
                    const file = event.currentTarget.files?.[0];
                    event.currentTarget.value = '';
                    if (file) source.upload(file);
                  }}
                />
              </label>
            </div>
            <p className="text-xs text-slate-600">{t('humanizer.uploadHint')}</p>
            {sampleIsEnglish && (
              <p id={`${prefix}-sample-note`} className="text-center text-xs text-slate-600">
                {t('humanizer.sampleIsEnglish')}
              </p>
            )}
        </div>
      </div>
      {upload && <UploadItem item={upload} t={t} onAbort={() => source.abortUpload()} onRetry={() => source.retryUpload()} />}
      <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-4 py-3">
        <span className={`text-sm ${words > limit ? 'font-semibold text-red-700' : 'text-slate-600'}`} aria-live="polite">
          {t('humanizer.words', { used: formatNumber(lang, words), count: formatNumber(lang, limit) })}
        </span>
        {footer}
      </footer>
      <div className="px-4 pb-3 text-sm" aria-live="polite">
        {quoteError && (
          <p className="text-red-700" data-quote-error>
            {quoteError}
          </p>
        )}
      </div>
    </section>
  );
}
