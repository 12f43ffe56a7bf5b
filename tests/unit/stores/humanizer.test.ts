import { beforeEach, describe, expect, it, vi } from 'vitest';
import { textToDoc, type HumanizerResult } from '../../../src/domain/humanizer.ts';
import { ProductId } from '../../../src/domain/products.ts';
import { ApiError } from '../../../src/lib/api/client.ts';
import { $drafts, saveDraft } from '../../../src/stores/draft.ts';
import { createHumanizerFlow, type HumanizerDeps } from '../../../src/stores/humanizer.ts';

const sample = 'The sample text about Gallup polls.';
const essay = 'Students often write essays about climate policy in 2024.';

function result(orderNo: string, group: string[], text = 'Rewritten text.'): HumanizerResult {
  return { orderNo, status: 50, data: textToDoc(text), dataWithoutFormat: text, rawInputData: textToDoc(essay), orderGroup: group, isUltra: false, rating: null, progress: 100, engine: 'model' };
}

/** Deps that answer at once and record what the flow did. */
function fakeDeps(overrides: Partial<HumanizerDeps> = {}) {
  const calls: string[] = [];
  const toasts: string[] = [];
  let permission: 'default' | 'granted' | 'denied' = 'default';
  const orders: string[] = [];
  const deps: HumanizerDeps = {
    t: (key, params) => (params ? `${key} ${JSON.stringify(params)}` : key),
    toast: (message) => void toasts.push(message),
    loggedIn: () => true,
    level: () => 1,
    redirectToSignup: () => void calls.push('signup'),
    readClipboard: () => Promise.resolve('Pasted text.'),
    upload: () => ({ abort() {}, retry() {} }),
    setTimeout: (fn) => {
      fn();
      return 0;
    },
    clearTimeout: () => {},
    sleep: () => Promise.resolve(),
    random: () => 0,
    ensureFreshToken: () => Promise.resolve(),
    fetchBalance: () => Promise.resolve(),
    notifications: {
      supported: () => true,
      permission: () => permission,
      request: async () => {
        calls.push('askPermission');
        permission = 'granted';
      },
      show: (title) => void calls.push(`notify ${title}`),
      pageHidden: () => true,
    },
    writeClipboard: async (text) => void calls.push(`copy ${text}`),
    download: async (orderNo) => void calls.push(`download ${orderNo}`),
    alert: (message) => void calls.push(`alert ${message}`),
    handoffToDetector: () => false,
    takeHandoff: () => null,
    log: () => {},
    api: {
      quoteTool: vi.fn(async () => ({ productSettlements: { [String(ProductId.HUMANIZE)]: { showPrice: 12, payPrice: 12, unit: 'beans' } }, wordCount: 10 })),
      createToolOrder: vi.fn(async (_productId: number, _content: string | undefined, extra: { originOrderNo?: string }) => {
        const orderNo = `o${orders.length + 1}`;
        orders.push(orderNo);
        calls.push(`order ${extra.originOrderNo ?? 'new'}`);
        return { orderNo, status: 0 };
      }),
      payToolOrder: vi.fn(async (orderNo: string) => ({ orderNo, status: 30, paid: true })),
      fetchHumanizerResult: vi.fn(async (orderNo: string) => result(orderNo, [...orders])),
      runSample: vi.fn(async () => result('', [], 'Sample result about Gallup.')),
      fetchTestContent: vi.fn(async () => result('', [], 'Debug result.')),
      rateResult: vi.fn(async () => null),
    } as unknown as HumanizerDeps['api'],
    ...overrides,
  };
  return { deps, calls, toasts };
}

