/**
 * The AI detector's flow: the shared source, the quote, the checks, order and
 * payment (type 8, or 13 for the report, after a confirmation), polling, the
 * detection, the report with its PDF and share link, and the hand-over to and
 * from the humanizer. Stores and actions only; `DetectorEditor` renders them.
 */
import { atom, type ReadableAtom } from 'nanostores';
import type { Detection, Report } from '../domain/detector.ts';
import { humanizerLimits } from '../domain/humanizer.ts';
import { ProductId } from '../domain/products.ts';
import type * as toolsApi from '../lib/api/tools.ts';
import { createToolSource, type AreaT, type SourceDeps } from './tool-source.ts';
import { createQuote, languageCheckReady, errorText, openProblem, paymentProblem, pollProblem, pollUntilData, runErrorOf, textProblem, type RunError } from './tool-run.ts';

export interface DetectorDeps extends Omit<SourceDeps, 't'> {
  t: AreaT<'detector.' | 'report.' | 'humanizer.' | 'upload.' | 'messages.' | 'commerce.error.' | 'tool.runContinues' | 'tool.openHistory' | 'tool.runUnpaid'>;
  api: Pick<typeof toolsApi, 'quoteTool' | 'createToolOrder' | 'payToolOrder' | 'fetchDetection' | 'fetchReport' | 'runDetectorSample' | 'shareReport' | 'revokeReport'>;
  level: () => number;
  ensureFreshToken: () => Promise<void>;
  fetchBalance: () => Promise<void>;
  sleep: (ms: number) => Promise<void>;
  clearTimeout: (id: unknown) => void;
  writeClipboard: (text: string) => Promise<void>;
  downloadReport: (orderNo: string) => Promise<void>;
  /** The address of the shared report page for a token. */
  sharedReportUrl: (token: string) => string;
  alert: (message: string) => void;
  /** Text handed over by the humanizer, taken once. */
  takeHandoff: () => string | null;
  /** Leaves text for the humanizer page. */
  handOffToHumanizer: (text: string) => void;
  log: (message: string, error: unknown) => void;
}

/** A report on screen; `owner` is false on the shared page (no PDF button, no share link). */
export interface ShownReport {
  orderNo: string;
  report: Report;
  owner: boolean;
}

export type DetectorFlow = ReturnType<typeof createDetectorFlow>;

