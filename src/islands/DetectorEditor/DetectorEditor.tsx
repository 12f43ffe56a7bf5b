/**
 * The AI detector (spec §2 AiDetector; §3 order types 8 and 13): the shared
 * source panel, the result with a gauge, the verdict and sentence highlights,
 * and the Turnitin-style report with its PDF and share link. The flow lives
 * in src/stores/detector.ts; this renders it.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { aiLine, bandOf, scoreBands, scorePercent, sharePercent, verdictOf, type Detection, type ScoreBand } from '../../domain/detector.ts';
import { wordLimitFor } from '../../domain/plans.ts';
import type { AreaMessages } from '../../i18n/island-messages.ts';
import { detectorDeps } from '../shared/tool-deps.ts';
import { createDetectorFlow } from '../../stores/detector.ts';
import { $detectorInbox } from '../../stores/handoff.ts';
import { $user } from '../../stores/user.ts';
import { Button } from '../shared/Button.tsx';
import { Dialog } from '../shared/Dialog.tsx';
import { RunError } from '../shared/editor/RunError.tsx';
import { RunOverlay } from '../shared/editor/RunOverlay.tsx';
import { SourcePanel } from '../shared/editor/SourcePanel.tsx';
import { langOf, MessagesProvider, translator, type Translator } from '../shared/i18n.tsx';
import { useHydrated } from '../shared/useHydrated.ts';
import { Gauge } from './Gauge.tsx';
import { MarkedText } from './MarkedText.tsx';
import { ReportView } from './ReportView.tsx';

/** The areas of the catalog this island shows. */
export const detectorAreas = ['detector.', 'report.', 'humanizer.', 'upload.', 'messages.', 'commerce.error.', 'tool.runContinues', 'tool.openHistory', 'tool.runUnpaid'] as const;
export type DetectorMessages = AreaMessages<(typeof detectorAreas)[number]>;

export interface DetectorEditorProps {
  messages: DetectorMessages;
  sampleText: string;
  /** Below the humanizer on the home page: the humanizer's result lands here directly. */
  embedded: boolean;
  links: { humanizer: string; premium: string; history: string };
  /** The page's language, for dates. */
  lang: string;
  sampleIsEnglish: boolean;
}

export function DetectorEditor(props: DetectorEditorProps) {
  return (
    <MessagesProvider messages={props.messages}>
      <Detector {...props} />
    </MessagesProvider>
  );
}

const bands: ScoreBand[] = ['likelyAi', 'possiblyAi', 'human'];
const legendKey = { likelyAi: 'detector.legendLikelyAi', possiblyAi: 'detector.legendPossiblyAi', human: 'detector.legendHuman' } as const;

