import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatLocalDateTime } from '../../../src/domain/dates.ts';
import { translate } from '../../../src/i18n/translate.ts';
import { ApiError } from '../../../src/lib/api/client.ts';
import type { RewriteAnswer } from '../../../src/domain/rewriter.ts';
import { rewriterMessages } from '../../../src/islands/EssayRewriter/page-messages.ts';
import { EssayRewriter } from '../../../src/islands/EssayRewriter/EssayRewriter.tsx';
import * as toolsApi from '../../../src/lib/api/tools.ts';
import * as rewriterApi from '../../../src/lib/api/rewriter.ts';
import { $modes, resetRewriter } from '../../../src/stores/rewriter.ts';
import { $user, emptyUser } from '../../../src/stores/user.ts';

const answer: RewriteAnswer = {
  orderNo: 'IWTEST1',
  status: 50,
  rawInputData: 'Social media is big. It shows a lot.',
  dataWithoutFormat: 'Social media is substantial. It demonstrates a great deal.',
  data: {
    mode: 'formal',
    strength: 4,
    frozen: ['Social media'],
    backend: 'offline',
    paragraphs: [
      [
        { text: 'Social media is ' },
        { text: 'substantial', change: 'edited' },
        { text: '. It ' },
        { text: 'demonstrates a great deal', change: 'edited' },
        { text: '.' },
      ],
    ],
    stats: { words: 8, outputWords: 9, changedShare: 0.5, sentences: 2, outputSentences: 2 },
  },
};

vi.mock('../../../src/lib/api/tools.ts', () => ({
  quoteTool: vi.fn(async () => ({ productSettlements: { '10': { showPrice: 4, payPrice: 4, unit: 'beans' } }, wordCount: 8 })),
  createToolOrder: vi.fn(async () => ({ orderNo: 'IWTEST1', status: 0 })),
  payToolOrder: vi.fn(async () => ({ orderNo: 'IWTEST1', status: 30, paid: true })),
}));
vi.mock('../../../src/lib/api/rewriter.ts', () => ({
  fetchRewrite: vi.fn(async () => answer),
  fetchRewriteModes: vi.fn(async () => ({ modes: ['standard', 'fluent', 'formal', 'simple', 'shorten'] })),
}));
// The wallet refresh after a payment is the header's business, not this island's.
vi.mock('../../../src/stores/user.ts', async (original) => ({ ...(await original<typeof import('../../../src/stores/user.ts')>()), fetchBalance: vi.fn(async () => undefined) }));
vi.mock('../../../src/lib/api/commerce.ts', () => ({
  listToolOrders: vi.fn(async () => ({ list: [{ orderNo: 'IWTEST1', productId: 10, orderType: 9, status: 50, amountCents: 0, currency: null, createTime: '2026-11-24T01:00:00.000Z' }], total: 1 })),
}));

const renderRewriter = (locale: 'en' | 'fr' = 'en') =>
  render(<EssayRewriter messages={rewriterMessages(locale)} pricingPath={`/${locale}/try-premium`} selfPath={`/${locale}/essay-rewriter`} historyPath={`/${locale}/history`} />);

