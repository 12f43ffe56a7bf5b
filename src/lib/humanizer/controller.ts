/**
 * The humanizer's flow (spec §4): quote, checks, order and payment, polling,
 * versions, rating, copy, download, paste, upload, the sample's fake order,
 * read-only results (?orderNo=) and debug content. Loaded late by schedule.ts.
 */
import type { Editor } from '@tiptap/core';
import { docToText, humanizerLimits, type Doc, type HumanizerResult } from '../../domain/humanizer.ts';
import { isPaidLevel } from '../../domain/membership.ts';
import { wordLimitFor } from '../../domain/plans.ts';
import { ProductId } from '../../domain/products.ts';
import { endpoints } from '../../domain/endpoints/paths.ts';
import { $user, ensureFreshToken, fetchBalance } from '../../stores/user.ts';
import { downloadWithToken } from '../download.ts';
import { pollUntilData, progressOverlay, quoteTip, textProblem } from '../editor/run.ts';
import { q } from '../dom.ts';
import { showToast } from '../../stores/toast.ts';
import { ApiError } from '../api/client.ts';
import { apiBase } from '../api/base.ts';
import * as toolsApi from '../api/tools.ts';
import { pageMessage, type PageMessageKey } from '../page-messages.ts';
import { redirectToSignup } from '../session.ts';
import { bindSourcePanel } from '../editor/source-panel.ts';
import type { PendingAction } from '../editor/schedule.ts';
import { setDoc, targetEditor } from '../editor/tiptap.ts';
import { handoff } from '../detector/handoff.ts';

/** Local-storage value that switches on the hidden debug mode (spec §1). */
export const debugStorageKey = 'inkwise-debug';

interface Version {
  orderNo: string | null;
  data: Doc | null;
  plain: string;
  rating: number | null;
}

const msg = (key: PageMessageKey, params?: Record<string, string | number>) => pageMessage(key, params);

