import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Report } from '../../../src/domain/detector.ts';
import { ApiError } from '../../../src/lib/api/client.ts';
import { islandMessages } from '../../../src/i18n/island-messages.ts';
import { SharedReport, sharedReportAreas } from '../../../src/islands/SharedReport/SharedReport.tsx';

const text = 'Climate change is a challenge. Students write about it.';
const report: Report = {
  submissionId: 'sub-1',
  submittedAt: '2026-01-01T10:00:00Z',
  fileName: 'climate.docx',
  wordCount: 9,
  qualifyingWordCount: 9,
  qualifies: true,
  reason: null,
  aiPercent: 12,
  displayPercent: '*%',
  highlightsShown: false,
  aiOnlyPercent: 12,
  paraphrasedPercent: 0,
  text,
  sentences: [{ start: 0, end: 30, kind: null }],
  modelVersion: 'test',
};

const fetchSharedReport = vi.fn();
vi.mock('../../../src/lib/api/tools.ts', () => ({ fetchSharedReport: (token: string) => fetchSharedReport(token) }));

const messages = islandMessages('en', sharedReportAreas);

describe('SharedReport', () => {
  it('[TOOL-02] shows the report behind the token, without the owner’s buttons, with the public PDF', async () => {
    fetchSharedReport.mockResolvedValueOnce(report);
    location.hash = '#t=tok123';
    render(<SharedReport messages={messages} lang="en" />);
    await screen.findByRole('heading', { name: 'AI writing report' });
    expect(fetchSharedReport).toHaveBeenCalledWith('tok123');
    expect(screen.getByText('*%')).toBeTruthy();
    expect(screen.getByText(/Scores from 1% to 19% show as/)).toBeTruthy();
    expect(screen.getByText('climate.docx')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create a share link' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toContain('token=tok123');
  });

  it('[TOOL-02] says why a revoked link no longer works', async () => {
    fetchSharedReport.mockRejectedValueOnce(new ApiError('This report link no longer works. Ask its owner for a new one.', 1));
    location.hash = '#t=gone';
    render(<SharedReport messages={messages} lang="en" />);
    expect((await screen.findByRole('alert')).textContent).toBe('This report link no longer works. Ask its owner for a new one.');
  });
  it('[TOOL-02] says when the report was made by the basic detector alone', async () => {
    fetchSharedReport.mockResolvedValueOnce({ ...report, degraded: true });
    location.hash = '#t=tok124';
    render(<SharedReport messages={messages} lang="en" />);
    await screen.findByText(/Made with the basic detector only/);
  });
});