function Detector({ messages, sampleText, embedded, links, lang, sampleIsEnglish }: DetectorEditorProps) {
  const [t] = useState(() => translator(messages));
  const [flow] = useState(() => createDetectorFlow(sampleText, detectorDeps(t)));
  const hydrated = useHydrated();
  const user = useStore($user);
  const running = useStore(flow.$running);
  const detection = useStore(flow.$detection);
  const report = useStore(flow.$report);
  const error = useStore(flow.$error);
  const price = useStore(flow.$price);
  const confirmReport = useStore(flow.$confirmReport);
  const reportBeans = useStore(flow.$reportBeans);
  const shareLink = useStore(flow.$shareLink);
  const confirmRevoke = useStore(flow.$confirmRevoke);
  const busy = useStore(flow.$busy);
  const empty = useStore(flow.source.$isEmpty);
  const isSample = useStore(flow.source.$isSample);
  const inbox = useStore($detectorInbox);
  const level = hydrated && user.isLoginUser ? (user.userInfo.membershipLevel ?? 0) : 0;
  const prefix = embedded ? 'dte' : 'dt';

  useEffect(() => {
    void flow.start(new URLSearchParams(location.search), embedded);
  }, [flow, embedded]);
  useEffect(() => flow.userChanged(), [flow, user]);
  // The humanizer on this page sent its result.
  useEffect(() => {
    if (inbox && embedded) flow.receive(inbox.text);
  }, [flow, inbox, embedded]);

  return (
    <div data-tool="detector" id={embedded ? 'ai-detector' : undefined} className={embedded ? 'scroll-mt-20' : undefined}>
      <div className="grid gap-4 lg:grid-cols-2">
        <SourcePanel source={flow.source} t={t} lang={langOf(messages)} prefix={prefix} placeholder={t('detector.placeholder')} limit={wordLimitFor(level)} sampleIsEnglish={sampleIsEnglish} />
        <section className="relative flex flex-col rounded-2xl border border-slate-200 bg-white shadow-sm" aria-labelledby={`${prefix}-result-label`}>
          <header className="flex min-h-[3.25rem] flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-2">
            <h2 id={`${prefix}-result-label`} className="text-sm font-semibold text-slate-800">
              {t('detector.resultLabel')}
            </h2>
            <ul className="flex flex-wrap items-center gap-3 text-xs text-slate-600">
              {bands.map((band) => (
                <li key={band} className="flex items-center gap-1">
                  <span aria-hidden="true" className={`dt-${band} inline-block h-3 w-5 rounded-sm ${band === 'human' ? 'border border-slate-300' : ''}`} />
                  {t(legendKey[band])} {detection && <span data-count={band}>({detection.counts[band] ?? 0})</span>}
                </li>
              ))}
            </ul>
          </header>
          <div className="h-80 flex-1 overflow-y-auto px-4 py-3" aria-live="polite">
            {detection ? <DetectionResult detection={detection} t={t} humanizerHref={links.humanizer} onHumanize={() => flow.toHumanizer()} /> : <p className="text-slate-500">{t('detector.resultEmpty')}</p>}
          </div>
          {running && <RunOverlay label={t(running === 'report' ? 'report.generating' : 'detector.checking')} />}
        </section>
      </div>

      <div className="mt-4 flex flex-wrap items-center justify-end gap-3">
        <p className="text-sm text-slate-700" aria-live="polite">
          {price}
        </p>
        <RunError error={error} t={t} unlockHref={links.premium} historyHref={links.history} />
        <Button variant="secondary" disabled={empty || running !== null || isSample} onClick={() => void flow.askReport()}>
          {t('detector.report')}
        </Button>
        <Button variant="primary" disabled={empty || running !== null} onClick={() => void flow.check()}>
          {t('detector.check')}
        </Button>
      </div>

      <Dialog
        open={confirmReport}
        onClose={() => flow.cancelReport()}
        title={t('detector.confirmReportTitle')}
        actions={
          <>
            <Button onClick={() => flow.cancelReport()}>{t('detector.cancel')}</Button>
            <Button variant="primary" className="px-4 py-2" onClick={() => void flow.buyReport()}>
              {t('detector.confirmReportOk')}
            </Button>
          </>
        }
      >
        <p className="mt-3 text-slate-700">{reportBeans === undefined ? t('detector.confirmReportBodyNoPrice') : t('detector.confirmReportBody', { count: reportBeans })}</p>
      </Dialog>

      {report && (
        <ReportView
          report={report.report}
          t={t}
          lang={lang}
          owner={{
            shareLink,
            busy,
            confirmRevoke,
            cancelLabel: t('detector.cancel'),
            onPdf: () => void flow.downloadPdf(),
            onShare: () => void flow.share(),
            onCopy: () => void flow.copyLink(),
            onAskRevoke: () => flow.askRevoke(),
            onCancelRevoke: () => flow.cancelRevoke(),
            onRevoke: () => void flow.revoke(),
          }}
        />
      )}
    </div>
  );
}

function DetectionResult({ detection, t, humanizerHref, onHumanize }: { detection: Detection; t: Translator<DetectorMessages>; humanizerHref: string; onHumanize: () => void }) {
  // One number, one verdict: the gauge shows the AI score the verdict is read from (shared rules in the domain).
  const verdict = verdictOf(detection);
  const percent = scorePercent(detection.probability);
  const line = scorePercent(aiLine);
  const tone = verdict === 'none' ? '#94a3b8' : verdict === 'ai' ? '#b91c1c' : detection.probability >= scoreBands.possiblyAi ? '#b45309' : '#15803d';
  return (
    <div>
      <div className="flex items-center gap-4">
        <Gauge percent={percent} qualifies={verdict !== 'none'} tone={tone} label={t('detector.gaugeLabel', { percent, line })} />
        <div>
          <p className="text-xs font-medium uppercase tracking-wide text-slate-600">{t('detector.scoreCaption', { line })}</p>
          <p className="text-lg font-bold text-slate-900" data-verdict>
            {t(verdict === 'none' ? 'detector.verdictNone' : verdict === 'ai' ? 'detector.verdictAi' : 'detector.verdictHuman')}
          </p>
          <p className="text-sm text-slate-700" data-share>
            {verdict === 'none' ? t(detection.reason === 'notProse' ? 'detector.reasonNotProse' : 'detector.reasonTooShort') : t('detector.aiShare', { percent: sharePercent(detection.aiPercent) })}
          </p>
        </div>
      </div>
      <p className="mt-3 text-xs text-slate-600">{t('detector.honesty')}</p>
      {detection.degraded && (
        <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900" data-degraded="">
          {t('detector.degraded')}
        </p>
      )}
      <MarkedText
        className="mt-3 whitespace-pre-wrap text-base leading-relaxed text-slate-900"
        data-highlights=""
        text={detection.text}
        marks={detection.sentences
          .filter((s) => s.qualifies)
          .map((s) => ({ start: s.start, end: s.end, className: `dt-${bandOf(s.score)}`, title: t('detector.sentenceScore', { percent: scorePercent(s.score) }) }))}
      />
      <a className="mt-3 inline-block rounded-lg px-2 py-1.5 text-sm font-semibold text-brand-700 hover:bg-slate-100" href={humanizerHref} onClick={onHumanize}>
        {t('detector.humanizeThis')}
      </a>
    </div>
  );
}
