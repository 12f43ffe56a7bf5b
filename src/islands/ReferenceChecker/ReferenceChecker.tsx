/**
 * The reference checker (spec §2 refchecker, order type 6): paste or upload a paper, a reference list or BibTeX/RIS,
 * run the paid check, and read a card per reference with its verdict and evidence, plus the in-text citation
 * problems. A thin view over src/stores/reference-check.ts; hydrated when the browser is idle.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { endpoints } from '../../domain/endpoints/paths.ts';
import { humanizerLimits, uploadKindOf } from '../../domain/humanizer.ts';
import { citationStyleNames, refLimits, type RefEntryResult, type RefIssue, type ReferenceReport, type RefVerdict } from '../../domain/references.ts';
import { countWords } from '../../domain/word-count.ts';
import { apiBase } from '../../lib/api/base.ts';
import { redirectToSignup } from '../../lib/session.ts';
import { createUpload, withinLimit, type Upload } from '../../lib/upload.ts';
import { $refOnline, $refPrice, $refRun, $refText, isLoggedIn, loadReferenceBackend, openReferenceCheck, overLimit, runReferenceCheck, setReferenceText } from '../../stores/reference-check.ts';
import { $user, ensureFreshToken } from '../../stores/user.ts';
import { formatNumber } from '../shared/format.ts';
import { langOf, translator } from '../shared/i18n.tsx';
import { HistoryLink, RunContinues } from '../shared/tool/RunBar.tsx';
import { useFocusBack } from '../shared/useFocusBack.ts';

export interface ReferenceCheckerProps {
  /** The `refcheck.` and `upload.` messages of the page's language. */
  messages: Record<string, string>;
  /** The sample: a short paper with a real, an altered and an invented reference. */
  sampleText: string;
  /** The pricing page, offered when the wallet is short of beans. */
  pricingPath: string;
  /** The history page, where a paid check the page lost will show its report. */
  historyPath?: string;
}

type Params = Record<string, string | number>;

const verdictStyle: Record<RefVerdict, string> = {
  verified: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  conflict: 'border-amber-300 bg-amber-50 text-amber-900',
  notFound: 'border-red-300 bg-red-50 text-red-900',
  retracted: 'border-red-400 bg-red-100 text-red-900',
  unchecked: 'border-slate-300 bg-slate-50 text-slate-700',
};
const severityStyle = { error: 'text-red-800', warning: 'text-amber-900', info: 'text-slate-700' } as const;

