import { describe, expect, it, vi } from 'vitest';
import type { Detection, Report } from '../../../src/domain/detector.ts';
import { ProductId } from '../../../src/domain/products.ts';
import { ApiError } from '../../../src/lib/api/client.ts';
import { createDetectorFlow, type DetectorDeps } from '../../../src/stores/detector.ts';

const essay = 'Climate change represents one of the most significant challenges facing humanity in the twenty-first century.';
const detection: Detection = {
  text: essay,
  qualifies: true,
  reason: null,
  probability: 0.9,
  aiPercent: 80,
  isAi: true,
  wordCount: 15,
  qualifyingWordCount: 15,
  sentences: [{ start: 0, end: essay.length, score: 0.9, qualifies: true }],
  counts: { likelyAi: 1, possiblyAi: 0, human: 0 },
  modelVersion: 'test',
};
const report: Report = {
  submissionId: 's1',
  submittedAt: '2026-01-01T00:00:00Z',
  fileName: null,
  wordCount: 15,
  qualifyingWordCount: 15,
  qualifies: true,
  reason: null,
  aiPercent: 80,
  displayPercent: '80%',
  highlightsShown: true,
  aiOnlyPercent: 60,
  paraphrasedPercent: 20,
  text: essay,
  sentences: [{ start: 0, end: essay.length, kind: 'ai' }],
  modelVersion: 'test',
};

function fakeDeps(overrides: Partial<DetectorDeps> = {}) {
  const calls: string[] = [];
  const deps: DetectorDeps = {
    t: (key, params) => (params ? `${key} ${JSON.stringify(params)}` : key),
    toast: (message) => void calls.push(`toast ${message}`),
    loggedIn: () => true,
    level: () => 1,
    redirectToSignup: () => void calls.push('signup'),
    readClipboard: () => undefined,
    upload: () => ({ abort() {}, retry() {} }),
    setTimeout: (fn) => {
      fn();
      return 0;
    },
    clearTimeout: () => {},
    sleep: () => Promise.resolve(),
    ensureFreshToken: () => Promise.resolve(),
    fetchBalance: () => Promise.resolve(),
    writeClipboard: async (text) => void calls.push(`copy ${text}`),
    downloadReport: async (orderNo) => void calls.push(`pdf ${orderNo}`),
    sharedReportUrl: (token) => `https://example.test/en/report#t=${token}`,
    alert: (message) => void calls.push(`alert ${message}`),
    takeHandoff: () => null,
    handOffToHumanizer: (text) => void calls.push(`toHumanizer ${text}`),
    log: () => {},
    api: {
      quoteTool: vi.fn(async (productId: number) => ({ productSettlements: { [String(productId)]: { showPrice: productId === ProductId.AI_DETECTION ? 3 : 30, payPrice: productId === ProductId.AI_DETECTION ? 3 : 30, unit: 'beans' } }, wordCount: 15 })),
      createToolOrder: vi.fn(async (productId: number) => {
        calls.push(`order ${productId}`);
        return { orderNo: `o${productId}`, status: 0 };
      }),
      payToolOrder: vi.fn(async (orderNo: string) => ({ orderNo, status: 30, paid: true })),
      fetchDetection: vi.fn(async (orderNo: string) => ({ orderNo, status: 50, data: detection })),
      fetchReport: vi.fn(async (orderNo: string) => ({ orderNo, status: 50, data: report, shared: false })),
      runDetectorSample: vi.fn(async () => detection),
      shareReport: vi.fn(async () => ({ token: 'tok' })),
      revokeReport: vi.fn(async () => null),
    } as unknown as DetectorDeps['api'],
    ...overrides,
  };
  return { deps, calls };
}

