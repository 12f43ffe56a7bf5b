/**
 * The AI detector's flow: the shared source panel, the quote, the checks,
 * order and payment (type 8, or 13 for the report), polling, the gauge and the
 * highlighted sentences, the report with its PDF and share link, and the
 * hand-over to and from the humanizer. Loaded late by schedule.ts.
 */
import { aiLine, bandOf, scoreBands, scorePercent, sharePercent, verdictOf, type Detection, type ScoreBand } from '../../domain/detector.ts';
import { endpoints } from '../../domain/endpoints/paths.ts';
import { humanizerLimits } from '../../domain/humanizer.ts';
import { wordLimitFor } from '../../domain/plans.ts';
import { ProductId } from '../../domain/products.ts';
import { $user, ensureFreshToken, fetchBalance } from '../../stores/user.ts';
import { showToast } from '../../stores/toast.ts';
import { apiBase } from '../api/base.ts';
import * as toolsApi from '../api/tools.ts';
import { downloadWithToken } from '../download.ts';
import { bindSourcePanel } from '../editor/source-panel.ts';
import { errorText, pollUntilData, progressOverlay, quoteTip, textProblem } from '../editor/run.ts';
import { q } from '../dom.ts';
import type { PendingAction } from '../editor/schedule.ts';
import { pageMessage } from '../page-messages.ts';
import { redirectToSignup } from '../session.ts';
import { renderMarked } from './highlight.ts';
import { renderReport } from './report-view.ts';
import { handoff } from './handoff.ts';