export function ReferenceChecker({ messages, sampleText, pricingPath, historyPath }: ReferenceCheckerProps) {
  const t: (key: string, params?: Params) => string = translator(messages);
  const lang = langOf(messages);
  const text = useStore($refText);
  const price = useStore($refPrice);
  const run = useStore($refRun);
  const online = useStore($refOnline);
  useStore($user);
  useEffect(() => {
    void loadReferenceBackend();
  }, []);
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const uploadRef = useRef<Upload<{ code: string | number; content?: string; errorMsg?: string }> | undefined>(undefined);
  const [uploadState, setUploadState] = useState<{ name: string; percent: number; status: string; error?: string } | undefined>();
  // Controls wait for hydration: a click on the server-rendered HTML would otherwise be lost.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const running = run.status === 'running' || !ready;
  const words = countWords(text);
  const checkDisabled = !text.trim() || running || overLimit(text);
  const focusBack = useFocusBack<HTMLButtonElement>(checkDisabled);

  useEffect(() => {
    const orderNo = new URLSearchParams(location.search).get('orderNo');
    if (orderNo === null) return;
    if (!orderNo.trim()) window.alert(t('refcheck.orderNoMissing'));
    else if (!isLoggedIn()) redirectToSignup();
    else void openReferenceCheck(orderNo);
    // Once, on the first hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function check() {
    focusBack.pressed();
    if (!text.trim() || running || overLimit(text)) return;
    if (!isLoggedIn()) return redirectToSignup();
    void runReferenceCheck();
  }

  /** Spec §2 paste action, as on the other tools: the clipboard's text, or why it could not be read. */
  async function paste() {
    const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
    if (!clipboard?.readText) return setUploadState({ name: '', percent: 0, status: 'error', error: t('humanizer.clipboardUnsupported') });
    try {
      const pasted = await clipboard.readText();
      setUploadState(undefined);
      if (pasted.trim()) setReferenceText(pasted);
    } catch {
      setUploadState({ name: '', percent: 0, status: 'error', error: t('humanizer.clipboardDenied') });
    }
  }

  async function onFile(file: File) {
    const lower = file.name.toLowerCase();
    if (!withinLimit(file, humanizerLimits.uploadMaxBytes)) return setUploadState({ name: file.name, percent: 0, status: 'error', error: t('upload.error.tooLarge') });
    // Plain text, BibTeX and RIS are read here; documents go to the server's extractor.
    if (/\.(txt|bib|ris|md)$/.test(lower) || file.type === 'text/plain') {
      setReferenceText(await file.text());
      setUploadState(undefined);
      return;
    }
    if (!uploadKindOf(file.name, file.type)) return setUploadState({ name: file.name, percent: 0, status: 'error', error: t('refcheck.uploadType') });
    if (!isLoggedIn()) return redirectToSignup();
    await ensureFreshToken();
    uploadRef.current?.abort();
    uploadRef.current = createUpload(file, {
      action: `${apiBase()}${endpoints.uploadFileAndParse}`,
      fieldName: 'multipartFiles',
      headers: () => ({ authorization: `Bearer ${$user.get().accessToken}`, 'accept-language': document.documentElement.dataset.locale ?? 'en' }),
      limitBytes: humanizerLimits.uploadMaxBytes,
      isSuccess: (response) => String(response.code) === '0',
      onChange: (item) => {
        setUploadState({ name: item.name, percent: item.percent, status: item.status, error: item.status === 'error' ? (item.response?.errorMsg ?? t('upload.error.failed')) : undefined });
        if (item.status === 'done' && item.response?.content) {
          setReferenceText(item.response.content);
          setUploadState(undefined);
        }
      },
    });
  }

  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;
  return (
    <div className="grid gap-6" data-refchecker data-ready={ready ? 'true' : undefined}>
      <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <label id={`${id}-label`} htmlFor={inputId} className="text-sm font-semibold text-slate-800">
            {t('refcheck.inputLabel')}
          </label>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50" onClick={() => setReferenceText(sampleText)} disabled={running}>
              {t('refcheck.sample')}
            </button>
            <button type="button" className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50" onClick={() => void paste()} disabled={running}>
              {t('humanizer.paste')}
            </button>
            <button type="button" className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50" onClick={() => fileRef.current?.click()} disabled={running}>
              {t('refcheck.upload')}
            </button>
            <input
              ref={fileRef}
              type="file"
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              accept=".pdf,.doc,.docx,.txt,.bib,.ris,application/pdf,text/plain"
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                event.currentTarget.value = '';
                if (file) void onFile(file);
              }}
            />
          </div>
        </div>
        <textarea
          id={inputId}
          dir="auto"
          aria-describedby={hintId}
          rows={12}
          className="mt-2 block w-full resize-y rounded-lg border border-slate-300 p-3 font-mono text-sm leading-relaxed focus:border-brand-600"
          placeholder={t('refcheck.placeholder')}
          value={text}
          readOnly={running}
          onChange={(event) => setReferenceText(event.currentTarget.value)}
        />
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {t('refcheck.uploadHint')}
        </p>
        {uploadState && (
          <p className={`mt-2 text-sm ${uploadState.error ? 'text-red-700' : 'text-slate-700'}`} role={uploadState.error ? 'alert' : 'status'}>
            {uploadState.error ?? t('upload.uploading', { name: uploadState.name })}
          </p>
        )}
        {online === false && (
          // Said before the run (and before any beans), not only in the report afterwards (issue 30).
          <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" role="note" data-lookups-off>
            {t('refcheck.onlineOffBefore')}
          </p>
        )}
        <div className="mt-3 flex flex-wrap items-center justify-end gap-3">
          <p className={`me-auto text-sm ${overLimit(text) ? 'text-red-700' : 'text-slate-600'}`}>{t('refcheck.words', { used: formatNumber(lang, words), count: formatNumber(lang, refLimits.maxWords) })}</p>
          <p className="text-sm text-slate-700" aria-live="polite">
            {price.error ? <span className="text-red-700">{price.error}</span> : price.beans !== undefined && text.trim() ? t('humanizer.price', { count: price.beans }) : ''}
          </p>
          <button
            type="button"
            className="rounded-lg bg-brand-600 px-6 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
            ref={focusBack.ref}
            disabled={checkDisabled}
            onClick={check}
          >
            {run.status === 'running' ? t('refcheck.checking') : t('refcheck.check')}
          </button>
        </div>
        {run.status === 'error' && (
          <p className="mt-2 text-sm text-red-700" role="alert">
            {run.unpaid ? t('tool.runUnpaid') : run.message}
          </p>
        )}
        {run.status === 'error' && run.continues && historyPath && <RunContinues t={t} historyHref={historyPath} />}
        {run.status === 'error' && run.unpaid && historyPath && <HistoryLink t={t} historyHref={historyPath} />}
        {run.status === 'error' && run.unlock && (
          <a className="mt-1 inline-block text-sm font-semibold text-brand-700 underline" href={pricingPath}>
            {t('humanizer.unlockLink')}
          </a>
        )}
      </div>

      <section aria-labelledby={`${id}-results`} aria-busy={run.status === 'running'}>
        <h2 id={`${id}-results`} className="text-xl font-bold text-slate-900">
          {t('refcheck.resultTitle')}
        </h2>
        <div role="status" className="mt-2 text-slate-700">
          {run.status === 'running' ? t('refcheck.checking') : run.status !== 'done' ? t('refcheck.empty') : null}
        </div>
        {run.status === 'done' && <Report report={run.report} t={t} />}
      </section>
    </div>
  );
}

