/**
 * The humanizer's flow (spec §4): quote, checks, order and payment, polling,
 * versions and the pager, rating, copy, download, the sample's fake order,
 * read-only results (?orderNo=), debug content and notifications. Stores and
 * actions only; `HumanizerEditor` renders them. One flow per island.
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import { clipboardText, docToText, humanizerLimits, type Doc, type HumanizerEngine, type HumanizerResult } from '../domain/humanizer.ts';
import { isPaidLevel } from '../domain/membership.ts';
import { ProductId } from '../domain/products.ts';
import type * as toolsApi from '../lib/api/tools.ts';
import { createToolSource, type AreaT, type SourceDeps } from './tool-source.ts';
import { createQuote, languageCheckReady, openProblem, paymentProblem, pollProblem, pollUntilData, runErrorOf, textProblem, type RunError } from './tool-run.ts';

/** One version of a run's group (spec §3 result version); `data` is null until the pager reaches it. */
export interface Version {
  orderNo: string | null;
  data: Doc | null;
  plain: string;
  rating: number | null;
  /** Who wrote it (the result says so); null for the sample and a version not loaded yet. */
  engine: HumanizerEngine | null;
}

/** Browser notifications as the flow needs them. */
export interface NotificationPort {
  supported(): boolean;
  permission(): 'default' | 'granted' | 'denied';
  request(): Promise<unknown>;
  show(title: string, body: string): void;
  pageHidden(): boolean;
}

export interface HumanizerDeps extends Omit<SourceDeps, 't'> {
  t: AreaT<'humanizer.' | 'upload.' | 'messages.' | 'commerce.error.' | 'tool.runContinues' | 'tool.openHistory' | 'tool.runUnpaid'>;
  api: Pick<typeof toolsApi, 'quoteTool' | 'createToolOrder' | 'payToolOrder' | 'fetchHumanizerResult' | 'runSample' | 'fetchTestContent' | 'rateResult'>;
  /** The user as the flow sees it: logged in, and the membership level (0 for visitors). */
  level: () => number;
  ensureFreshToken: () => Promise<void>;
  fetchBalance: () => Promise<void>;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  clearTimeout: (id: unknown) => void;
  notifications: NotificationPort;
  writeClipboard: (text: string) => Promise<void>;
  download: (orderNo: string) => Promise<void>;
  alert: (message: string) => void;
  /** Hands the result to the AI detector; answers true when a detector on this page took it. */
  handoffToDetector: (plain: string) => boolean;
  /** Text handed over by the AI detector, taken once. */
  takeHandoff: () => string | null;
  log: (message: string, error: unknown) => void;
}

export type PlanDialog = 'ultra' | 'rehumanize' | null;

export type HumanizerFlow = ReturnType<typeof createHumanizerFlow>;

