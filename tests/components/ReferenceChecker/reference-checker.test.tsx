import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReferenceReport } from '../../../src/domain/references.ts';
import { ReferenceChecker, Report } from '../../../src/islands/ReferenceChecker/ReferenceChecker.tsx';
import { refcheckMessages } from '../../../src/islands/ReferenceChecker/page-messages.ts';
import { ApiError } from '../../../src/lib/api/client.ts';
import * as enginesApi from '../../../src/lib/api/engines.ts';
import * as toolsApi from '../../../src/lib/api/tools.ts';
import { $refOnline, $refRun, $refText } from '../../../src/stores/reference-check.ts';
import { $user, emptyUser } from '../../../src/stores/user.ts';
import { interpolate } from '../../../src/i18n/interpolate.ts';
import { translate } from '../../../src/i18n/translate.ts';

const entryText = 'LeCun, Y., Bengio, Y., & Hinton, G. (2015). Deep learning. Nature, 521(7553), 436–444.';
const report: ReferenceReport = {
  format: 'text',
  listFound: 'heading',
  style: 'apa',
  entries: [
    {
      index: 0,
      text: entryText,
      style: 'apa',
      fields: { authors: ['LeCun, Y.', 'Bengio, Y.', 'Hinton, G.'], year: 2015, title: 'Deep learning', container: 'Nature', volume: '521', issue: '7553', pages: '436–444', doi: null, url: null, isbn: null, publisher: null },
      kind: 'article',
      issues: [],
      verdict: 'verified',
      similarity: 1,
      evidence: { source: 'crossref', doi: '10.1038/nature14539', title: 'Deep learning', authors: ['Yann LeCun'], year: 2015, container: 'Nature', volume: '521', issue: '7553', pages: '436-444', url: null, retracted: false },
      conflicts: [],
      citedBy: 1,
    },
  ],
  citations: [],
  citationIssues: [],
  online: 'checked',
  counts: { verified: 1, conflict: 0, notFound: 0, retracted: 0, unchecked: 0 },
  engine: 'test',
};

vi.mock('../../../src/lib/api/tools.ts', () => ({
  quoteTool: vi.fn(async () => ({ productSettlements: { '6': { showPrice: 2, payPrice: 2, unit: 'beans' } }, wordCount: 20 })),
  createToolOrder: vi.fn(async () => ({ orderNo: 'IWR1', status: 0 })),
  payToolOrder: vi.fn(async () => ({ orderNo: 'IWR1', status: 30, paid: true })),
  fetchReferenceCheck: vi.fn(async () => ({ orderNo: 'IWR1', status: 50, data: report, source: `Deep learning works (LeCun et al., 2015).\n\nReferences\n${entryText}` })),
}));
const { engineStatus } = vi.hoisted(() => ({ engineStatus: (online: boolean) => ({ humanizer: { model: false }, writer: { llm: false }, references: { online: online }, plagiarism: { documents: 0, web: false } }) }));
vi.mock('../../../src/lib/api/engines.ts', () => ({ fetchEngineStatus: vi.fn(async () => engineStatus(true)) }));
vi.mock('../../../src/stores/user.ts', async (original) => ({ ...(await original<typeof import('../../../src/stores/user.ts')>()), fetchBalance: vi.fn(async () => undefined), ensureFreshToken: vi.fn(async () => undefined) }));

const renderChecker = (locale: 'en' | 'ar' | 'fr' | 'de') =>
  render(<ReferenceChecker messages={refcheckMessages(locale)} sampleText="sample" pricingPath={`/${locale}/try-premium`} historyPath={`/${locale}/history`} />);