type T = (key: string, params?: Params) => string;

function issueText(issue: RefIssue, t: T): string {
  const params: Params = { ...issue.params };
  if (typeof params.field === 'string') params.field = t(`refcheck.field.${params.field}`);
  for (const k of ['style', 'listStyle'] as const) if (typeof params[k] === 'string') params[k] = citationStyleNames[params[k] as keyof typeof citationStyleNames] ?? params[k];
  return t(`refcheck.issue.${issue.code}`, params);
}

/** The report: summary, counts, citation problems and a card per reference (also the essay editor's side panel). */
export function Report({ report, t }: { report: ReferenceReport; t: T }) {
  const styleLine = report.format !== 'text' ? t('refcheck.format', { format: report.format === 'bibtex' ? 'BibTeX' : 'RIS' }) : report.style ? t('refcheck.style', { style: citationStyleNames[report.style] }) : t('refcheck.styleUnknown');
  return (
    <div className="mt-3 grid gap-4">
      <div className="rounded-xl border border-slate-200 bg-white p-4">
        <p className="font-semibold text-slate-900">
          {t('refcheck.summary', { count: report.entries.length })} · {styleLine}
        </p>
        <ul className="mt-2 flex flex-wrap gap-2 text-sm" aria-label={t('refcheck.countsLabel')}>
          {(['verified', 'conflict', 'notFound', 'retracted', 'unchecked'] as const)
            .filter((v) => report.counts[v] > 0)
            .map((v) => (
              <li key={v} className={`rounded-full border px-2.5 py-0.5 ${verdictStyle[v]}`}>
                {t('refcheck.verdictCount', { verdict: t(`refcheck.verdict.${v}`), count: report.counts[v] })}
              </li>
            ))}
        </ul>
        {report.entries.length === 0 && <p className="mt-2 text-sm text-red-700">{t('refcheck.listNotFound')}</p>}
        {report.online === 'off' && report.entries.length > 0 && <p className="mt-2 text-sm text-slate-700">{t('refcheck.onlineOff')}</p>}
        {report.online === 'partial' && <p className="mt-2 text-sm text-slate-700">{t('refcheck.onlinePartial')}</p>}
        <p className="mt-2 text-xs text-slate-600">{t('refcheck.honesty')}</p>
      </div>

      {report.format === 'text' && (
        <div className="rounded-xl border border-slate-200 bg-white p-4" data-citations>
          <h3 className="font-semibold text-slate-900">{t('refcheck.citationsTitle')}</h3>
          <p className="mt-1 text-sm text-slate-700">{report.citations.length === 0 ? t('refcheck.citationsNone') : t('refcheck.citationsCount', { count: report.citations.length })}</p>
          {report.citationIssues.length > 0 ? (
            <ul className="mt-2 list-disc space-y-1 ps-5 text-sm">
              {report.citationIssues.map((issue, i) => (
                <li key={i} className={severityStyle[issue.severity]}>
                  {issueText(issue, t)}
                </li>
              ))}
            </ul>
          ) : (
            report.citations.length > 0 && <p className="mt-1 text-sm text-emerald-800">{t('refcheck.citationsOk')}</p>
          )}
        </div>
      )}

      <ol className="grid gap-3">
        {report.entries.map((entry) => (
          <EntryCard key={entry.index} entry={entry} t={t} />
        ))}
      </ol>
    </div>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="w-24 shrink-0 text-slate-600">{label}</dt>
      {/* Each value takes its own direction: a DOI or a Latin name read in an Arabic page's direction comes out reordered. */}
      <dd className="min-w-0 break-words text-slate-900" dir="auto">
        {children}
      </dd>
    </div>
  );
}