export function bindDetector(root: HTMLElement, pending: PendingAction[]): void {
  const el = {
    resultEmpty: q(root, '[data-result-empty]'),
    result: q(root, '[data-result]'),
    gaugeArc: q(root, '[data-gauge-arc]'),
    gaugeText: q(root, '[data-gauge-text]'),
    gaugeTitle: q(root, '[data-gauge-title]'),
    verdict: q(root, '[data-verdict]'),
    share: q(root, '[data-share]'),
    highlights: q(root, '[data-highlights]'),
    humanizeLink: q<HTMLAnchorElement>(root, '[data-humanize-link]'),
    overlay: q(root, '[data-overlay]'),
    overlayText: q(root, '[data-overlay-text]'),
    progress: q(root, '[data-progress]'),
    price: q(root, '[data-price]'),
    runError: q(root, '[data-run-error]'),
    unlock: q(root, '[data-unlock]'),
    check: q<HTMLButtonElement>(root, '[data-check]'),
    report: q<HTMLButtonElement>(root, '[data-report]'),
    reportView: q(root, '[data-report-view]'),
    counts: [...root.querySelectorAll<HTMLElement>('[data-count]')],
  };
  const sampleText = (root.dataset.sample ?? '').trim();
  let running = false;
  let checkedText = '';

  const level = () => ($user.get().isLoginUser ? ($user.get().userInfo.membershipLevel ?? 0) : 0);
  const loggedIn = () => Boolean($user.get().isLoginUser && $user.get().accessToken);
  const panel = bindSourcePanel(root, { sampleText, loggedIn, onChange: () => onText() });
  const text = () => panel.text();
  const isSample = () => sampleText !== '' && text().trim() === sampleText;

  function showError(message?: string) {
    el.runError.textContent = message ?? '';
    el.runError.hidden = !message;
  }

  function render() {
    const empty = text().trim() === '';
    panel.renderCount(wordLimitFor(level()));
    el.check.disabled = empty || running;
    el.report.disabled = empty || running || isSample();
  }

  const loading = progressOverlay(el.overlay, el.progress, (on) => {
    running = on;
    render();
  });

  function onText() {
    showError(undefined);
    el.unlock.hidden = true;
    render();
    scheduleQuote();
  }

  const scheduleQuote = quoteTip({
    text,
    price: el.price,
    showError: (message) => panel.showQuoteError(message),
    isSample,
    sampleLabel: () => pageMessage('detector.sampleFree'),
    fetch: async (signal) => {
      const [check, report] = await Promise.all([
        toolsApi.quoteTool(ProductId.AI_DETECTION, text(), false, signal),
        toolsApi.quoteTool(ProductId.AI_DETECTION_TURNITIN, text(), false, signal),
      ]);
      const beans = check.productSettlements[String(ProductId.AI_DETECTION)]?.payPrice;
      const reportBeans = report.productSettlements[String(ProductId.AI_DETECTION_TURNITIN)]?.payPrice;
      return [beans === undefined ? '' : pageMessage('humanizer.price', { beans }), reportBeans === undefined ? '' : pageMessage('detector.reportPrice', { beans: reportBeans })]
        .filter(Boolean)
        .join(' · ');
    },
  });

  /** Spec §5 checks before a paid run; answers false (and says why) when it may not start. */
  function checkRun(): boolean {
    const problem = textProblem(text(), level());
    if (problem) {
      showError(problem.message);
      el.unlock.hidden = !problem.unlock;
      return false;
    }
    if (!loggedIn()) {
      redirectToSignup();
      return false;
    }
    return true;
  }

  function showDetection(detection: Detection) {
    checkedText = detection.text;
    el.resultEmpty.hidden = true;
    el.result.hidden = false;
    // One number, one verdict: the gauge shows the AI score the verdict is read from (shared rules in the domain).
    const verdict = verdictOf(detection);
    const percent = scorePercent(detection.probability);
    el.gaugeArc.setAttribute('stroke-dasharray', `${verdict === 'none' ? 0 : percent} 100`);
    el.gaugeArc.style.color = verdict === 'none' ? '#94a3b8' : verdict === 'ai' ? '#b91c1c' : detection.probability >= scoreBands.possiblyAi ? '#b45309' : '#15803d';
    el.gaugeText.textContent = verdict === 'none' ? '–' : `${percent}%`;
    el.gaugeTitle.textContent = pageMessage('detector.gaugeLabel', { percent, line: scorePercent(aiLine) });
    el.verdict.textContent = pageMessage(verdict === 'none' ? 'detector.verdictNone' : verdict === 'ai' ? 'detector.verdictAi' : 'detector.verdictHuman');
    el.share.textContent = verdict === 'none'
      ? pageMessage(detection.reason === 'notProse' ? 'detector.reasonNotProse' : 'detector.reasonTooShort')
      : pageMessage('detector.aiShare', { percent: sharePercent(detection.aiPercent) });
    for (const node of el.counts) node.textContent = `(${detection.counts[node.dataset.count as ScoreBand] ?? 0})`;
    renderMarked(
      el.highlights,
      detection.text,
      detection.sentences
        .filter((s) => s.qualifies)
        .map((s) => ({ start: s.start, end: s.end, className: `dt-${bandOf(s.score)}`, title: pageMessage('detector.sentenceScore', { percent: scorePercent(s.score) }) })),
    );
  }

  async function pay(productId: number): Promise<string | undefined> {
    try {
      await ensureFreshToken();
      const order = await toolsApi.createToolOrder(productId, text(), { fileName: panel.fileName() ?? undefined });
      await toolsApi.payToolOrder(order.orderNo);
      void fetchBalance().catch(() => undefined);
      return order.orderNo;
    } catch (error) {
      showError(errorText(error));
      if (errorText(error) === pageMessage('commerce.error.insufficientBeans')) el.unlock.hidden = false;
      return undefined;
    }
  }

  async function checkNow() {
    if (running || !text().trim()) return;
    showError(undefined);
    el.overlayText.textContent = pageMessage('detector.checking');
    if (isSample()) {
      loading(true);
      try {
        showDetection(await toolsApi.runDetectorSample());
      } catch (error) {
        console.error('sample check failed', error);
      } finally {
        loading(false);
      }
      return;
    }
    if (!checkRun()) return;
    loading(true);
    const orderNo = await pay(ProductId.AI_DETECTION);
    if (!orderNo) return loading(false);
    try {
      const answer = await pollUntilData(() => toolsApi.fetchDetection(orderNo), humanizerLimits.pollMs);
      showDetection(answer.data!);
    } catch (error) {
      // Spec §8: polling errors are logged and the loader closed.
      console.error('detection polling failed', error);
      showError(errorText(error));
    } finally {
      loading(false);
    }
  }

  function showReport(orderNo: string, answer: toolsApi.ReportAnswer) {
    renderReport(el.reportView, answer.data!, {
      orderNo,
      shared: answer.shared,
      downloadPdf: () => downloadWithToken(`${apiBase()}${endpoints.reportPdf}?orderNo=${encodeURIComponent(orderNo)}`, 'application/pdf', `ai-report-${orderNo}.pdf`),
      share: async () => (await toolsApi.shareReport(orderNo)).token,
      revoke: async () => {
        await toolsApi.revokeReport(orderNo);
      },
      toast: (message, kind) => showToast(message, kind ?? 'error'),
    });
    el.reportView.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }

  async function reportNow() {
    if (running || !text().trim() || isSample()) return;
    showError(undefined);
    if (!checkRun()) return;
    el.overlayText.textContent = pageMessage('report.generating');
    loading(true);
    const orderNo = await pay(ProductId.AI_DETECTION_TURNITIN);
    if (!orderNo) return loading(false);
    try {
      showReport(orderNo, await pollUntilData(() => toolsApi.fetchReport(orderNo), humanizerLimits.pollMs));
    } catch (error) {
      console.error('report polling failed', error);
      showError(errorText(error));
    } finally {
      loading(false);
    }
  }

  el.check.addEventListener('click', () => void checkNow());
  el.report.addEventListener('click', () => void reportNow());
  el.humanizeLink.addEventListener('click', () => {
    try {
      sessionStorage.setItem(handoff.toHumanizer, checkedText || text());
    } catch {
      // Without storage the humanizer opens empty; the link still works.
    }
  });

  /** Text handed over by the humanizer: by storage after a navigation, or by an event on the same page. */
  function takeHandoff() {
    const handed = sessionStorage.getItem(handoff.toDetector);
    if (!handed) return;
    sessionStorage.removeItem(handoff.toDetector);
    panel.setText(handed);
  }
  document.addEventListener(handoff.event, takeHandoff);
  takeHandoff();

  // ?orderNo= opens a finished check, ?report= a finished report (both read-only results).
  async function openFinished(params: URLSearchParams) {
    const report = params.get('report');
    const check = params.get('orderNo');
    if (report === null && check === null) return;
    if (!(report ?? check ?? '').trim()) {
      window.alert(pageMessage('commerce.error.orderNoMissing'));
      return;
    }
    if (!loggedIn()) return redirectToSignup();
    loading(true);
    try {
      if (report) {
        const answer = await pollUntilData(() => toolsApi.fetchReport(report), humanizerLimits.pollMs);
        panel.setText(answer.data!.text);
        showReport(report, answer);
      } else if (check) {
        const answer = await pollUntilData(() => toolsApi.fetchDetection(check), humanizerLimits.pollMs);
        panel.setText(answer.data!.text);
        showDetection(answer.data!);
      }
    } catch (error) {
      console.error('result load failed', error);
      showError(errorText(error));
    } finally {
      loading(false);
    }
  }
  if (!root.dataset.embedded) void openFinished(new URLSearchParams(location.search));

  $user.listen(() => {
    render();
    scheduleQuote();
  });
  render();
  for (const action of pending) {
    if (action.action === 'check') void checkNow();
    else panel.replay(action);
  }
}
