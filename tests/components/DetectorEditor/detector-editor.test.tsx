import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Detection } from '../../../src/domain/detector.ts';
import { islandMessages } from '../../../src/i18n/island-messages.ts';
import { DetectorEditor, detectorAreas } from '../../../src/islands/DetectorEditor/DetectorEditor.tsx';
import { $drafts } from '../../../src/stores/draft.ts';
import { $user, emptyUser } from '../../../src/stores/user.ts';

const sample = 'Gallup asked students. They answered at length.';
const detection: Detection = {
  text: sample,
  qualifies: true,
  reason: null,
  probability: 0.12,
  aiPercent: 0,
  isAi: false,
  wordCount: 7,
  qualifyingWordCount: 7,
  sentences: [
    { start: 0, end: 22, score: 0.9, qualifies: true },
    { start: 23, end: sample.length, score: 0.1, qualifies: true },
  ],
  counts: { likelyAi: 1, possiblyAi: 0, human: 1 },
  modelVersion: 'test',
};

vi.mock('../../../src/lib/api/tools.ts', () => ({
  quoteTool: vi.fn(async (productId: number) => ({ productSettlements: { [String(productId)]: { showPrice: 5, payPrice: productId === 8 ? 5 : 40, unit: 'beans' } }, wordCount: 7 })),
  runDetectorSample: vi.fn(async () => sampleAnswer()),
}));

let degraded = false;
const sampleAnswer = () => ({ ...detection, degraded });

function renderDetector() {
  return render(<DetectorEditor messages={islandMessages('en', detectorAreas)} sampleText={sample} embedded={false} links={{ humanizer: '/en/essay-humanizer', premium: '/en/try-premium', history: '/en/history' }} lang="en" sampleIsEnglish={false} />);
}

describe('DetectorEditor', () => {
  beforeEach(() => {
    $user.set({ ...emptyUser });
    $drafts.set({});
  });

  it('[TOOL-01] starts empty with both runs disabled and the result explained', () => {
    renderDetector();
    expect(screen.getByRole('button', { name: 'Check for AI' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Get the AI writing report' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/Check a text to see how likely it is to be AI-written/)).toBeTruthy();
  });

  it('[TOOL-01] checks the sample for free: gauge, verdict and each sentence highlighted in its band, left to right', async () => {
    renderDetector();
    fireEvent.click(screen.getByRole('button', { name: 'Try a sample' }));
    await screen.findByText('The sample check is free');
    // The report is never sold for the sample.
    expect(screen.getByRole('button', { name: 'Get the AI writing report' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Check for AI' }));
    await screen.findByText('Likely human-written');
    expect(screen.getByRole('img', { name: 'AI score 12%. Texts are flagged as AI-written from 50%.' })).toBeTruthy();
    const highlights = document.querySelector('[data-highlights]')!;
    expect(highlights.getAttribute('dir')).toBe('auto');
    expect([...highlights.querySelectorAll('span')].map((s) => [s.className, s.title])).toEqual([
      ['dt-likelyAi', 'AI likelihood 90%'],
      ['dt-human', 'AI likelihood 10%'],
    ]);
    expect(highlights.textContent).toBe(sample);
  });

  it('[TOOL-02] asks before spending beans on a report, naming the price, and cancelling spends nothing', async () => {
    const tools = await import('../../../src/lib/api/tools.ts');
    $user.set({ ...emptyUser, isLoginUser: true, accessToken: 'token', userInfo: { membershipLevel: 0 } });
    $drafts.set({ detector: { text: 'A text of mine that I want a report on, written for class.', fileName: null, savedAt: Date.now() } });
    renderDetector();
    await screen.findByText('Costs 5 beans · Report: 40 beans');
    fireEvent.click(screen.getByRole('button', { name: 'Get the AI writing report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy the AI writing report?' });
    expect(within(dialog).getByText('The report costs 40 beans, taken from your wallet when you confirm.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Buy the AI writing report?' })).toBeNull();
    expect(vi.mocked(tools).quoteTool).toHaveBeenCalled();
    expect('createToolOrder' in tools).toBe(false);
  });
  it('[TOOL-01] says when only the basic detector answered (the transformer is not installed), and not otherwise', async () => {
    degraded = true;
    renderDetector();
    fireEvent.click(screen.getByRole('button', { name: 'Try a sample' }));
    await screen.findByText('The sample check is free');
    fireEvent.click(screen.getByRole('button', { name: 'Check for AI' }));
    await screen.findByText(/This check used the basic detector only/);
    degraded = false;
  });

  it('[TOOL-01] shows no such notice for a full check', async () => {
    renderDetector();
    fireEvent.click(screen.getByRole('button', { name: 'Try a sample' }));
    await screen.findByText('The sample check is free');
    fireEvent.click(screen.getByRole('button', { name: 'Check for AI' }));
    await screen.findByText('Likely human-written');
    expect(document.querySelector('[data-degraded]')).toBeNull();
  });
});