export function createHumanizerFlow(sampleText: string, deps: HumanizerDeps) {
  const source = createToolSource('humanizer', sampleText, deps);
  const { t } = deps;
  const $ultra = atom(false);
  const $running = atom(false);
  const $versions = atom<Version[]>([]);
  const $current = atom(-1);
  const $sampleResult = atom(false);
  /** The source text the shown group of versions was made from. */
  const $runText = atom<string | null>(null);
  const $error = atom<RunError | undefined>(undefined);
  const $notifyDenied = atom(false);
  const $dialog = atom<PlanDialog>(null);
  let asked = false;
  let ratingTimer: unknown;

  const loggedIn = () => deps.loggedIn();
  /** True when the source was edited after the shown versions were made: a re-run would ignore the edits. */
  const $edited = computed([$versions, $runText, source.$text], (versions, runText, text) => versions.length > 0 && runText !== null && text.trim() !== runText.trim());

  const quote = createQuote({
    text: () => source.$text.get(),
    isSample: () => source.$isSample.get(),
    sampleLabel: () => t('humanizer.priceFree'),
    fetch: async (signal) => {
      // The server prices Ultra from extraInfo.isUltra on the humanize line.
      const answer = await deps.api.quoteTool(ProductId.HUMANIZE, source.$text.get(), $ultra.get(), signal);
      const line = answer.productSettlements[String(ProductId.HUMANIZE)];
      return line ? t('humanizer.price', { count: line.payPrice }) : '';
    },
    showError: (message) => source.$quoteError.set(message),
    setTimeout: deps.setTimeout,
    clearTimeout: deps.clearTimeout,
  });

  source.$text.listen(() => {
    $error.set(undefined);
    quote.refresh();
  });

  function toVersion(r: Pick<HumanizerResult, 'data' | 'dataWithoutFormat'> & { orderNo?: string | null; rating?: number | null; engine?: HumanizerEngine | null }): Version {
    return { orderNo: r.orderNo ?? null, data: r.data, plain: r.dataWithoutFormat ?? (r.data ? docToText(r.data) : ''), rating: r.rating ?? null, engine: r.engine ?? null };
  }

  /** Keeps every version of the group in order; a version not yet loaded has no data until the pager reaches it. */
  function mergeGroup(result: HumanizerResult) {
    const known = new Map($versions.get().map((v) => [v.orderNo, v]));
    const versions = result.orderGroup.map((orderNo) => known.get(orderNo) ?? { orderNo, data: null, plain: '', rating: null, engine: null });
    const index = versions.findIndex((v) => v.orderNo === result.orderNo);
    if (index >= 0) versions[index] = toVersion(result);
    else versions.push(toVersion(result));
    $versions.set(versions);
    $sampleResult.set(false);
    $current.set(versions.findIndex((v) => v.orderNo === result.orderNo));
  }

  function notifyDone() {
    const n = deps.notifications;
    if (!n.supported()) return;
    if (n.permission() === 'granted' && n.pageHidden()) n.show(t('humanizer.notifyTitle'), t('humanizer.notifyBody'));
    $notifyDenied.set(n.permission() === 'denied');
  }

  /** After the first real run (never on the sample), ask once whether we may notify next time. */
  async function askNotificationsOnce() {
    const n = deps.notifications;
    if (asked || !n.supported()) return;
    asked = true;
    if (n.permission() === 'default') await n.request().catch(() => undefined);
    $notifyDenied.set(n.permission() === 'denied');
  }

  /** At the start of a run: if notifications are already blocked, say so now (asking comes later). */
  function showDenied() {
    const n = deps.notifications;
    if (n.supported()) $notifyDenied.set(n.permission() === 'denied');
  }

  function openPlanDialog(kind: Exclude<PlanDialog, null>) {
    $dialog.set(kind);
  }

  /** Spec §4–§5 checks before a paid run. Answers false (and says why) when the run may not start. */
  function checkRun(ultra: boolean): boolean {
    if (ultra && !loggedIn()) {
      deps.redirectToSignup();
      return false;
    }
    if (ultra && !isPaidLevel(deps.level())) {
      openPlanDialog('ultra');
      return false;
    }
    const problem = textProblem(source.$text.get(), deps.level(), t);
    if (problem) {
      $error.set(problem);
      return false;
    }
    if (!loggedIn()) {
      deps.redirectToSignup();
      return false;
    }
    return true;
  }

  async function runSample() {
    $running.set(true);
    showDenied();
    const { min, max } = humanizerLimits.sampleDelayMs;
    try {
      const [result] = await Promise.all([deps.api.runSample($ultra.get()), deps.sleep(min + deps.random() * (max - min))]);
      $versions.set([toVersion(result)]);
      $current.set(0);
      $sampleResult.set(true);
      $runText.set(source.$text.get());
      notifyDone();
    } catch (error) {
      deps.log('sample run failed', error);
    } finally {
      $running.set(false);
    }
  }

  async function runPaid(extraInfo: { isUltra: boolean; originOrderNo?: string }) {
    $running.set(true);
    showDenied();
    let orderNo: string;
    const text = source.$text.get();
    try {
      await deps.ensureFreshToken();
      const productId = extraInfo.isUltra ? ProductId.HUMANIZE_ULTRA : ProductId.HUMANIZE;
      const order = await deps.api.createToolOrder(productId, extraInfo.originOrderNo ? undefined : text, extraInfo);
      orderNo = order.orderNo;
      await deps.api.payToolOrder(orderNo);
      if (!extraInfo.originOrderNo) {
        $runText.set(text);
        source.forgetDraft();
      }
      void deps.fetchBalance().catch(() => undefined);
    } catch (error) {
      $running.set(false);
      $error.set(paymentProblem(error));
      return;
    }
    try {
      const result = await pollUntilData(() => deps.api.fetchHumanizerResult(orderNo), humanizerLimits.pollMs, deps.sleep);
      mergeGroup(result);
      notifyDone();
      void askNotificationsOnce();
    } catch (error) {
      // Spec §8: polling errors are logged and the loader closed.
      deps.log('humanizer result polling failed', error);
      // A paid run goes on without the page: the line says so and where its result will be.
      $error.set(runErrorOf(t, pollProblem(error)));
    } finally {
      $running.set(false);
    }
  }

  async function humanize() {
    if ($running.get() || source.$readOnly.get() || source.$isEmpty.get()) return;
    $error.set(undefined);
    if (source.$isSample.get() && !$ultra.get()) return runSample();
    if (!(await languageCheckReady()) || $running.get()) return;
    if (!checkRun($ultra.get())) return;
    $versions.set([]);
    $current.set(-1);
    await runPaid({ isUltra: $ultra.get() });
  }

  async function rehumanize() {
    if ($running.get() || source.$readOnly.get() || $edited.get()) return;
    if ($sampleResult.get()) return deps.toast(t('humanizer.sampleNoRehumanize'), 'warning');
    if (!loggedIn()) return deps.redirectToSignup();
    if (!isPaidLevel(deps.level())) return openPlanDialog('rehumanize');
    const versions = $versions.get();
    if (versions.length >= humanizerLimits.maxVersions) return deps.toast(t('humanizer.error.maxVersions'), 'warning');
    const origin = versions[$current.get()]?.orderNo ?? versions[0]?.orderNo;
    if (origin) await runPaid({ isUltra: $ultra.get(), originOrderNo: origin });
  }

  /** Ultra needs a login (else sign-up) and a paid plan (else the plan dialog); the switch springs back. */
  function setUltra(on: boolean) {
    if (on && !loggedIn()) return deps.redirectToSignup();
    if (on && !isPaidLevel(deps.level())) return openPlanDialog('ultra');
    $ultra.set(on);
    quote.refresh();
  }

  /** Moves the pager; a version without its text is loaded first (spec §4). */
  async function goVersion(delta: number) {
    const index = $current.get() + delta;
    const version = $versions.get()[index];
    if (!version) return;
    if (!version.data && version.orderNo) {
      try {
        const loaded = toVersion(await deps.api.fetchHumanizerResult(version.orderNo));
        $versions.set($versions.get().map((v, i) => (i === index ? loaded : v)));
      } catch (error) {
        deps.log('version load failed', error);
        return;
      }
    }
    $current.set(index);
  }

  /** Thumbs up (5) or down (1); debounced by 1000 ms, the last click counts (spec §9). */
  function rate(rating: number) {
    const index = $current.get();
    const version = $versions.get()[index];
    if (!version?.orderNo) return;
    const orderNo = version.orderNo;
    $versions.set($versions.get().map((v, i) => (i === index ? { ...v, rating } : v)));
    deps.clearTimeout(ratingTimer);
    ratingTimer = deps.setTimeout(() => {
      deps.api.rateResult(orderNo, rating).then(
        () => deps.toast(t('humanizer.feedbackOk'), 'success'),
        () => deps.toast(t('humanizer.feedbackFailed')),
      );
    }, humanizerLimits.feedbackDebounceMs);
  }

  async function copy() {
    const plain = $versions.get()[$current.get()]?.plain ?? '';
    try {
      await deps.writeClipboard(clipboardText(plain));
      deps.toast(t('humanizer.copied'), 'success');
    } catch {
      deps.toast(t('humanizer.clipboardDenied'), 'warning');
    }
  }

  async function download() {
    const orderNo = $versions.get()[$current.get()]?.orderNo;
    if (!orderNo) return;
    try {
      await deps.download(orderNo);
    } catch (error) {
      deps.log('download failed', error);
      deps.toast(t('humanizer.downloadFailed'));
    }
  }

  /** "Check it with the AI detector": answers true when a detector on this page took the text. */
  function checkWithDetector(): boolean {
    const plain = $versions.get()[$current.get()]?.plain;
    return plain ? deps.handoffToDetector(plain) : false;
  }

  /** Spec §1: debug mode loads test content into both editors. */
  async function loadDebug() {
    try {
      const content = await deps.api.fetchTestContent();
      if (content.rawInputData) source.setDoc(content.rawInputData);
      $versions.set([toVersion(content)]);
      $current.set(0);
      $sampleResult.set(true);
      $runText.set(source.$text.get());
    } catch (error) {
      deps.log('test content failed', error);
    }
  }

  /** Spec §4: ?orderNo= opens that finished order read-only; an empty number is an alert. */
  async function openOrder(orderNo: string) {
    if (!orderNo.trim()) return deps.alert(t('commerce.error.orderNoMissing'));
    if (!loggedIn()) return deps.redirectToSignup();
    source.setReadOnly(true);
    $running.set(true);
    try {
      const result = await pollUntilData(() => deps.api.fetchHumanizerResult(orderNo), humanizerLimits.pollMs, deps.sleep);
      if (result.rawInputData) source.setDoc(result.rawInputData);
      $ultra.set(result.isUltra);
      mergeGroup(result);
      $runText.set(source.$text.get());
    } catch (error) {
      deps.log('order load failed', error);
      const problem = openProblem(error);
      // An unpaid order has nothing to show read-only: the editor is free for a new run.
      if (problem.unpaid) source.setReadOnly(false);
      $error.set(runErrorOf(t, problem));
    } finally {
      $running.set(false);
    }
  }

  /** What the page asks for when the island starts: a result by number, text from the detector, or the draft. */
  async function start(query: URLSearchParams) {
    if (query.has('orderNo')) return openOrder(query.get('orderNo') ?? '');
    const handed = deps.takeHandoff();
    if (handed) return source.setText(handed);
    await source.restoreDraft();
  }

  /** Limits and prices follow the user (a login in another tab, a new plan). */
  function userChanged() {
    quote.refresh();
  }

  return {
    source,
    $ultra: $ultra as ReadableAtom<boolean>,
    $running: $running as ReadableAtom<boolean>,
    $versions: $versions as ReadableAtom<Version[]>,
    $current: $current as ReadableAtom<number>,
    $sampleResult: $sampleResult as ReadableAtom<boolean>,
    $error: $error as ReadableAtom<RunError | undefined>,
    $notifyDenied: $notifyDenied as ReadableAtom<boolean>,
    $dialog,
    $edited,
    $price: quote.$price,
    humanize,
    rehumanize,
    setUltra,
    goVersion,
    rate,
    copy,
    download,
    checkWithDetector,
    loadDebug,
    openOrder,
    start,
    userChanged,
  };
}
