import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PlagiarismReport } from '../../../src/domain/plagiarism.ts';
import { plagiarismMessages } from '../../../src/islands/PlagiarismChecker/page-messages.ts';
import { translator } from '../../../src/islands/PlagiarismChecker/messages.ts';
import { ReportView } from '../../../src/islands/PlagiarismChecker/ReportView.tsx';
import { $checker } from '../../../src/stores/plagiarism.ts';
import { translate } from '../../../src/i18n/translate.ts';
import type { Locale } from '../../../src/i18n/locales.ts';

// Issue 28: the report says what source retrieval searched on the web, and which provider left searches unanswered.
const text = 'Bees dance to tell each other where the flowers are, and the angle of the dance shows the direction.';
const report: PlagiarismReport = {
  submissionId: 'S-1',
  submittedAt: '2026-12-03T10:00:00.000Z',
  fileName: null,
  text,
  wordCount: 19,
  coverage: {
    documents: 1,
    web: true,
    searched: [
      { provider: 'wikipedia', queries: 2, candidates: 1, failed: 0 },
      { provider: 'openalex', queries: 2, candidates: 0, failed: 2 },
    ],
  },
  quotes: [],
  bibliographyStart: null,
  sources: [],
  matches: [],
  engineVersion: 'plagiarism-1',
};

const show = (locale: Locale, r: PlagiarismReport = report) => {
  $checker.set({ ...$checker.get(), phase: 'done', text, report: r });
  return render(<ReportView t={translator(plagiarismMessages(locale))} report={r} />);
};

describe('[TOOL-03] what was searched on the web', () => {
  beforeEach(() => $checker.set({ ...$checker.get(), report: null }));

  for (const locale of ['en', 'de', 'ar', 'ja'] as const) {
    it(`lists each provider, the unanswered ones as such, in ${locale}`, () => {
      show(locale);
      const list = within(screen.getByRole('heading', { name: translate(locale, 'plagiarism.searchedTitle') }).parentElement!);
      const items = list.getAllByRole('listitem');
      expect(items.map((li) => li.textContent)).toEqual([
        translate(locale, 'plagiarism.searchedLine', { provider: 'Wikipedia', queries: 2, candidates: 1, failed: 0 }),
        translate(locale, 'plagiarism.searchedFailed', { provider: 'OpenAlex', queries: 2, candidates: 0, failed: 2 }),
      ]);
    });
  }

  it('says nothing of the web when it was not searched', () => {
    show('en', { ...report, coverage: { documents: 1, web: false } });
    expect(screen.queryByRole('heading', { name: translate('en', 'plagiarism.searchedTitle') })).toBeNull();
  });
});