export function createDetectorFlow(sampleText: string, deps: DetectorDeps) {
  const source = createToolSource('detector', sampleText, deps);
  const { t } = deps;
  const $running = atom<'check' | 'report' | null>(null);
  const $detection = atom<Detection | null>(null);
  const $report = atom<ShownReport | null>(null);
  const $error = atom<RunError | undefined>(undefined);
  /** The report's price in beans, once quoted: the confirmation names it. */
  const $reportBeans = atom<number | undefined>(undefined);
  /** The confirmation before spending beans on a report. */
  const $confirmReport = atom(false);
  const $shareLink = atom<string | null>(null);
  const $confirmRevoke = atom(false);
  const $busy = atom<'pdf' | 'share' | 'revoke' | 'copy' | null>(null);

  const quote = createQuote({
    text: () => source.$text.get(),
    isSample: () => source.$isSample.get(),
    sampleLabel: () => t('detector.sampleFree'),
    fetch: async (signal) => {
      const text = source.$text.get();
      const [check, report] = await Promise.all([
        deps.api.quoteTool(ProductId.AI_DETECTION, text, false, signal),
        deps.api.quoteTool(ProductId.AI_DETECTION_TURNITIN, text, false, signal),
      ]);
      const beans = check.productSettlements[String(ProductId.AI_DETECTION)]?.payPrice;
      const reportBeans = report.productSettlements[String(ProductId.AI_DETECTION_TURNITIN)]?.payPrice;
      $reportBeans.set(reportBeans);
      return [beans === undefined ? '' : t('humanizer.price', { count: beans }), reportBeans === undefined ? '' : t('detector.reportPrice', { count: reportBeans })]
        .filter(Boolean)
        .join(' · ');
    },
    showError: (message) => source.$quoteError.set(message),
    setTimeout: deps.setTimeout,
    clearTimeout: deps.clearTimeout,
  });

  source.$text.listen(() => {
    $error.set(undefined);
    $reportBeans.set(undefined);
    quote.refresh();
  });

  function checkRun(): boolean {
    const problem = textProblem(source.$text.get(), deps.level(), t);
    if (problem) {
      $error.set(problem);
      return false;
    }
    if (!deps.loggedIn()) {
      deps.redirectToSignup();
      return false;
    }
    return true;
  }

  async function pay(productId: number): Promise<string | undefined> {
    try {
      await deps.ensureFreshToken();
      const order = await deps.api.createToolOrder(productId, source.$text.get(), { fileName: source.$fileName.get() ?? undefined });
      await deps.api.payToolOrder(order.orderNo);
      source.forgetDraft();
      void deps.fetchBalance().catch(() => undefined);
      return order.orderNo;
    } catch (error) {
      $error.set(paymentProblem(error));
      return undefined;
    }
  }

  async function check() {
    if ($running.get() || source.$isEmpty.get()) return;
    $error.set(undefined);
    if (source.$isSample.get()) {
      $running.set('check');
      try {
        $detection.set(await deps.api.runDetectorSample());
      } catch (error) {
        deps.log('sample check failed', error);
      } finally {
        $running.set(null);
      }
      return;
    }
    if (!(await languageCheckReady()) || $running.get()) return;
    if (!checkRun()) return;
    $running.set('check');
    try {
      const orderNo = await pay(ProductId.AI_DETECTION);
      if (!orderNo) return;
      const answer = await pollUntilData(() => deps.api.fetchDetection(orderNo), humanizerLimits.pollMs, deps.sleep);
      $detection.set(answer.data);
    } catch (error) {
      // Spec §8: polling errors are logged and the loader closed.
      deps.log('detection polling failed', error);
      // A paid check goes on without the page: the line says so and where its result will be.
      $error.set(runErrorOf(t, pollProblem(error)));
    } finally {
      $running.set(null);
    }
  }

  /** "Get the AI writing report": the checks first, then a confirmation naming the price. */
  async function askReport() {
    if ($running.get() || source.$isEmpty.get() || source.$isSample.get()) return;
    $error.set(undefined);
    if (!(await languageCheckReady()) || $running.get()) return;
    if (!checkRun()) return;
    $confirmReport.set(true);
  }

  function cancelReport() {
    $confirmReport.set(false);
  }

  function showReport(orderNo: string, answer: toolsApi.ReportAnswer) {
    $shareLink.set(null);
    $report.set({ orderNo, report: answer.data!, owner: true });
  }

  async function buyReport() {
    $confirmReport.set(false);
    if ($running.get()) return;
    $running.set('report');
    try {
      const orderNo = await pay(ProductId.AI_DETECTION_TURNITIN);
      if (!orderNo) return;
      showReport(orderNo, await pollUntilData(() => deps.api.fetchReport(orderNo), humanizerLimits.pollMs, deps.sleep));
    } catch (error) {
      deps.log('report polling failed', error);
      $error.set(runErrorOf(t, pollProblem(error)));
    } finally {
      $running.set(null);
    }
  }

  async function ownerAction(kind: 'pdf' | 'share' | 'revoke' | 'copy', run: (orderNo: string) => Promise<void>) {
    const shown = $report.get();
    if (!shown?.owner || $busy.get()) return;
    $busy.set(kind);
    try {
      await run(shown.orderNo);
    } catch (error) {
      deps.toast(errorText(error));
    } finally {
      $busy.set(null);
    }
  }

  const downloadPdf = () => ownerAction('pdf', (orderNo) => deps.downloadReport(orderNo));
  const share = () =>
    ownerAction('share', async (orderNo) => {
      const { token } = await deps.api.shareReport(orderNo);
      $shareLink.set(deps.sharedReportUrl(token));
    });
  const copyLink = () =>
    ownerAction('copy', async () => {
      await deps.writeClipboard($shareLink.get() ?? '');
      deps.toast(t('report.linkCopied'), 'success');
    });
  /** Revoking asks first: whoever holds the link loses it. */
  const askRevoke = () => $confirmRevoke.set(true);
  const cancelRevoke = () => $confirmRevoke.set(false);
  const revoke = () => {
    $confirmRevoke.set(false);
    return ownerAction('revoke', async (orderNo) => {
      await deps.api.revokeReport(orderNo);
      $shareLink.set(null);
      deps.toast(t('report.revoked'), 'success');
    });
  };

  /** "Humanize this text": the checked text (or the source) goes to the humanizer. */
  function toHumanizer() {
    deps.handOffToHumanizer($detection.get()?.text || source.$text.get());
  }

  /** ?orderNo= opens a finished check, ?report= a finished report (read-only results). */
  async function openFinished(query: URLSearchParams): Promise<boolean> {
    const report = query.get('report');
    const checkNo = query.get('orderNo');
    if (report === null && checkNo === null) return false;
    if (!(report ?? checkNo ?? '').trim()) {
      deps.alert(t('commerce.error.orderNoMissing'));
      return true;
    }
    if (!deps.loggedIn()) {
      deps.redirectToSignup();
      return true;
    }
    $running.set(report ? 'report' : 'check');
    try {
      if (report) {
        const answer = await pollUntilData(() => deps.api.fetchReport(report), humanizerLimits.pollMs, deps.sleep);
        source.setText(answer.data!.text);
        showReport(report, answer);
      } else if (checkNo) {
        const answer = await pollUntilData(() => deps.api.fetchDetection(checkNo), humanizerLimits.pollMs, deps.sleep);
        source.setText(answer.data!.text);
        $detection.set(answer.data);
      }
    } catch (error) {
      deps.log('result load failed', error);
      $error.set(runErrorOf(t, openProblem(error)));
    } finally {
      $running.set(null);
    }
    return true;
  }

  /** Text sent by the humanizer on this page. */
  function receive(text: string) {
    // Taken here: the stored copy must not reach a later page.
    deps.takeHandoff();
    if (!source.$readOnly.get()) source.setText(text);
  }

  /** What the page asks for when the island starts. */
  async function start(query: URLSearchParams, embedded: boolean) {
    if (!embedded && (await openFinished(query))) return;
    const handed = deps.takeHandoff();
    if (handed) return source.setText(handed);
    await source.restoreDraft();
  }

  return {
    source,
    $running: $running as ReadableAtom<'check' | 'report' | null>,
    $detection: $detection as ReadableAtom<Detection | null>,
    $report: $report as ReadableAtom<ShownReport | null>,
    $error: $error as ReadableAtom<RunError | undefined>,
    $reportBeans: $reportBeans as ReadableAtom<number | undefined>,
    $confirmReport: $confirmReport as ReadableAtom<boolean>,
    $shareLink: $shareLink as ReadableAtom<string | null>,
    $confirmRevoke: $confirmRevoke as ReadableAtom<boolean>,
    $busy: $busy as ReadableAtom<'pdf' | 'share' | 'revoke' | 'copy' | null>,
    $price: quote.$price,
    check,
    askReport,
    cancelReport,
    buyReport,
    downloadPdf,
    share,
    copyLink,
    askRevoke,
    cancelRevoke,
    revoke,
    toHumanizer,
    receive,
    start,
    userChanged: () => quote.refresh(),
  };
}