function EntryCard({ entry, t }: { entry: RefEntryResult; t: T }) {
  const f = entry.fields;
  const headingId = `ref-entry-${entry.index}`;
  const verdict = t(`refcheck.verdict.${entry.verdict}`);
  const e = entry.evidence;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby={headingId} data-verdict={entry.verdict}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-slate-600">
          {t('refcheck.entry', { number: entry.index + 1 })}
        </h3>
        <span className={`rounded-full border px-2.5 py-0.5 text-sm font-semibold ${verdictStyle[entry.verdict]}`}>{verdict}</span>
      </div>
      <p className="mt-1 break-words text-slate-900" dir="auto">
        {entry.text}
      </p>
      {entry.verdict === 'unchecked' && entry.uncheckedReason && <p className="mt-1 text-sm text-slate-600">{t(`refcheck.unchecked.${entry.uncheckedReason}`)}</p>}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-brand-700" aria-label={t('refcheck.fieldsToggleLabel', { number: entry.index + 1 })}>
          {t('refcheck.fieldsToggle')}
        </summary>
        <dl className="mt-2 grid gap-1">
          {f.authors.length > 0 && <Field label={t('refcheck.field.authors')}>{f.authors.join('; ')}</Field>}
          {f.year !== null && <Field label={t('refcheck.field.year')}>{f.year}</Field>}
          {f.title && <Field label={t('refcheck.field.title')}>{f.title}</Field>}
          {f.container && <Field label={t('refcheck.field.container')}>{f.container}</Field>}
          {f.volume && <Field label={t('refcheck.field.volume')}>{f.volume}</Field>}
          {f.issue && <Field label={t('refcheck.field.issue')}>{f.issue}</Field>}
          {f.pages && <Field label={t('refcheck.field.pages')}>{f.pages}</Field>}
          {f.publisher && <Field label={t('refcheck.field.publisher')}>{f.publisher}</Field>}
          {f.doi && <Field label={t('refcheck.field.doi')}>{f.doi}</Field>}
          {f.isbn && <Field label={t('refcheck.field.isbn')}>{f.isbn}</Field>}
          {f.url && <Field label={t('refcheck.field.url')}>{f.url}</Field>}
        </dl>
      </details>
      {entry.issues.length > 0 && (
        <ul className="mt-2 list-disc space-y-0.5 ps-5 text-sm">
          {entry.issues.map((issue, i) => (
            <li key={i} className={severityStyle[issue.severity]}>
              {issueText(issue, t)}
            </li>
          ))}
        </ul>
      )}
      {entry.conflicts.length > 0 && (
        <table className="mt-3 w-full text-start text-sm">
          <caption className="text-start font-semibold text-slate-800">{t('refcheck.conflictsTitle')}</caption>
          <thead>
            <tr className="text-slate-600">
              <th scope="col" className="py-1 text-start font-medium">{t('refcheck.conflictField')}</th>
              <th scope="col" className="py-1 text-start font-medium">{t('refcheck.conflictListed')}</th>
              <th scope="col" className="py-1 text-start font-medium">{t('refcheck.conflictFound')}</th>
            </tr>
          </thead>
          <tbody>
            {entry.conflicts.map((c) => (
              <tr key={c.field} className="border-t border-slate-100">
                <th scope="row" className="py-1 pe-2 text-start font-medium text-slate-800">{t(`refcheck.field.${c.field}`)}</th>
                <td className="py-1 pe-2 break-words" dir="auto">
                  {c.listed}
                </td>
                <td className="py-1 break-words" dir="auto">
                  {c.found || t(c.field === 'doi' ? 'refcheck.doiUnregistered' : 'refcheck.none')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {e && (
        <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm" data-evidence>
          <p className="font-semibold text-slate-800">
            {t(entry.verdict === 'notFound' ? 'refcheck.evidenceNearest' : 'refcheck.evidenceMatch', { source: e.source === 'crossref' ? 'Crossref' : 'OpenAlex' })}
            {entry.similarity !== null && <span className="font-normal text-slate-600"> · {t('refcheck.similarity', { percent: Math.round(entry.similarity * 100) })}</span>}
          </p>
          <p className="mt-1 text-slate-900" dir="auto">
            {[e.authors.slice(0, 3).join(', ') + (e.authors.length > 3 ? ' …' : ''), e.year ? `(${e.year})` : '', e.title, e.container, [e.volume, e.issue ? `(${e.issue})` : ''].join(''), e.pages]
              .filter(Boolean)
              // No full stop after the ellipsis of a shortened author list ("Walton …. (2019)").
              .reduce((line, part) => (line ? `${line}${line.endsWith('…') ? ' ' : '. '}${part}` : part), '')}
          </p>
          {e.doi && (
            <a className="mt-1 inline-block break-all text-brand-700 underline" href={`https://doi.org/${e.doi}`} target="_blank" rel="noopener noreferrer">
              doi:{e.doi}
            </a>
          )}
        </div>
      )}
    </li>
  );
}
