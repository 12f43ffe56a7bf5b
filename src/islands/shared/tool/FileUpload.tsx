/**
 * Upload into a tool's text (the plagiarism checker and the rewriter): the hidden file input, the progress row with
 * abort, retry and dismiss, and the handler that turns an upload's outcome into a toast or the sign-up page. The
 * upload itself is the tool's store (stores/text-upload.ts).
 */
import { useStore } from '@nanostores/react';
import { useRef, type RefObject } from 'react';
import { redirectToSignup } from '../../../lib/session.ts';
import { showToast } from '../../../stores/toast.ts';
import type { TextUpload } from '../../../stores/text-upload.ts';
import { problemText } from '../../../stores/tool-run.ts';

type T = (key: string, params?: Record<string, string | number>) => string;
type Handlers = Pick<TextUpload, '$upload' | 'start' | 'abort' | 'retry' | 'dismiss'>;

const ACCEPT = '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The input to click (`input.current?.click()`) and the handler for a chosen or dropped file. */
export function useFileUpload(t: T, upload: Handlers): { input: RefObject<HTMLInputElement | null>; onFile: (file: File | undefined) => Promise<void> } {
  const input = useRef<HTMLInputElement>(null);
  async function onFile(file: File | undefined) {
    if (!file) return;
    const outcome = await upload.start(file);
    if (outcome === 'signup') return redirectToSignup();
    if (outcome) return showToast(problemText(t, outcome), 'key' in outcome && outcome.key !== 'upload.error.failed' ? 'warning' : 'error');
    if (upload.$upload.get()?.status === 'done') showToast(t('upload.success'), 'success');
  }
  return { input, onFile };
}

/** The hidden file input and, while a file is on its way or has failed, its row. */
export function UploadField({ t, upload, input, onFile }: { t: T; upload: Handlers; input: RefObject<HTMLInputElement | null>; onFile: (file: File | undefined) => Promise<void> }) {
  const item = useStore(upload.$upload);
  return (
    <>
      <input
        ref={input}
        type="file"
        className="sr-only"
        tabIndex={-1}
        aria-label={t('humanizer.upload')}
        accept={ACCEPT}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          void onFile(file);
        }}
      />
      {item && item.status !== 'done' && (
        <div className="border-t border-slate-100 px-4 py-2" data-upload-item>
          <div className="flex items-center justify-between gap-2 text-sm">
            <span className="truncate">{t('upload.uploading', { name: item.name })}</span>
            <span className="flex gap-1">
              {item.status === 'uploading' && (
                <button type="button" className="rounded px-2 py-1 text-slate-700 hover:bg-slate-100" onClick={upload.abort}>
                  {t('upload.abort')}
                </button>
              )}
              {item.status === 'error' && (
                <>
                  <button type="button" className="rounded px-2 py-1 font-medium text-brand-700 hover:bg-slate-100" onClick={upload.retry}>
                    {t('upload.retry')}
                  </button>
                  <button type="button" className="rounded px-2 py-1 text-slate-700 hover:bg-slate-100" onClick={upload.dismiss}>
                    {t('plagiarism.dismiss')}
                  </button>
                </>
              )}
            </span>
          </div>
          <div className="mt-1 h-1.5 overflow-hidden rounded bg-slate-100">
            <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${Math.round(item.percent * 100)}%` }} />
          </div>
        </div>
      )}
    </>
  );
}

/** What an empty tool offers: Paste and Upload, with the upload's formats and size. */
export function PasteOrUpload({ t, buttonClass, onPaste, input }: { t: T; buttonClass: string; onPaste: () => void; input: RefObject<HTMLInputElement | null> }) {
  return (
    <>
      <div className="pointer-events-auto flex flex-wrap justify-center gap-2">
        <button type="button" className={buttonClass} onClick={onPaste}>
          {t('humanizer.paste')}
        </button>
        <button type="button" className={buttonClass} onClick={() => input.current?.click()}>
          {t('humanizer.upload')}
        </button>
      </div>
      <p className="text-xs text-slate-500">{t('humanizer.uploadHint')}</p>
    </>
  );
}
