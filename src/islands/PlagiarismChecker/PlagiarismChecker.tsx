/**
 * The plagiarism checker (spec §2 plagchecker, §3 order type 5): the text with
 * paste and upload, the price, the paid check with its progress, and the
 * similarity report. A React island hydrated when the browser is idle; its
 * state and actions live in src/stores/plagiarism.ts.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef } from 'react';
import { $isLoggedIn } from '../../stores/user.ts';
import {
  $checker,
  $library,
  $shareSubmissions,
  $upload,
  $wordCount,
  $wordLimit,
  abortUpload,
  dismissUpload,
  loadLibrary,
  loadShareSetting,
  openReport,
  retryUpload,
  setShareSubmissions,
  setText,
  startCheck,
  uploadDocument,
} from '../../stores/plagiarism.ts';
import { showToast } from '../../stores/toast.ts';
import { redirectToSignup } from '../../lib/session.ts';
import { openFromQuery, orSignup, pasteInto } from '../shared/tool/actions.ts';
import { RunBar } from '../shared/tool/RunBar.tsx';
import { SourceText } from '../shared/tool/SourceText.tsx';
import { langOf } from '../shared/i18n.tsx';
import { problemText, translator, type Messages } from './messages.ts';
import { ReportView } from './ReportView.tsx';

export interface PlagiarismCheckerProps {
  messages: Messages;
  /** The pricing page, for "unlock more words" and "get beans". */
  pricingPath: string;
  /** The history page, where a paid check the page lost will show its report. */
  historyPath?: string;
}

const action = 'inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600';

export function PlagiarismChecker({ messages, pricingPath, historyPath }: PlagiarismCheckerProps) {
  const t = translator(messages);
  const state = useStore($checker);
  const words = useStore($wordCount);
  const limit = useStore($wordLimit);
  const library = useStore($library);
  const share = useStore($shareSubmissions);
  const upload = useStore($upload);
  const loggedIn = useStore($isLoggedIn);
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const checking = state.phase === 'checking';

  useEffect(() => {
    void loadLibrary();
    openFromQuery(openReport);
  }, []);
  useEffect(() => {
    void loadShareSetting();
  }, [loggedIn]);

  const paste = () => pasteInto(t, setText);

  async function onFile(file: File | undefined) {
    if (!file) return;
    const outcome = await uploadDocument(file);
    if (outcome === 'signup') return redirectToSignup();
    if (outcome) return showToast(problemText(t, outcome), outcome && 'key' in outcome && outcome.key !== 'upload.error.failed' ? 'warning' : 'error');
    if ($upload.get()?.status === 'done') showToast(t('upload.success'), 'success');
  }

  const check = () => orSignup(startCheck());

  const empty = state.text.trim() === '';
  const coverage = library ? t(library.web ? 'plagiarism.coverageWeb' : 'plagiarism.coverage', { count: library.documents }) : '';

  return (
    <div data-plagiarism-checker data-phase={state.phase}>
      <SourceText
        id={id}
        t={t}
        lang={langOf(messages)}
        label={t('plagiarism.sourceLabel')}
        placeholder={t('plagiarism.placeholder')}
        text={state.text}
        busy={checking}
        words={words}
        limit={limit}
        onText={setText}
        onDropFile={(file) => void onFile(file)}
        emptyActions={
          <>
            <div className="pointer-events-auto flex flex-wrap justify-center gap-2">
              <button type="button" className={action} onClick={() => void paste()}>
                {t('humanizer.paste')}
              </button>
              <button type="button" className={action} onClick={() => fileInput.current?.click()}>
                {t('humanizer.upload')}
              </button>
            </div>
            <p className="text-xs text-slate-500">{t('humanizer.uploadHint')}</p>
          </>
        }
        middle={
          <>
            <input
              ref={fileInput}
              type="file"
              className="sr-only"
              tabIndex={-1}
              aria-label={t('humanizer.upload')}
              accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                void onFile(file);
              }}
            />
            {upload && upload.status !== 'done' && (
              <div className="border-t border-slate-100 px-4 py-2" data-upload-item>
                <div className="flex items-center justify-between gap-2 text-sm">
                  <span className="truncate">{t('upload.uploading', { name: upload.name })}</span>
                  <span className="flex gap-1">
                    {upload.status === 'uploading' && (
                      <button type="button" className="rounded px-2 py-1 text-slate-700 hover:bg-slate-100" onClick={abortUpload}>
                        {t('upload.abort')}
                      </button>
                    )}
                    {upload.status === 'error' && (
                      <>
                        <button type="button" className="rounded px-2 py-1 font-medium text-brand-700 hover:bg-slate-100" onClick={retryUpload}>
                          {t('upload.retry')}
                        </button>
                        <button type="button" className="rounded px-2 py-1 text-slate-700 hover:bg-slate-100" onClick={dismissUpload}>
                          {t('plagiarism.dismiss')}
                        </button>
                      </>
                    )}
                  </span>
                </div>
                <div className="mt-1 h-1.5 overflow-hidden rounded bg-slate-100">
                  <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${Math.round(upload.percent * 100)}%` }} />
                </div>
              </div>
            )}
          </>
        }
        footer={
          <span className="text-sm text-slate-600" data-library>
            {coverage}
          </span>
        }
      >
        {state.quoteError && (
          <p className="px-4 pb-3 text-sm text-red-700" role="alert">
            {state.quoteError}
          </p>
        )}
        {checking && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 rounded-2xl bg-white/90" role="status">
            <p className="font-medium text-slate-800">{t('plagiarism.checking')}</p>
            <div className="h-2 w-2/3 overflow-hidden rounded bg-slate-100">
              <div className="h-full w-1/2 animate-pulse bg-brand-600" />
            </div>
          </div>
        )}
      </SourceText>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        {share !== null ? (
          <label className="flex max-w-xl items-start gap-2 text-sm text-slate-700">
            <input type="checkbox" className="mt-0.5 h-4 w-4" checked={share} onChange={(e) => void setShareSubmissions(e.target.checked)} />
            <span>{t('plagiarism.shareSetting')}</span>
          </label>
        ) : (
          <span />
        )}
        <RunBar t={t} price={empty ? null : state.price} problem={state.problem} unlockHref={pricingPath} historyHref={historyPath} label={t('plagiarism.check')} disabled={empty || checking} onRun={() => void check()} />
      </div>

      {state.phase === 'done' && state.report && <ReportView t={t} report={state.report} />}
    </div>
  );
}