describe('the humanizer flow', () => {
  beforeEach(() => $drafts.set({}));

  it('[HUM-11] [HUM-08] runs the sample without an order and without asking for notification permission', async () => {
    const { deps, calls } = fakeDeps();
    const flow = createHumanizerFlow(sample, deps);
    flow.source.loadSample();
    expect(flow.$price.get()).toBe('humanizer.priceFree');
    await flow.humanize();
    expect(flow.$versions.get()).toHaveLength(1);
    expect(deps.api.createToolOrder).not.toHaveBeenCalled();
    expect(calls).not.toContain('askPermission');
    await flow.rehumanize();
    expect(deps.api.createToolOrder).not.toHaveBeenCalled();
  });

  it('[HUM-07] [HUM-08] pays, polls, shows the version, and asks for notification permission after the first real run only', async () => {
    const { deps, calls } = fakeDeps();
    const flow = createHumanizerFlow(sample, deps);
    flow.source.setText(essay);
    await flow.humanize();
    expect(calls.filter((c) => c === 'askPermission')).toHaveLength(1);
    expect(flow.$versions.get().map((v) => v.orderNo)).toEqual(['o1']);
    expect(flow.$current.get()).toBe(0);
    await flow.humanize();
    expect(calls.filter((c) => c === 'askPermission')).toHaveLength(1);
    expect(calls).toContain('notify humanizer.notifyTitle');
  });

  it('[HUM-09] re-runs the shown text up to five versions, and after an edit offers a new run instead', async () => {
    const { deps, calls, toasts } = fakeDeps();
    const flow = createHumanizerFlow(sample, deps);
    flow.source.setText(essay);
    await flow.humanize();
    flow.source.editorChanged(`${essay} An edit.`);
    expect(flow.$edited.get()).toBe(true);
    await flow.rehumanize();
    expect(calls.filter((c) => c.startsWith('order'))).toEqual(['order new']);
    flow.source.editorChanged(essay);
    expect(flow.$edited.get()).toBe(false);
    for (let n = 2; n <= 5; n++) await flow.rehumanize();
    expect(flow.$versions.get()).toHaveLength(5);
    expect(calls.filter((c) => c.startsWith('order'))).toEqual(['order new', 'order o1', 'order o2', 'order o3', 'order o4']);
    await flow.rehumanize();
    expect(toasts).toContain('humanizer.error.maxVersions');
    expect(flow.$versions.get()).toHaveLength(5);
  });

  it('[HUM-07] a payment refused for want of beans offers the unlock link in any language; another refusal does not', async () => {
    const refusal = (message: string, data?: unknown) => new ApiError(message, 1, { code: 1, message, data });
    const { deps } = fakeDeps();
    const flow = createHumanizerFlow(sample, deps);
    flow.source.setText(essay);
    vi.mocked(deps.api.payToolOrder).mockRejectedValueOnce(refusal("Vous n'avez pas assez de grains.", { reason: 'insufficientBeans' }));
    await flow.humanize();
    expect(flow.$error.get()).toEqual({ message: "Vous n'avez pas assez de grains.", unlock: true });
    vi.mocked(deps.api.payToolOrder).mockRejectedValueOnce(refusal('Commande introuvable.'));
    await flow.humanize();
    expect(flow.$error.get()).toEqual({ message: 'Commande introuvable.', unlock: false });
  });

  it('[HUM-17] [HUM-19] refuses a text over the plan’s limit or not in English, with the unlock link only for the limit', async () => {
    const { deps } = fakeDeps({ level: () => 0 });
    const flow = createHumanizerFlow(sample, deps);
    flow.source.setText(Array.from({ length: 301 }, () => 'word').join(' '));
    await flow.humanize();
    expect(flow.$error.get()).toEqual({ message: 'messages.unlockMoreWords {"count":300}', unlock: true });
    flow.source.setText('这是一段中文文本，不是英文。这是一段中文文本。');
    await flow.humanize();
    expect(flow.$error.get()).toEqual({ message: 'messages.onlyEnglishError', unlock: false });
    expect(deps.api.createToolOrder).not.toHaveBeenCalled();
  });

  it('[HUM-14] sends a visitor to sign-up for Ultra, and offers Premium to a free member', () => {
    const visitor = fakeDeps({ loggedIn: () => false, level: () => 0 });
    const a = createHumanizerFlow(sample, visitor.deps);
    a.setUltra(true);
    expect(visitor.calls).toEqual(['signup']);
    expect(a.$ultra.get()).toBe(false);
    const free = fakeDeps({ level: () => 0 });
    const b = createHumanizerFlow(sample, free.deps);
    b.setUltra(true);
    expect(b.$dialog.get()).toBe('ultra');
    expect(b.$ultra.get()).toBe(false);
  });

  it('[ACC-09] keeps a visitor’s text as a draft and brings it back; a paid run forgets it', async () => {
    const visitor = fakeDeps({ loggedIn: () => false });
    const before = createHumanizerFlow(sample, visitor.deps);
    before.source.setText(essay);
    await before.humanize();
    expect(visitor.calls).toEqual(['signup']);
    const { deps } = fakeDeps();
    const after = createHumanizerFlow(sample, deps);
    await after.start(new URLSearchParams());
    expect(after.source.$text.get()).toBe(essay);
    expect(after.source.$load.get()?.doc).toEqual(textToDoc(essay));
    await after.humanize();
    expect($drafts.get().humanizer).toBeUndefined();
  });

  it('[HUM-12] opens a finished order read-only and alerts on an empty number', async () => {
    const { deps, calls } = fakeDeps();
    const flow = createHumanizerFlow(sample, deps);
    saveDraft('humanizer', 'A draft that must not replace the result.');
    await flow.start(new URLSearchParams('orderNo=o9'));
    expect(flow.source.$readOnly.get()).toBe(true);
    expect(flow.source.$text.get()).toBe(essay);
    expect(flow.$versions.get().map((v) => v.orderNo)).toEqual(['o9']);
    const other = createHumanizerFlow(sample, deps);
    await other.start(new URLSearchParams('orderNo='));
    expect(calls).toContain('alert commerce.error.orderNoMissing');
  });

  it('[HUM-02] copies the result with its paragraphs separated by a blank line, as in the source', async () => {
    const { deps, calls } = fakeDeps({
      api: { ...fakeDeps().deps.api, fetchHumanizerResult: vi.fn(async (orderNo: string) => result(orderNo, [orderNo], 'First paragraph.\nSecond paragraph.')) } as unknown as HumanizerDeps['api'],
    });
    const flow = createHumanizerFlow(sample, deps);
    flow.source.setText(`${essay}\n\nA second paragraph.`);
    await flow.humanize();
    await flow.copy();
    expect(calls).toContain('copy First paragraph.\n\nSecond paragraph.');
  });

  it('[HUM-23] a connection lost while polling a paid run says the run goes on, with the history; a failed run does not', async () => {
    const { deps } = fakeDeps();
    const flow = createHumanizerFlow(sample, deps);
    flow.source.setText(essay);
    vi.mocked(deps.api.fetchHumanizerResult).mockRejectedValueOnce(new ApiError('We could not reach the server.', 2));
    await flow.humanize();
    expect(flow.$error.get()).toEqual({ message: 'We could not reach the server.', unlock: false, continues: true });
    expect(flow.$running.get()).toBe(false);
    vi.mocked(deps.api.fetchHumanizerResult).mockRejectedValueOnce(new ApiError('The run failed; your beans have been returned.', 1, { code: 1 }));
    await flow.humanize();
    expect(flow.$error.get()).toEqual({ message: 'The run failed; your beans have been returned.', unlock: false });
  });

  it('[HUM-12] ?orderNo= of an unpaid order stops polling and says it has no result, leaving the editor free for a new run', async () => {
    let asks = 0;
    const { deps } = fakeDeps({
      // Stops a loop that would never end (before the fix) so the test fails instead of hanging.
      sleep: async () => {
        if (++asks > 5) throw new Error('still polling an unpaid order');
      },
    });
    vi.mocked(deps.api.fetchHumanizerResult).mockImplementation(async (orderNo: string) => ({ ...result(orderNo, [orderNo]), status: 0, data: null, dataWithoutFormat: null, progress: 0 }));
    const flow = createHumanizerFlow(sample, deps);
    await flow.start(new URLSearchParams('orderNo=unpaid1'));
    expect(flow.$error.get()).toEqual({ message: 'tool.runUnpaid', unlock: false, unpaid: true });
    expect(flow.$running.get()).toBe(false);
    expect(flow.source.$readOnly.get()).toBe(false);
    expect(asks).toBe(0);
  });

  it('[HUM-21] sends only the last rating of a quick series', async () => {
    const timers: (() => void)[] = [];
    const { deps } = fakeDeps({
      setTimeout: (fn) => timers.push(fn),
      clearTimeout: (id) => {
        timers[(id as number) - 1] = () => {};
      },
    });
    const flow = createHumanizerFlow(sample, deps);
    flow.source.setText(essay);
    for (const run of timers.splice(0)) run();
    await flow.humanize();
    flow.rate(5);
    flow.rate(1);
    for (const run of timers) run();
    expect(deps.api.rateResult).toHaveBeenCalledTimes(1);
    expect(deps.api.rateResult).toHaveBeenCalledWith('o1', 1);
  });
});