describe('EssayRewriter', () => {
  beforeEach(() => {
    resetRewriter();
    $user.set({ ...emptyUser });
    vi.clearAllMocks();
  });

  it('[TOOL-04] offers the five offline modes, how much to change and frozen words; Rewrite waits for text', async () => {
    renderRewriter();
    const modes = screen.getByRole('group', { name: 'Mode' });
    expect(within(modes).getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual(['Standard', 'Fluent', 'Formal / Academic', 'Simple', 'Shorten']);
    expect((screen.getByRole('radio', { name: 'Standard' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('slider', { name: 'How much to change' }).getAttribute('aria-valuetext')).toBe('3 of 5');
    expect(screen.getByRole('textbox', { name: 'Frozen words' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rewrite' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Your rewrite appears here, with the changes marked.')).toBeTruthy();
    await waitFor(() => expect(rewriterApi.fetchRewriteModes).toHaveBeenCalled());
  });

  it('[TOOL-04] shows Expand and Creative only when the server says the LLM backend is on', async () => {
    vi.mocked(rewriterApi.fetchRewriteModes).mockResolvedValueOnce({ modes: ['standard', 'fluent', 'formal', 'simple', 'shorten', 'expand', 'creative'] });
    renderRewriter('fr');
    expect(await screen.findByRole('radio', { name: 'Développer' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Créatif' })).toBeTruthy();
    $modes.set(['standard', 'fluent', 'formal', 'simple', 'shorten']);
  });

  it('[TOOL-04] [COM-15] a signed-in user rewrites with the chosen settings and sees the result beside the source, changes marked, with copy, download and history', async () => {
    $user.set({ ...emptyUser, isLoginUser: true, accessToken: 'token', userInfo: { membershipLevel: 0 } });
    renderRewriter();
    fireEvent.change(screen.getByRole('textbox', { name: 'Your text' }), { target: { value: 'Social media is big. It shows a lot.' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Formal / Academic' }));
    fireEvent.change(screen.getByRole('slider', { name: 'How much to change' }), { target: { value: '4' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Frozen words' }), { target: { value: 'Social media, ' } });
    expect(await screen.findByText('Costs 4 beans')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rewrite' }));
    await screen.findByText('50% of the words changed');
    expect(toolsApi.createToolOrder).toHaveBeenCalledWith(10, 'Social media is big. It shows a lot.', { mode: 'formal', strength: 4, frozen: ['Social media'] });
    const result = screen.getByRole('region', { name: 'Rewritten text' });
    expect([...result.querySelectorAll('mark')].map((m) => [m.textContent, m.dataset.change])).toEqual([
      ['substantial', 'edited'],
      ['demonstrates a great deal', 'edited'],
    ]);
    expect(result.querySelector('[data-output]')!.getAttribute('dir')).toBe('auto');
    expect(within(result).getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(within(result).getByRole('button', { name: 'Download .docx' })).toBeTruthy();
    const history = await screen.findByRole('region', { name: 'Your recent rewrites' });
    // Each entry's link names the rewrite it opens (not ten links all called "Open"); the visible word stays short.
    const open = within(history).getByRole('link', { name: `Open the rewrite of ${formatLocalDateTime('2026-11-24T01:00:00.000Z')}` });
    expect(open.textContent).toBe('Open');
    expect(open.getAttribute('href')).toBe('/en/essay-rewriter?orderNo=IWTEST1');
    // [COM-15] The run's time as the history page shows it: local 'YYYY-MM-DD HH:mm:ss', the same in every language,
    // isolated left to right (U+2066 … U+2069) so that an Arabic page does not draw it time first.
    expect(history.querySelector('time')!.textContent).toBe(`${formatLocalDateTime('2026-11-24T01:00:00.000Z')}`);
    expect(history.querySelector('time')!.textContent).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('[HUM-23] [TOOL-04] the network failing while a paid rewrite is polled closes the loader, and says the run goes on and where its result will be', async () => {
    $user.set({ ...emptyUser, isLoginUser: true, accessToken: 'token', userInfo: { membershipLevel: 0 } });
    // Spec §8: a polling error is logged (here into a spy, not the test output).
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(rewriterApi.fetchRewrite).mockRejectedValueOnce(new ApiError('Nous ne parvenons pas à joindre le serveur.', 2));
    renderRewriter('fr');
    fireEvent.change(screen.getByRole('textbox', { name: 'Votre texte' }), { target: { value: 'Social media is big. It shows a lot.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reformuler' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Nous ne parvenons pas à joindre le serveur.');
    expect(screen.getByText(translate('fr', 'tool.runContinues'))).toBeTruthy();
    expect(screen.getByRole('link', { name: translate('fr', 'tool.openHistory') }).getAttribute('href')).toBe('/fr/history');
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
    expect(screen.queryByRole('status')).toBeNull();
    expect(toolsApi.payToolOrder).toHaveBeenCalledTimes(1);
  });

  it('[TOOL-04] a text over the plan limit is refused before any order, with the unlock link', async () => {
    $user.set({ ...emptyUser, isLoginUser: true, accessToken: 'token', userInfo: { membershipLevel: 0 } });
    renderRewriter();
    fireEvent.change(screen.getByRole('textbox', { name: 'Your text' }), { target: { value: 'word '.repeat(400) } });
    fireEvent.click(screen.getByRole('button', { name: 'Rewrite' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/300/);
    expect(screen.getByRole('link', { name: /unlock|premium/i })).toBeTruthy();
    expect(toolsApi.createToolOrder).not.toHaveBeenCalled();
  });

  it('[TOOL-04] a history link to an unpaid rewrite stops asking and says, translated, that it has no result, with the way to the history', async () => {
    $user.set({ ...emptyUser, isLoginUser: true, accessToken: 'token', userInfo: { membershipLevel: 0 } });
    vi.mocked(rewriterApi.fetchRewrite).mockResolvedValue({ orderNo: 'IWUNPAID', status: 0, data: null, dataWithoutFormat: null, rawInputData: 'Unpaid text.' });
    window.history.replaceState(null, '', '/fr/essay-rewriter?orderNo=IWUNPAID');
    try {
      renderRewriter('fr');
      expect((await screen.findByRole('alert')).textContent).toBe(translate('fr', 'tool.runUnpaid'));
      expect(screen.getByRole('link', { name: translate('fr', 'tool.openHistory') }).getAttribute('href')).toBe('/fr/history');
      expect(rewriterApi.fetchRewrite).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('button', { name: translate('fr', 'rewriter.rewrite') })).toBeTruthy();
    } finally {
      window.history.replaceState(null, '', '/');
      vi.mocked(rewriterApi.fetchRewrite).mockResolvedValue(answer);
    }
  });
});

