/**
 * The essay rewriter (spec §2 Rewriter, §3 order type 9): the text, the mode,
 * how much to change and the frozen words; the paid run; the result beside the
 * source with the changes marked, copy, .docx download and the recent rewrites.
 * A React island hydrated when the browser is idle; its state and actions live
 * in src/stores/rewriter.ts.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { formatLocalDateTime } from '../../domain/dates.ts';
import { type MessageParams } from '../../i18n/interpolate.ts';
import { ltrIsolate } from '../shared/format.ts';
import { langOf, translator } from '../shared/i18n.tsx';
import { rewriteStrength, type RewriteMode } from '../../domain/rewriter.ts';
import { $isLoggedIn } from '../../stores/user.ts';
import {
  $history,
  $modes,
  $rewriter,
  $wordCount,
  $wordLimit,
  downloadDocx,
  loadHistory,
  loadModes,
  openRewrite,
  resultText,
  rewriterUpload,
  setFrozenInput,
  setMode,
  setStrength,
  setText,
  startRewrite,
} from '../../stores/rewriter.ts';
import { showToast } from '../../stores/toast.ts';
import { copyText, openFromQuery, orSignup, pasteInto } from '../shared/tool/actions.ts';
import { RunBar } from '../shared/tool/RunBar.tsx';
import { SourceText } from '../shared/tool/SourceText.tsx';
import { PasteOrUpload, UploadField, useFileUpload } from '../shared/tool/FileUpload.tsx';
import { useHydrated } from '../shared/useHydrated.ts';

export interface EssayRewriterProps {
  messages: Readonly<Record<string, string>>;
  /** The pricing page, for "unlock more words" and "get beans". */
  pricingPath: string;
  /** The page's own path, for opening a rewrite of the list. */
  selfPath: string;
  /** The history page, where a paid run the page lost will show its result. */
  historyPath?: string;
}

const action =
  'inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50';

