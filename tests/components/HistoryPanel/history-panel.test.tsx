import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/lib/api/instance.ts', () => ({ api: vi.fn(), bindApi: vi.fn() }));
// The editor's documents (listed under the runs) are another module's call.
vi.mock('../../../src/lib/api/editor.ts', () => ({ listDocuments: vi.fn(async () => ({ list: [], total: 0 })) }));
const { api } = await import('../../../src/lib/api/instance.ts');
const editorApi = await import('../../../src/lib/api/editor.ts');
const { HistoryPanel } = await import('../../../src/islands/HistoryPanel/HistoryPanel.tsx');
const { islandMessages } = await import('../../../src/i18n/island-messages.ts');

const messages = islandMessages('en', ['history.', 'orders.pageSize', 'orders.previous', 'orders.next', 'orders.page', 'user.historyEmpty', 'editor.documents', 'editor.untitled', 'editor.documentMeta', 'editor.showMore']);
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
    // The date is isolated left to right (U+2066 … U+2069): after Arabic words it would otherwise be drawn "01-12-2026".
    expect(run!.textContent).toMatch(/On memory and sleepHumanizer · 3 versions · 1,200 words · \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    expect(within(run!).getByRole('link', { name: 'Open result' }).getAttribute('href')).toBe('/en/essay-humanizer?orderNo=IW2');
    expect(within(report!).getByRole('link', { name: 'Open result' }).getAttribute('href')).toBe('/en/ai-detector?report=IW1');
    expect(report!.textContent).not.toContain('versions');
    expect(within(run!).getByText('On memory and sleep').getAttribute('dir')).toBe('auto');
  });

  it('[COM-15] [SITE-19] counts words in the reader\'s plural forms: "1 word", not "1 words"', async () => {
    vi.mocked(api).mockResolvedValueOnce({ list: [item('IW3', { title: 'A line', wordCount: 1, orderType: 9, status: 50 })], total: 1 });
    render(<HistoryPanel locale="en" lang="en" messages={messages} />);
    const [one] = within(await screen.findByRole('list', { name: 'Your results' })).getAllByRole('listitem');
    expect(one!.textContent).toContain(' · 1 word · ');
  });

  it('[COM-15] [SITE-19] counts in Russian with its forms: "2 версии", "1 слово", "5 версий", "1 201 слово"', async () => {
    vi.mocked(api).mockResolvedValueOnce({
      list: [item('IW4', { title: 'Строка', wordCount: 1, orderType: 7, status: 50, versions: 2 }), item('IW5', { title: 'Эссе', wordCount: 1201, orderType: 7, status: 50, versions: 5 })],
      total: 2,
    });
    const ru = islandMessages('ru', ['history.', 'orders.pageSize', 'orders.previous', 'orders.next', 'orders.page', 'user.historyEmpty', 'editor.documents', 'editor.untitled', 'editor.documentMeta', 'editor.showMore']);
    render(<HistoryPanel locale="ru" lang="ru" messages={ru} />);
    const items = within(await screen.findByRole('list', { name: ru['history.listLabel'] })).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('2 версии · 1 слово');
    expect(items[1]!.textContent).toMatch(/5 версий · 1\s201 слово/);
  });

  it('[COM-15] deletes a run and shows the page again; an empty history says so', async () => {
    vi.mocked(api).mockResolvedValueOnce({ list: [item('IW1', { title: 'x', wordCount: 1, orderType: 8, status: 50 })], total: 1 });
    render(<HistoryPanel locale="en" lang="en" messages={messages} />);
    const remove = await screen.findByRole('button', { name: 'Delete' });
    vi.mocked(api).mockResolvedValueOnce(null).mockResolvedValueOnce({ list: [], total: 0 });
    fireEvent.click(remove);
    // It asks first (issue 30); nothing is deleted until the dialog's Delete.
    const dialog = await screen.findByRole('dialog', { name: 'Delete this run from your history?' });
    expect(vi.mocked(api).mock.calls).toHaveLength(1);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    });
    expect(vi.mocked(api).mock.calls[1]).toEqual(['/api/essay/delete', { method: 'POST', body: { jobId: 'IW1' }, silent: true }]);
    expect(await screen.findByText('Your finished results will appear here.')).toBeTruthy();
  });

  it('[TOOL-06] the editor documents section shows ten, and "Show more documents" adds the next ones until all are shown', async () => {
    vi.mocked(api).mockResolvedValueOnce({ list: [], total: 0 });
    const doc = (n: number) => ({ id: `5d0c7c7e-0000-4222-8333-${String(n).padStart(12, '0')}`, title: `Essay ${n}`, wordCount: n, revision: 1, updatedAt: '2026-11-24T04:00:00.000Z' });
    vi.mocked(editorApi.listDocuments)
      .mockResolvedValueOnce({ list: Array.from({ length: 10 }, (_, i) => doc(i + 1)), total: 13 })
      .mockResolvedValueOnce({ list: [doc(11), doc(12), doc(13)], total: 13 });
    render(<HistoryPanel locale="en" lang="en" messages={messages} />);
    const section = () => document.querySelector('[data-editor-documents]') as HTMLElement;
    await screen.findByRole('link', { name: 'Essay 10' });
    expect(within(section()).getAllByRole('link')).toHaveLength(10);
    await act(async () => {
      fireEvent.click(within(section()).getByRole('button', { name: 'Show more documents' }));
    });
    expect(await screen.findByRole('link', { name: 'Essay 13' })).toBeTruthy();
    expect(within(section()).getAllByRole('link')).toHaveLength(13);
    expect(editorApi.listDocuments).toHaveBeenLastCalledWith(2, 10);
    expect(within(section()).queryByRole('button', { name: 'Show more documents' })).toBeNull();
  });
});
