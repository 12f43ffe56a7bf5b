/**
 * The Turnitin-style report (spec TOOL-02): the figure, the two highlight
 * classes, submission details, the highlighted text and what the score means;
 * for its owner, the PDF, and a share link that can be copied and revoked
 * (after a confirmation). Also the shared report page's body.
 */
import type { Report } from '../../domain/detector.ts';
import { buttonClass } from '../shared/Button.tsx';
import { Dialog } from '../shared/Dialog.tsx';
import type { Translator } from '../shared/i18n.tsx';
import type { AreaMessages } from '../../i18n/island-messages.ts';
import { MarkedText } from './MarkedText.tsx';

/** What the owner of a report can do with it. */
export interface ReportOwnerControls {
  shareLink: string | null;
  busy: 'pdf' | 'share' | 'revoke' | 'copy' | null;
  confirmRevoke: boolean;
  cancelLabel: string;
  onPdf(): void;
  onShare(): void;
  onCopy(): void;
  onAskRevoke(): void;
  onCancelRevoke(): void;
  onRevoke(): void;
}

export interface ReportViewProps {
  report: Report;
  t: Translator<AreaMessages<'report.'>>;
  /** The language for the submission date. */
  lang: string;
  owner?: ReportOwnerControls;
}

const button = `${buttonClass.action}`;

export function ReportView({ report, t, lang, owner }: ReportViewProps) {
  return (
    <section className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="report-title" data-report-view>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="report-title" className="text-xl font-bold text-slate-900">
            {t('report.title')}
          </h2>
          <p className="mt-2 flex items-baseline gap-3">
            <span className="text-5xl font-extrabold text-cyan-800" data-rp-figure>
              {report.qualifies ? report.displayPercent : '–'}
            </span>
            <span className="text-slate-700">{t(report.qualifies ? 'report.figureLabel' : 'report.notQualified')}</span>
          </p>
          {report.qualifies && report.displayPercent === '*%' && <p className="mt-2 text-sm text-slate-600">{t('report.starNote')}</p>}
          {report.degraded && (
            <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900" data-degraded="">
              {t('report.degraded')}
            </p>
          )}
        </div>
        {owner && (
          <div className="flex flex-wrap gap-2" data-rp-owner>
            <button type="button" className={button} disabled={owner.busy !== null} onClick={owner.onPdf}>
              {t('report.downloadPdf')}
            </button>
            <button type="button" className={button} disabled={owner.busy !== null} onClick={owner.onShare}>
              {t('report.share')}
            </button>
          </div>
        )}
      </div>
      {owner?.shareLink && (
        <div className="mt-4 rounded-lg bg-slate-50 p-3">
          <label className="block text-sm font-medium text-slate-800" htmlFor="report-link">
            {t('report.shareLabel')}
          </label>
          <div className="mt-1 flex flex-wrap gap-2">
            <input id="report-link" className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm" dir="ltr" readOnly value={owner.shareLink} onFocus={(event) => event.currentTarget.select()} />
            <button type="button" className={button} disabled={owner.busy !== null} onClick={owner.onCopy}>
              {t('report.copyLink')}
            </button>
            <button type="button" className={button} disabled={owner.busy !== null} onClick={owner.onAskRevoke}>
              {t('report.revoke')}
            </button>
          </div>
        </div>
      )}
      {report.highlightsShown && (
        <ul className="mt-4 space-y-1 text-sm text-slate-700">
          <li className="flex items-center gap-2">
            <span aria-hidden="true" className="rp-ai inline-block h-3 w-5 rounded-sm" />
            {t('report.classAi')}: {t('report.classPercent', { percent: report.aiOnlyPercent })}
          </li>
          <li className="flex items-center gap-2">
            <span aria-hidden="true" className="rp-aiParaphrased inline-block h-3 w-5 rounded-sm" />
            {t('report.classParaphrased')}: {t('report.classPercent', { percent: report.paraphrasedPercent })}
          </li>
        </ul>
      )}
      <h3 className="mt-6 font-semibold text-slate-900">{t('report.details')}</h3>
      <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">{t('report.submissionId')}</dt>
        <dd>{report.submissionId}</dd>
        <dt className="text-slate-600">{t('report.submittedAt')}</dt>
        <dd>{new Date(report.submittedAt).toLocaleString(lang)}</dd>
        <dt className="text-slate-600">{t('report.fileName')}</dt>
        <dd dir="auto" data-rp-file>
          {report.fileName ?? t('report.pasted')}
        </dd>
        <dt className="text-slate-600">{t('report.wordCount')}</dt>
        <dd data-rp-words>{report.wordCount}</dd>
        <dt className="text-slate-600">{t('report.qualifyingWords')}</dt>
        <dd>{report.qualifyingWordCount}</dd>
      </dl>
      <h3 className="mt-6 font-semibold text-slate-900">{t('report.text')}</h3>
      <MarkedText
        className="mt-2 whitespace-pre-wrap text-base leading-relaxed text-slate-900"
        data-rp-text=""
        text={report.text}
        marks={report.sentences.filter((s) => s.kind).map((s) => ({ start: s.start, end: s.end, className: `rp-${s.kind}` }))}
      />
      <h3 className="mt-6 font-semibold text-slate-900">{t('report.meaningTitle')}</h3>
      <div className="mt-2 space-y-2 text-sm text-slate-700">
        <p>{t('report.meaning1')}</p>
        <p>{t('report.meaning2')}</p>
        <p>{t('report.meaning3')}</p>
      </div>
      {owner && (
        <Dialog
          open={owner.confirmRevoke}
          onClose={owner.onCancelRevoke}
          title={t('report.confirmRevokeTitle')}
          actions={
            <>
              <button type="button" className={buttonClass.ghost} onClick={owner.onCancelRevoke}>
                {owner.cancelLabel}
              </button>
              <button type="button" className={`${buttonClass.primary} px-4 py-2`} onClick={owner.onRevoke}>
                {t('report.revoke')}
              </button>
            </>
          }
        >
          <p className="mt-3 text-slate-700">{t('report.confirmRevokeBody')}</p>
        </Dialog>
      )}
    </section>
  );
}
