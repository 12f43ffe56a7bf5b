import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/lib/api/instance.ts', () => ({ api: vi.fn(), bindApi: vi.fn() }));
// The editor's documents (listed under the runs) are another module's call.
vi.mock('../../../src/lib/api/editor.ts', () => ({ listDocuments: vi.fn(async () => ({ list: [], total: 0 })) }));
const { api } = await import('../../../src/lib/api/instance.ts');
const { HistoryPanel } = await import('../../../src/islands/HistoryPanel/HistoryPanel.tsx');
const { islandMessages } = await import('../../../src/i18n/island-messages.ts');

const messages = islandMessages('en', ['history.', 'orders.pageSize', 'orders.previous', 'orders.next', 'orders.page', 'user.historyEmpty']);
const item = (jobId: string, meta: object) => ({ jobId, createTime: '2026-12-01T12:00:00Z', contentMeta: JSON.stringify(meta) });

describe('HistoryPanel', () => {
  it('[COM-15] shows one entry per run with its versions, tool, words and local time, linking to its result', async () => {
    vi.mocked(api).mockResolvedValueOnce({
      list: [
        item('IW2', { title: 'On memory and sleep', wordCount: 1200, orderType: 7, status: 50, versions: 3 }),
        item('IW1', { title: 'Report draft', wordCount: 80, orderType: 13, status: 50 }),
      ],
      total: 2,
    });
    render(<HistoryPanel locale="en" lang="en" messages={messages} />);
    const list = await screen.findByRole('list', { name: 'Your results' });
    const [run, report] = within(list).getAllByRole('listitem');
    expect(run!.textContent).toMatch(/On memory and sleepHumanizer · 3 versions · 1,200 words · \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    expect(within(run!).getByRole('link', { name: 'Open result' }).getAttribute('href')).toBe('/en/essay-humanizer?orderNo=IW2');
    expect(within(report!).getByRole('link', { name: 'Open result' }).getAttribute('href')).toBe('/en/ai-detector?report=IW1');
    expect(report!.textContent).not.toContain('versions');
    expect(within(run!).getByText('On memory and sleep').getAttribute('dir')).toBe('auto');
  });

  it('[COM-15] deletes a run and shows the page again; an empty history says so', async () => {
    vi.mocked(api).mockResolvedValueOnce({ list: [item('IW1', { title: 'x', wordCount: 1, orderType: 8, status: 50 })], total: 1 });
    render(<HistoryPanel locale="en" lang="en" messages={messages} />);
    const remove = await screen.findByRole('button', { name: 'Delete' });
    vi.mocked(api).mockResolvedValueOnce(null).mockResolvedValueOnce({ list: [], total: 0 });
    await act(async () => {
      fireEvent.click(remove);
    });
    expect(vi.mocked(api).mock.calls[1]).toEqual(['/api/essay/delete', { method: 'POST', body: { jobId: 'IW1' }, silent: true }]);
    expect(await screen.findByText('Your finished results will appear here.')).toBeTruthy();
  });
});