export function bindHumanizer(root: HTMLElement, pending: PendingAction[]): void {
  const el = {
    target: q(root, '[data-target]'),
    targetEmpty: q(root, '[data-target-empty]'),
    debug: q<HTMLButtonElement>(root, '[data-debug-load]'),
    ultra: q<HTMLInputElement>(root, '[data-ultra]'),
    price: q(root, '[data-price]'),
    runError: q(root, '[data-run-error]'),
    unlock: q(root, '[data-unlock]'),
    humanize: q<HTMLButtonElement>(root, '[data-humanize]'),
    rehumanize: q<HTMLButtonElement>(root, '[data-rehumanize]'),
    overlay: q(root, '[data-overlay]'),
    progress: q(root, '[data-progress]'),
    pager: q(root, '[data-pager]'),
    prev: q<HTMLButtonElement>(root, '[data-prev]'),
    next: q<HTMLButtonElement>(root, '[data-next]'),
    version: q(root, '[data-version]'),
    actions: q(root, '[data-result-actions]'),
    copy: q<HTMLButtonElement>(root, '[data-copy]'),
    download: q<HTMLButtonElement>(root, '[data-download]'),
    checkAi: q<HTMLAnchorElement>(root, '[data-check-ai]'),
    thumbs: [...root.querySelectorAll<HTMLButtonElement>('[data-thumb]')],
    notifyDenied: q(root, '[data-notify-denied]'),
    notifyHelp: q<HTMLButtonElement>(root, '[data-notify-help]'),
    notifyHelpText: q(root, '[data-notify-help-text]'),
    planDialog: q<HTMLDialogElement>(root, '[data-plan-dialog]'),
    planBody: q(root, '[data-plan-body]'),
  };
  const sampleText = (root.dataset.sample ?? '').trim();

  let readOnly = false;
  let running = false;
  let versions: Version[] = [];
  let current = -1;
  let isSampleResult = false;
  let ratingTimer: ReturnType<typeof setTimeout> | undefined;

  const level = () => ($user.get().isLoginUser ? ($user.get().userInfo.membershipLevel ?? 0) : 0);
  const loggedIn = () => Boolean($user.get().isLoginUser && $user.get().accessToken);
  const panel = bindSourcePanel(root, { sampleText, loggedIn, onChange: () => onText() });
  el.targetEmpty.remove();
  const target: Editor = targetEditor(el.target, q(root, '#hm-target-label').textContent ?? '');
  const text = () => panel.text();
  const isSample = () => sampleText !== '' && text().trim() === sampleText;

  function showError(node: HTMLElement, message: string | undefined) {
    node.textContent = message ?? '';
    node.hidden = !message;
  }

  function render() {
    const empty = text().trim() === '';
    panel.renderCount(wordLimitFor(level()));
    el.humanize.disabled = empty || running || readOnly;
    const canRe = versions.length > 0 && !running && !readOnly;
    el.rehumanize.disabled = !canRe || versions.length >= humanizerLimits.maxVersions;
    el.rehumanize.title = versions.length >= humanizerLimits.maxVersions ? msg('humanizer.error.maxVersions') : '';
    el.pager.hidden = versions.length === 0;
    el.actions.hidden = versions.length === 0;
    el.version.textContent = versions.length ? msg('humanizer.version', { n: current + 1, total: versions.length }) : '';
    el.prev.disabled = current <= 0;
    el.next.disabled = current >= versions.length - 1;
    const version = versions[current];
    el.download.hidden = !version?.orderNo;
    for (const thumb of el.thumbs) {
      thumb.hidden = !version?.orderNo;
      thumb.setAttribute('aria-pressed', String(version?.rating === Number(thumb.dataset.thumb)));
    }
  }

  function onText() {
    showError(el.runError, undefined);
    el.unlock.hidden = true;
    render();
    scheduleQuote();
  }

  const scheduleQuote = quoteTip({
    text,
    price: el.price,
    showError: (message) => panel.showQuoteError(message),
    isSample,
    sampleLabel: () => msg('humanizer.priceFree'),
    fetch: async (signal) => {
      const quote = await toolsApi.quoteTool(ProductId.HUMANIZE, text(), el.ultra.checked, signal);
      const line = quote.productSettlements[String(ProductId.HUMANIZE)];
      return line ? msg('humanizer.price', { beans: line.payPrice }) : '';
    },
  });

  function planDialog(body: PageMessageKey) {
    el.planBody.textContent = msg(body);
    el.planDialog.showModal();
  }
  q(el.planDialog, '[data-close]').addEventListener('click', () => el.planDialog.close());

  /** Spec §4–§5 checks before a paid run. Answers false (and says why) when the run may not start. */
  function checkRun(ultra: boolean): boolean {
    if (ultra && !loggedIn()) {
      redirectToSignup();
      return false;
    }
    if (ultra && !isPaidLevel(level())) {
      planDialog('humanizer.ultraDialogBody');
      return false;
    }
    const problem = textProblem(text(), level());
    if (problem) {
      showError(el.runError, problem.message);
      el.unlock.hidden = !problem.unlock;
      return false;
    }
    if (!loggedIn()) {
      redirectToSignup();
      return false;
    }
    return true;
  }

  const loading = progressOverlay(el.overlay, el.progress, (on) => {
    running = on;
    render();
  });

  function show(index: number) {
    current = index;
    const version = versions[index];
    if (version?.data) {
      setDoc(target, version.data);
      el.target.dataset.empty = 'false';
    }
    render();
  }

  function toVersion(r: Pick<HumanizerResult, 'data' | 'dataWithoutFormat'> & { orderNo?: string | null; rating?: number | null }): Version {
    return { orderNo: r.orderNo ?? null, data: r.data, plain: r.dataWithoutFormat ?? (r.data ? docToText(r.data) : ''), rating: r.rating ?? null };
  }

  /** Polls /api/humanizer every second until `data` is present (spec §4). */
  const poll = (orderNo: string) => pollUntilData(() => toolsApi.fetchHumanizerResult(orderNo), humanizerLimits.pollMs);

  async function notifyDone() {
    if (!('Notification' in window)) return;
    if (Notification.permission === 'granted' && document.hidden) new Notification(msg('humanizer.notifyTitle'), { body: msg('humanizer.notifyBody') });
  }

  async function askNotifications() {
    if (!('Notification' in window)) return;
    if (Notification.permission === 'default') await Notification.requestPermission().catch(() => undefined);
    el.notifyDenied.hidden = Notification.permission !== 'denied';
  }
  el.notifyHelp.addEventListener('click', () => {
    el.notifyHelpText.hidden = !el.notifyHelpText.hidden;
  });

  async function runSample() {
    loading(true);
    void askNotifications();
    const delay = humanizerLimits.sampleDelayMs.min + Math.random() * (humanizerLimits.sampleDelayMs.max - humanizerLimits.sampleDelayMs.min);
    try {
      const [result] = await Promise.all([toolsApi.runSample(el.ultra.checked), new Promise((resolve) => setTimeout(resolve, delay))]);
      versions = [toVersion(result)];
      isSampleResult = true;
      show(0);
      void notifyDone();
    } catch (error) {
      console.error('sample run failed', error);
    } finally {
      loading(false);
    }
  }

  async function runPaid(extraInfo: { isUltra: boolean; originOrderNo?: string }) {
    loading(true);
    void askNotifications();
    let orderNo: string;
    try {
      await ensureFreshToken();
      const productId = extraInfo.isUltra ? ProductId.HUMANIZE_ULTRA : ProductId.HUMANIZE;
      const order = await toolsApi.createToolOrder(productId, extraInfo.originOrderNo ? undefined : text(), extraInfo);
      orderNo = order.orderNo;
      await toolsApi.payToolOrder(orderNo);
      void fetchBalance().catch(() => undefined);
    } catch (error) {
      loading(false);
      const message = error instanceof Error ? error.message : String(error);
      showError(el.runError, message);
      if (error instanceof ApiError && message === msg('commerce.error.insufficientBeans')) el.unlock.hidden = false;
      return;
    }
    try {
      const result = await poll(orderNo);
      mergeGroup(result);
      show(versions.findIndex((v) => v.orderNo === result.orderNo));
      void notifyDone();
    } catch (error) {
      // Spec §8: polling errors are logged and the loader closed.
      console.error('humanizer result polling failed', error);
      if (error instanceof ApiError) showError(el.runError, error.message);
    } finally {
      loading(false);
    }
  }

  /** Keeps every version of the group in order; a version not yet loaded has no data until the pager reaches it. */
  function mergeGroup(result: HumanizerResult) {
    const known = new Map(versions.map((v) => [v.orderNo, v]));
    versions = result.orderGroup.map((orderNo) => known.get(orderNo) ?? { orderNo, data: null, plain: '', rating: null });
    const index = versions.findIndex((v) => v.orderNo === result.orderNo);
    if (index >= 0) versions[index] = toVersion(result);
    isSampleResult = false;
  }

  async function go(delta: number) {
    const index = current + delta;
    const version = versions[index];
    if (!version) return;
    if (!version.data && version.orderNo) {
      // Spec §4: a version without source is loaded when the pager reaches it.
      try {
        versions[index] = toVersion(await toolsApi.fetchHumanizerResult(version.orderNo));
      } catch (error) {
        console.error('version load failed', error);
        return;
      }
    }
    show(index);
  }
  el.prev.addEventListener('click', () => void go(-1));
  el.next.addEventListener('click', () => void go(1));

  el.humanize.addEventListener('click', () => void humanizeNow());
  async function humanizeNow() {
    if (running || !text().trim()) return;
    showError(el.runError, undefined);
    if (isSample() && !el.ultra.checked) return runSample();
    if (!checkRun(el.ultra.checked)) return;
    versions = [];
    current = -1;
    await runPaid({ isUltra: el.ultra.checked });
  }

  el.rehumanize.addEventListener('click', () => {
    if (running) return;
    if (isSampleResult) {
      showToast(msg('humanizer.sampleNoRehumanize'), 'warning');
      return;
    }
    if (!loggedIn()) return redirectToSignup();
    if (!isPaidLevel(level())) return planDialog('humanizer.rehumanizeDialogBody');
    if (versions.length >= humanizerLimits.maxVersions) {
      showToast(msg('humanizer.error.maxVersions'), 'warning');
      return;
    }
    const origin = versions[current]?.orderNo ?? versions[0]?.orderNo;
    if (origin) void runPaid({ isUltra: el.ultra.checked, originOrderNo: origin });
  });

  el.ultra.addEventListener('change', () => {
    if (el.ultra.checked && !loggedIn()) {
      el.ultra.checked = false;
      redirectToSignup();
      return;
    }
    if (el.ultra.checked && !isPaidLevel(level())) {
      el.ultra.checked = false;
      planDialog('humanizer.ultraDialogBody');
      return;
    }
    scheduleQuote();
  });

  el.copy.addEventListener('click', async () => {
    const plain = versions[current]?.plain ?? '';
    try {
      await navigator.clipboard.writeText(plain);
      showToast(msg('humanizer.copied'), 'success');
    } catch {
      showToast(msg('humanizer.clipboardDenied'), 'warning');
    }
  });

  el.download.addEventListener('click', async () => {
    const orderNo = versions[current]?.orderNo;
    if (!orderNo) return;
    try {
      await downloadWithToken(`${apiBase()}${endpoints.downloadWord}?orderNo=${encodeURIComponent(orderNo)}`, 'wordprocessingml', `${orderNo}.docx`);
    } catch (error) {
      console.error(error);
      showToast(msg('humanizer.downloadFailed'));
    }
  });

  // The result goes to the AI detector: the one below on the home page, else the detector page.
  el.checkAi.addEventListener('click', (event) => {
    const plain = versions[current]?.plain;
    if (!plain) return;
    try {
      sessionStorage.setItem(handoff.toDetector, plain);
    } catch {
      // Without storage the detector opens empty; the link still works.
    }
    const embedded = document.querySelector<HTMLElement>('detector-editor[data-embedded]');
    if (embedded) {
      event.preventDefault();
      embedded.scrollIntoView({ behavior: 'smooth', block: 'start' });
      document.dispatchEvent(new Event(handoff.event));
    }
  });

  for (const thumb of el.thumbs) {
    thumb.addEventListener('click', () => {
      const version = versions[current];
      if (!version?.orderNo) return;
      const rating = Number(thumb.dataset.thumb);
      version.rating = rating;
      render();
      // Spec §9: feedback is debounced by 1000 ms; the last click counts.
      clearTimeout(ratingTimer);
      const orderNo = version.orderNo;
      ratingTimer = setTimeout(() => {
        toolsApi.rateResult(orderNo, rating).then(
          () => showToast(msg('humanizer.feedbackOk'), 'success'),
          () => showToast(msg('humanizer.feedbackFailed')),
        );
      }, humanizerLimits.feedbackDebounceMs);
    });
  }

  // Spec §1: a hidden debug mode, switched on by a local-storage value, loads test content.
  if (localStorage.getItem(debugStorageKey) === 'on') {
    el.debug.hidden = false;
    el.debug.addEventListener('click', async () => {
      const content = await toolsApi.fetchTestContent();
      if (content.rawInputData) panel.setDoc(content.rawInputData);
      versions = [toVersion(content)];
      isSampleResult = true;
      show(0);
    });
  }

  // Spec §4: ?orderNo= opens that finished order read-only; an empty number is an alert.
  async function openOrder(orderNo: string) {
    if (!orderNo.trim()) {
      window.alert(msg('commerce.error.orderNoMissing'));
      return;
    }
    if (!loggedIn()) return redirectToSignup();
    readOnly = true;
    panel.setReadOnly(true);
    q(root, '[data-readonly-note]').hidden = false;
    el.ultra.disabled = true;
    loading(true);
    try {
      const result = await poll(orderNo);
      if (result.rawInputData) panel.setDoc(result.rawInputData);
      el.ultra.checked = result.isUltra;
      mergeGroup(result);
      show(versions.findIndex((v) => v.orderNo === result.orderNo));
    } catch (error) {
      console.error('order load failed', error);
      if (error instanceof ApiError) showError(el.runError, error.message);
    } finally {
      loading(false);
    }
  }

  const params = new URLSearchParams(location.search);
  if (params.has('orderNo')) void openOrder(params.get('orderNo') ?? '');
  // Text sent over from the AI detector ("Humanize this text").
  const handed = sessionStorage.getItem(handoff.toHumanizer);
  if (handed && !params.has('orderNo')) {
    sessionStorage.removeItem(handoff.toHumanizer);
    panel.setText(handed);
  }

  // Membership and login changes (another tab, a fresh user info) change limits and prices.
  $user.listen(() => {
    render();
    scheduleQuote();
  });

  render();
  for (const action of pending) {
    if (action.action === 'humanize') void humanizeNow();
    else panel.replay(action);
  }
}