describe('the AI detector flow', () => {
  it('[TOOL-01] quotes both products, pays for a check and shows the detection', async () => {
    const { deps, calls } = fakeDeps();
    const flow = createDetectorFlow('A sample.', deps);
    flow.source.setText(essay);
    await vi.waitFor(() => expect(flow.$price.get()).toBe('humanizer.price {"count":3} · detector.reportPrice {"count":30}'));
    await flow.check();
    expect(calls).toEqual([`order ${ProductId.AI_DETECTION}`]);
    expect(flow.$detection.get()).toEqual(detection);
  });

  it('[TOOL-02] spends beans on a report only after a confirmation that names the price', async () => {
    const { deps, calls } = fakeDeps();
    const flow = createDetectorFlow('A sample.', deps);
    flow.source.setText(essay);
    await vi.waitFor(() => expect(flow.$reportBeans.get()).toBe(30));
    await flow.askReport();
    expect(flow.$confirmReport.get()).toBe(true);
    expect(calls).toEqual([]);
    flow.cancelReport();
    expect(flow.$confirmReport.get()).toBe(false);
    await flow.askReport();
    await flow.buyReport();
    expect(calls).toEqual([`order ${ProductId.AI_DETECTION_TURNITIN}`]);
    expect(flow.$report.get()?.report).toEqual(report);
  });

  it('[TOOL-02] shares the report, copies the link, and revokes it after a confirmation', async () => {
    const { deps, calls } = fakeDeps();
    const flow = createDetectorFlow('A sample.', deps);
    await flow.start(new URLSearchParams('report=o13'), false);
    await flow.share();
    expect(flow.$shareLink.get()).toBe('https://example.test/en/report#t=tok');
    await flow.copyLink();
    expect(calls).toContain('copy https://example.test/en/report#t=tok');
    flow.askRevoke();
    expect(flow.$confirmRevoke.get()).toBe(true);
    expect(deps.api.revokeReport).not.toHaveBeenCalled();
    await flow.revoke();
    expect(deps.api.revokeReport).toHaveBeenCalledWith('o13');
    expect(flow.$shareLink.get()).toBeNull();
    expect(calls).toContain('toast report.revoked');
  });

  it('[HUM-03] hands the checked text to the humanizer, and takes text handed over', async () => {
    const { deps, calls } = fakeDeps({ takeHandoff: () => essay });
    const flow = createDetectorFlow('A sample.', deps);
    await flow.start(new URLSearchParams(), true);
    expect(flow.source.$text.get()).toBe(essay);
    await flow.check();
    flow.toHumanizer();
    expect(calls).toContain(`toHumanizer ${essay}`);
  });

  it('[ACC-09] sends a visitor to sign-up before a check, and never for the free sample', async () => {
    const { deps, calls } = fakeDeps({ loggedIn: () => false });
    const flow = createDetectorFlow('A sample text.', deps);
    flow.source.loadSample();
    await flow.check();
    expect(flow.$detection.get()).toEqual(detection);
    flow.source.setText(essay);
    await flow.check();
    expect(calls).toEqual(['signup']);
  });

  it('[HUM-23] [TOOL-01] a connection lost while polling a paid check or report says the run goes on, with the history', async () => {
    const lost = () => Promise.reject(new ApiError('We could not reach the server.', 2));
    const { deps } = fakeDeps();
    vi.mocked(deps.api.fetchDetection).mockImplementationOnce(lost);
    const flow = createDetectorFlow('A sample.', deps);
    flow.source.setText(essay);
    await flow.check();
    expect(flow.$error.get()).toEqual({ message: 'We could not reach the server.', unlock: false, continues: true });
    expect(flow.$running.get()).toBeNull();
    vi.mocked(deps.api.fetchReport).mockImplementationOnce(lost);
    flow.askReport();
    await flow.buyReport();
    expect(flow.$error.get()).toMatchObject({ continues: true });
    // A run the server reports failed (its beans returned) does not go on.
    vi.mocked(deps.api.fetchDetection).mockRejectedValueOnce(new ApiError('The check failed; your beans have been returned.', 1, { code: 1 }));
    await flow.check();
    expect(flow.$error.get()).toEqual({ message: 'The check failed; your beans have been returned.', unlock: false });
  });

  it('[TOOL-01] [TOOL-02] ?orderNo= or ?report= of an unpaid order stops polling and says it has no result, with the way to the history', async () => {
    let asks = 0;
    const { deps } = fakeDeps({
      // Stops a loop that would never end (before the fix) so the test fails instead of hanging.
      sleep: async () => {
        if (++asks > 5) throw new Error('still polling an unpaid order');
      },
    });
    vi.mocked(deps.api.fetchDetection).mockImplementation(async (orderNo: string) => ({ orderNo, status: 0, data: null }));
    vi.mocked(deps.api.fetchReport).mockImplementation(async (orderNo: string) => ({ orderNo, status: 10, data: null, shared: false }));
    const flow = createDetectorFlow('A sample.', deps);
    await flow.start(new URLSearchParams('orderNo=unpaid1'), false);
    expect(flow.$error.get()).toEqual({ message: 'tool.runUnpaid', unlock: false, unpaid: true });
    expect(flow.$running.get()).toBeNull();
    expect(asks).toBe(0);
    const other = createDetectorFlow('A sample.', deps);
    await other.start(new URLSearchParams('report=unpaid2'), false);
    expect(other.$error.get()).toEqual({ message: 'tool.runUnpaid', unlock: false, unpaid: true });
    expect(other.$report.get()).toBeNull();
  });
});