export function EssayRewriter({ messages, pricingPath, selfPath, historyPath }: EssayRewriterProps) {
  const t: (key: string, params?: MessageParams) => string = translator(messages);
  const lang = langOf(messages);
  const state = useStore($rewriter);
  const modes = useStore($modes);
  const words = useStore($wordCount);
  const limit = useStore($wordLimit);
  const history = useStore($history);
  const loggedIn = useStore($isLoggedIn);
  const id = useId();
  const hydrated = useHydrated();
  const busy = state.phase === 'rewriting';
  const empty = state.text.trim() === '';
  const view = state.phase === 'done' ? state.result?.data : null;

  useEffect(() => {
    void loadModes();
    openFromQuery(openRewrite);
  }, []);
  useEffect(() => {
    void loadHistory();
  }, [loggedIn]);

  const paste = () => pasteInto(t, setText);
  const { input: fileInput, onFile } = useFileUpload(t, rewriterUpload);

  const copy = () => copyText(t, resultText(), 'rewriter.copied');

  async function download() {
    try {
      await downloadDocx();
    } catch {
      showToast(t('rewriter.downloadFailed'), 'error');
    }
  }

  const run = () => orSignup(startRewrite());

  return (
    <div data-essay-rewriter data-phase={state.phase} data-hydrated={hydrated ? '' : undefined}>
      <fieldset className="flex flex-wrap items-center gap-2" disabled={busy}>
        <legend className="sr-only">{t('rewriter.modeLabel')}</legend>
        <span aria-hidden="true" className="me-1 text-sm font-semibold text-slate-800">
          {t('rewriter.modeLabel')}
        </span>
        {modes.map((mode: RewriteMode) => (
          <label
            key={mode}
            className={`cursor-pointer rounded-full border px-3 py-1.5 text-sm font-medium focus-within:outline-2 focus-within:outline-brand-600 ${
              state.mode === mode ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
            }`}
          >
            <input type="radio" className="sr-only" name={`${id}-mode`} value={mode} checked={state.mode === mode} onChange={() => setMode(mode)} />
            {t(`rewriter.mode.${mode}`)}
          </label>
        ))}
      </fieldset>

      <div className="mt-3 flex flex-wrap items-end gap-6">
        <div className="flex items-center gap-2 text-sm text-slate-700">
          <label htmlFor={`${id}-strength`} className="font-semibold text-slate-800">
            {t('rewriter.strengthLabel')}
          </label>
          <span aria-hidden="true">{t('rewriter.strengthLess')}</span>
          <input
            id={`${id}-strength`}
            type="range"
            min={rewriteStrength.min}
            max={rewriteStrength.max}
            step={1}
            value={state.strength}
            disabled={busy}
            aria-valuetext={t('rewriter.strengthValue', { value: state.strength, max: rewriteStrength.max })}
            onChange={(e) => setStrength(Number(e.target.value))}
            className="w-32 accent-brand-600"
          />
          <span aria-hidden="true">{t('rewriter.strengthMore')}</span>
        </div>
        <div className="flex min-w-[16rem] flex-1 flex-col gap-1 text-sm">
          <label htmlFor={`${id}-frozen`} className="font-semibold text-slate-800">
            {t('rewriter.frozenLabel')}
          </label>
          <input
            id={`${id}-frozen`}
            type="text"
            value={state.frozenInput}
            disabled={busy}
            aria-describedby={`${id}-frozen-hint`}
            onChange={(e) => setFrozenInput(e.target.value)}
            className="rounded-lg border border-slate-300 px-3 py-1.5 text-base focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
          />
          <span id={`${id}-frozen-hint`} className="text-xs text-slate-600">
            {t('rewriter.frozenHint')}
          </span>
        </div>
      </div>

      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <SourceText
          id={id}
          t={t}
          lang={lang}
          label={t('rewriter.sourceLabel')}
          placeholder={t('rewriter.placeholder')}
          text={state.text}
          busy={busy}
          words={words}
          limit={limit}
          onText={setText}
          onDropFile={(file) => void onFile(file)}
          emptyActions={<PasteOrUpload t={t} buttonClass={action} onPaste={() => void paste()} input={fileInput} />}
          middle={<UploadField t={t} upload={rewriterUpload} input={fileInput} onFile={onFile} />}
        />

        <section className="relative flex min-h-[20rem] flex-col rounded-2xl border border-slate-200 bg-white shadow-sm" aria-labelledby={`${id}-result`} data-result>
          <header className="flex min-h-11 flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-2">
            <h2 id={`${id}-result`} className="text-sm font-semibold text-slate-800">
              {t('rewriter.resultLabel')}
            </h2>
            {view && (
              <span className="flex gap-2">
                <button type="button" className={action} onClick={() => void copy()}>
                  {t('rewriter.copy')}
                </button>
                <button type="button" className={action} onClick={() => void download()}>
                  {t('rewriter.download')}
                </button>
              </span>
            )}
          </header>
          <div className="flex-1 px-4 py-3 text-base leading-relaxed text-slate-900" dir="auto" data-output>
            {view ? (
              view.paragraphs.map((segments, p) => (
                <p key={p} className="mb-3">
                  {segments.map((s, i) =>
                    s.change ? (
                      <mark key={i} data-change={s.change} className={s.change === 'added' ? 'rounded bg-emerald-100 text-emerald-950' : 'rounded bg-amber-100 text-amber-950'}>
                        {s.text}
                      </mark>
                    ) : (
                      <span key={i}>{s.text}</span>
                    ),
                  )}
                </p>
              ))
            ) : (
              <p className="text-slate-500">{t('rewriter.resultEmpty')}</p>
            )}
          </div>
          {view && (
            <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-4 py-3 text-sm text-slate-700">
              <span data-changed>{t('rewriter.changedShare', { percent: Math.round(view.stats.changedShare * 100) })}</span>
              <span className="flex items-center gap-3">
                <span className="flex items-center gap-1">
                  <span className="inline-block h-3 w-3 rounded bg-emerald-100" aria-hidden="true" />
                  {t('rewriter.legendAdded')}
                </span>
                <span className="flex items-center gap-1">
                  <span className="inline-block h-3 w-3 rounded bg-amber-100" aria-hidden="true" />
                  {t('rewriter.legendEdited')}
                </span>
              </span>
            </footer>
          )}
          {busy && (
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 rounded-2xl bg-white/90" role="status">
              <p className="font-medium text-slate-800">{t('rewriter.rewriting')}</p>
              <div className="h-2 w-2/3 overflow-hidden rounded bg-slate-100">
                <div className="h-full w-1/2 animate-pulse bg-brand-600" />
              </div>
            </div>
          )}
        </section>
      </div>

      <RunBar className="mt-4" t={t} price={empty ? null : state.price} problem={state.problem} unlockHref={pricingPath} historyHref={historyPath} label={t('rewriter.rewrite')} disabled={empty || busy} onRun={() => void run()} />

      {history.length > 0 && (
        <section className="mt-6" aria-labelledby={`${id}-history`} data-history>
          <h2 id={`${id}-history`} className="text-base font-semibold text-slate-900">
            {t('rewriter.historyTitle')}
          </h2>
          <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {history.map((entry) => (
              <li key={entry.orderNo} className="flex items-center justify-between gap-3 px-4 py-2 text-sm">
                <time dateTime={entry.createTime}>{ltrIsolate(lang, formatLocalDateTime(entry.createTime))}</time>
                <a
                  className="font-medium text-brand-700 underline"
                  href={`${selfPath}?orderNo=${encodeURIComponent(entry.orderNo)}`}
                  aria-label={t('rewriter.openLabel', { date: formatLocalDateTime(entry.createTime) })}
                  onClick={(e) => {
                    e.preventDefault();
                    void openRewrite(entry.orderNo);
                  }}
                >
                  {t('rewriter.open')}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
