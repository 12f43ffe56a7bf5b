/**
 * The plagiarism checker (spec §2 plagchecker, §3 order type 5): the text with
 * paste and upload, the price, the paid check with its progress, and the
 * similarity report. A React island hydrated when the browser is idle; its
 * state and actions live in src/stores/plagiarism.ts.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { $isLoggedIn } from '../../stores/user.ts';
import {
  $checker,
  checkerUpload,
  $library,
  $shareSubmissions,
  $wordCount,
  $wordLimit,
  loadLibrary,
  loadShareSetting,
  openReport,
  setShareSubmissions,
  setText,
  startCheck,
} from '../../stores/plagiarism.ts';
import { openFromQuery, orSignup, pasteInto } from '../shared/tool/actions.ts';
import { RunBar } from '../shared/tool/RunBar.tsx';
import { PasteOrUpload, UploadField, useFileUpload } from '../shared/tool/FileUpload.tsx';
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
  const loggedIn = useStore($isLoggedIn);
  const id = useId();
  const { input: fileInput, onFile } = useFileUpload(t, checkerUpload);
  const checking = state.phase === 'checking';

  useEffect(() => {
    void loadLibrary();
    openFromQuery(openReport);
  }, []);
  useEffect(() => {
    void loadShareSetting();
  }, [loggedIn]);

  const paste = () => pasteInto(t, setText);

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
        emptyActions={<PasteOrUpload t={t} buttonClass={action} onPaste={() => void paste()} input={fileInput} />}
        middle={
          <>
            <UploadField t={t} upload={checkerUpload} input={fileInput} onFile={onFile} />
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