describe('ReferenceChecker', () => {
  beforeEach(() => {
    $refText.set('');
    $refRun.set({ status: 'idle' });
    $refOnline.set(undefined);
    $user.set({ ...emptyUser, isLoginUser: true, accessToken: 'token', userInfo: { membershipLevel: 0 } });
    vi.clearAllMocks();
  });

  it('[TOOL-05] on an Arabic page the pasted paper, every reference card and each value read from it keep their own direction (dir="auto")', async () => {
    renderChecker('ar');
    const input = screen.getByRole('textbox');
    expect(input.getAttribute('dir')).toBe('auto');
    fireEvent.change(input, { target: { value: `Deep learning works (LeCun et al., 2015).\n\nReferences\n${entryText}` } });
    fireEvent.click(screen.getByRole('button', { name: 'تحقّق من المراجع' }));
    const card = await screen.findByRole('listitem', { name: 'المرجع 1' });
    expect(within(card).getByText(entryText).getAttribute('dir')).toBe('auto');
    // The labels follow the page; each value (a DOI, Latin names) takes its own direction, or "10.1038/nature14539"
    // would be drawn "nature14539/10.1038" (tests/e2e/references.spec.ts checks the drawing).
    expect(card.querySelector('dl')!.hasAttribute('dir')).toBe(false);
    for (const value of card.querySelectorAll('dd')) expect(value.getAttribute('dir')).toBe('auto');
    expect(card.querySelector('[data-evidence]')!.hasAttribute('dir')).toBe(false);
    expect(within(card.querySelector<HTMLElement>('[data-evidence]')!).getByText(/^Yann LeCun\. \(2015\)\. Deep learning/).getAttribute('dir')).toBe('auto');
  });

  it.each([
    ['en', 'References: 1 · Style: APA', 'Citations found in the text: 1.'],
    ['fr', 'Références : 1 · Style : APA', 'Citations trouvées dans le texte : 1.'],
    ['de', 'Quellen: 1 · Zitierstil: APA', 'Zitate im Text: 1.'],
  ] as const)('[TOOL-05] [SITE-19] %s: one reference and one citation are counted without a wrong plural ("1 references")', (locale, summary, citations) => {
    const messages = refcheckMessages(locale);
    const t = (key: string, params?: Record<string, string | number>) => interpolate(messages[key] ?? key, params);
    const one = { ...report, citations: [{ text: 'LeCun et al., 2015', start: 21, end: 39, kind: 'authorYear' as const, entries: [0] }] };
    render(<Report report={one} t={t} />);
    expect(screen.getByText(summary)).toBeTruthy();
    expect(screen.getByText(citations)).toBeTruthy();
  });

  it.each([
    ['en', '0 / 20,000 words', '3 / 20,000 words'],
    ['de', '0 / 20.000 Wörter', '3 / 20.000 Wörter'],
  ] as const)('[TOOL-05] [SITE-19] %s: the word count and its limit are written as the language writes numbers', (locale, empty, typed) => {
    renderChecker(locale);
    expect(screen.getByText(empty)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Deep learning works.' } });
    expect(screen.getByText(typed)).toBeTruthy();
  });

  it.each([
    ['en', 'Verified: 1'],
    ['ja', '確認済み：1'],
    ['fr', 'Vérifiée\u00a0: 1'],
  ] as const)('[TOOL-05] [SITE-19] %s: a verdict pill is one translated message, with the colon as the language writes it', (locale, pill) => {
    const messages = refcheckMessages(locale);
    const t = (key: string, params?: Record<string, string | number>) => interpolate(messages[key] ?? key, params);
    render(<Report report={report} t={t} />);
    expect(within(screen.getByRole('list', { name: messages['refcheck.countsLabel'] })).getByRole('listitem').textContent).toBe(pill);
  });

  it('[TOOL-05] says before a run, in the page\'s language, when references will not be looked up online', async () => {
    vi.mocked(enginesApi.fetchEngineStatus).mockResolvedValueOnce(engineStatus(false));
    renderChecker('de');
    expect((await screen.findByRole('note')).textContent).toBe(translate('de', 'refcheck.onlineOffBefore'));
  });

  it('[TOOL-05] says nothing of the kind where lookups are on', async () => {
    renderChecker('en');
    await vi.waitFor(() => expect(enginesApi.fetchEngineStatus).toHaveBeenCalled());
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('[TOOL-05] each card\'s "Fields as read" control names its reference for screen readers; the visible text stays short', () => {
    const messages = refcheckMessages('en');
    const t = (key: string, params?: Record<string, string | number>) => interpolate(messages[key] ?? key, params);
    const two = { ...report, entries: [report.entries[0]!, { ...report.entries[0]!, index: 1 }] };
    render(<Report report={two} t={t} />);
    const toggles = [...document.querySelectorAll('summary')];
    expect(toggles.map((s) => s.textContent)).toEqual(['Fields as read', 'Fields as read']);
    expect(toggles.map((s) => s.getAttribute('aria-label'))).toEqual(['Fields as read for reference 1', 'Fields as read for reference 2']);
  });

  it('[TOOL-05] the price is worded as on the other tools ("Costs 2 beans")', async () => {
    renderChecker('en');
    fireEvent.change(screen.getByRole('textbox'), { target: { value: entryText } });
    expect(await screen.findByText('Costs 2 beans')).toBeTruthy();
  });

  it('[TOOL-05] the matching record of a paper with many authors names three and an ellipsis, with no full stop after it', () => {
    const messages = refcheckMessages('en');
    const t = (key: string, params?: Record<string, string | number>) => interpolate(messages[key] ?? key, params);
    const authors = ['Yann LeCun', 'Yoshua Bengio', 'Geoffrey Hinton', 'Ada Lovelace'];
    const many = { ...report, entries: [{ ...report.entries[0]!, evidence: { ...report.entries[0]!.evidence!, authors } }] };
    render(<Report report={many} t={t} />);
    expect(screen.getByText('Yann LeCun, Yoshua Bengio, Geoffrey Hinton … (2015). Deep learning. Nature. 521(7553). 436-444')).toBeTruthy();
  });

  it('[HUM-23] [TOOL-05] the network failing while a paid check is polled says the check goes on and links the history', async () => {
    // Spec §8: a polling error is logged (here into a spy, not the test output).
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(toolsApi.fetchReferenceCheck).mockRejectedValueOnce(new ApiError('We could not reach the server.', 2));
    renderChecker('en');
    fireEvent.change(screen.getByRole('textbox'), { target: { value: entryText } });
    fireEvent.click(screen.getByRole('button', { name: 'Check references' }));
    expect((await screen.findByRole('alert')).textContent).toBe('We could not reach the server.');
    expect(screen.getByText(translate('en', 'tool.runContinues'))).toBeTruthy();
    expect(screen.getByRole('link', { name: translate('en', 'tool.openHistory') }).getAttribute('href')).toBe('/en/history');
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
    expect(toolsApi.payToolOrder).toHaveBeenCalledTimes(1);
  });

  it('[TOOL-05] [COM-08] out of beans: the translated refusal and the link to get more, changing nothing', async () => {
    const message = "Vous n'avez pas assez de grains pour cela. Rechargez votre portefeuille ou choisissez une formule.";
    vi.mocked(toolsApi.payToolOrder).mockRejectedValueOnce(new ApiError(message, 1, { code: 1, message, data: { reason: 'insufficientBeans' } }));
    renderChecker('fr');
    fireEvent.change(screen.getByRole('textbox'), { target: { value: entryText } });
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier les références' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('link', { name: 'Débloquer plus de mots' }).getAttribute('href')).toBe('/fr/try-premium');
    expect(toolsApi.fetchReferenceCheck).not.toHaveBeenCalled();
    // Nothing was paid, so nothing goes on.
    expect(screen.queryByText(translate('fr', 'tool.runContinues'))).toBeNull();
  });
});
