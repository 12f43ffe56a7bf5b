import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { textToDoc } from '../../../src/domain/humanizer.ts';
import { islandMessages } from '../../../src/i18n/island-messages.ts';
import { HumanizerEditor, humanizerAreas } from '../../../src/islands/HumanizerEditor/HumanizerEditor.tsx';
import { $drafts } from '../../../src/stores/draft.ts';
import { $user, emptyUser } from '../../../src/stores/user.ts';

vi.mock('../../../src/lib/api/tools.ts', () => ({
  quoteTool: vi.fn(async () => ({ productSettlements: { '9': { showPrice: 12, payPrice: 12, unit: 'beans' } }, wordCount: 120 })),
  runSample: vi.fn(async () => ({ data: textToDoc('A humanized sample about Gallup.'), dataWithoutFormat: 'A humanized sample about Gallup.', rawInputData: null, orderGroup: [], isUltra: false })),
}));

const sample = 'The original sample about Gallup.';
const links = { home: '/en', detector: '/en/ai-detector', premium: '/en/try-premium', history: '/en/history' };

function renderEditor(props: { sampleIsEnglish?: boolean } = {}) {
  return render(<HumanizerEditor messages={islandMessages('en', humanizerAreas)} sampleText={sample} links={links} embeddedDetector={false} sampleIsEnglish={props.sampleIsEnglish ?? false} />);
}

describe('HumanizerEditor', () => {
  beforeEach(() => {
    $user.set({ ...emptyUser });
    $drafts.set({});
  });
  afterEach(() => vi.restoreAllMocks());

  it('[HUM-05] starts empty: runs disabled, sample, paste and upload offered, the result’s placeholder shown', () => {
    renderEditor();
    expect(screen.getByRole('button', { name: 'Humanize' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Re-humanize' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Try a sample' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Paste text' })).toBeTruthy();
    expect(screen.getByText('Upload a file')).toBeTruthy();
    expect(screen.getByText('Your humanized text will appear here.')).toBeTruthy();
    expect(screen.getByText('0 / 300 words')).toBeTruthy();
    expect(screen.queryByText(/The sample is in English/)).toBeNull();
  });

  it('[HUM-06] [HUM-11] loads the sample for free, runs it and shows the version, keeping the placeholder until then', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    renderEditor({ sampleIsEnglish: true });
    expect(screen.getByText(/The sample is in English/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try a sample' }));
    await screen.findByText('The sample is free');
    await waitFor(() => expect(document.querySelector('[data-source] .ProseMirror')?.textContent).toContain('Gallup'));
    const humanize = screen.getByRole('button', { name: 'Humanize' });
    expect(humanize.hasAttribute('disabled')).toBe(false);
    expect(screen.getByText('Your humanized text will appear here.')).toBeTruthy();
    fireEvent.click(humanize);
    expect(await screen.findByRole('status')).toBeTruthy();
    await screen.findByText('Version 1 of 1', undefined, { timeout: 5000 });
    expect(screen.queryByText('Your humanized text will appear here.')).toBeNull();
    await waitFor(() => expect(document.querySelector('[data-target] .ProseMirror')?.textContent).toContain('A humanized sample'));
    // A sample has no order: no rating or download.
    expect(screen.queryByRole('button', { name: 'Good result' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download .docx' })).toBeNull();
  });

  it('[HUM-14] offers Premium in a dialog when a free member turns Ultra on', async () => {
    $user.set({ ...emptyUser, isLoginUser: true, accessToken: 'token', userInfo: { membershipLevel: 0 } });
    renderEditor();
    const ultra = screen.getByRole('switch', { name: 'Ultra' }) as HTMLInputElement;
    fireEvent.click(ultra);
    const dialog = await screen.findByRole('dialog', { name: 'A Premium feature' });
    expect(within(dialog).getByRole('link', { name: 'Try Premium' }).getAttribute('href')).toBe('/en/try-premium');
    expect(ultra.checked).toBe(false);
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(screen.queryByRole('dialog', { name: 'A Premium feature' })).toBeNull();
  });

  it('[ACC-09] brings back a draft kept from before sign-up, ready to run', async () => {
    $drafts.set({ humanizer: { text: 'My own essay about rivers and lakes.', fileName: null, savedAt: Date.now() } });
    $user.set({ ...emptyUser, isLoginUser: true, accessToken: 'token', userInfo: { membershipLevel: 0 } });
    renderEditor();
    await screen.findByText('7 / 300 words');
    await waitFor(() => expect(document.querySelector('[data-source] .ProseMirror')?.textContent).toBe('My own essay about rivers and lakes.'));
    expect(screen.getByRole('button', { name: 'Humanize' }).hasAttribute('disabled')).toBe(false);
  });
});
