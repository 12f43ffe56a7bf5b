import type { Editor } from '@tiptap/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EssayEditor } from '../../../src/islands/EssayEditor/EssayEditor.tsx';
import { editorMessages } from '../../../src/islands/EssayEditor/page-messages.ts';
import { paragraphsOf } from '../../../src/islands/EssayEditor/document.ts';
import * as editorApi from '../../../src/lib/api/editor.ts';
import * as rewriterApi from '../../../src/lib/api/rewriter.ts';
import * as toolsApi from '../../../src/lib/api/tools.ts';
import { ApiError } from '../../../src/lib/api/client.ts';
import { translate } from '../../../src/i18n/translate.ts';
import { $conflict, $document, $documents, $documentsTotal, $localDraft, closeToolRun } from '../../../src/stores/editor.ts';
import { $user, emptyUser } from '../../../src/stores/user.ts';

const essay = 'Phones keep students awake at night.\nIt is important to note that sleep matters a lot.';

vi.mock('../../../src/lib/api/editor.ts', () => ({
  saveDocument: vi.fn(async () => ({ id: '5d0c7c7e-1111-4222-8333-944444444444', revision: 1, updatedAt: '2026-11-24T04:00:00.000Z', title: 'Phones' })),
  fetchDocument: vi.fn(async (id: string) => ({ id, title: 'Phones', text: essay, wordCount: 16, revision: 3, updatedAt: '2026-11-24T04:00:00.000Z' })),
  listDocuments: vi.fn(async () => ({ list: [], total: 0 })),
  deleteDocument: vi.fn(async () => null),
}));
vi.mock('../../../src/lib/api/tools.ts', () => ({
  createToolOrder: vi.fn(async () => ({ orderNo: 'IWED1', status: 0 })),
  payToolOrder: vi.fn(async () => ({ orderNo: 'IWED1', status: 30, paid: true })),
  fetchHumanizerResult: vi.fn(),
  fetchDetection: vi.fn(),
  fetchReferenceCheck: vi.fn(),
}));
vi.mock('../../../src/lib/api/rewriter.ts', () => ({
  fetchRewrite: vi.fn(async () => ({ orderNo: 'IWED1', status: 50, data: {}, dataWithoutFormat: 'Sleep matters a great deal.', rawInputData: '' })),
}));
vi.mock('../../../src/stores/user.ts', async (original) => ({ ...(await original<typeof import('../../../src/stores/user.ts')>()), fetchBalance: vi.fn(async () => undefined), ensureFreshToken: vi.fn(async () => undefined) }));
// No WebAssembly worker in happy-dom: the grammar client gets a worker that answers one suggestion per "realy".
vi.mock('../../../src/islands/EssayEditor/grammar-worker.ts', () => ({
  grammarSupported: () => true,
  makeGrammarWorker: () => {
    const listeners: ((event: { data: unknown }) => void)[] = [];
    return {
      addEventListener: (type: string, l: (event: { data: unknown }) => void) => type === 'message' && listeners.push(l),
      postMessage: ({ id, paragraphs }: { id: number; paragraphs: string[] }) =>
        queueMicrotask(() => {
          const lints = paragraphs.map((p) => {
            const at = p.indexOf('realy');
            return at < 0 ? [] : [{ start: at, end: at + 5, kind: 'Spelling', problem: 'realy', message: 'Did you mean to spell `realy` this way?', fixes: [{ kind: 'replace', text: 'really' }] }];
          });
          listeners.forEach((l) => l({ data: { id, lints } }));
        }),
      terminate: () => {},
    };
  },
}));

const editorOf = async (): Promise<Editor> => {
  await waitFor(() => expect(document.querySelector('.ProseMirror')).toBeTruthy());
  return (document.querySelector('.ProseMirror') as HTMLElement & { editor: Editor }).editor;
};
const renderEditor = (locale: 'en' | 'de' = 'en') =>
  render(<EssayEditor messages={editorMessages(locale)} lang={locale} loginPath={`/${locale}/login`} pricingPath={`/${locale}/try-premium`} historyPath={`/${locale}/history`} />);

describe('EssayEditor', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    $user.set({ ...emptyUser });
    $document.set({ id: null, revision: 0 });
    $localDraft.set(null);
    $conflict.set(null);
    $documents.set([]);
    $documentsTotal.set(0);
    closeToolRun();
    history.replaceState(null, '', '/en/ai-editor');
  });

  it('[TOOL-06] a signed-in user’s typing is saved once typing pauses, the indicator follows, and the address names the document', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    $user.set({ ...emptyUser, isLoginUser: true, accessToken: 'token', userInfo: { membershipLevel: 0 } });
    renderEditor();
    const editor = await editorOf();
    act(() => void editor.commands.insertContent('My essay'));
    expect(screen.getByText('2 words')).toBeTruthy();
    expect(document.querySelector('[data-save-state]')!.textContent).toBe('Saving…');
    act(() => void editor.commands.insertContent(' grows'));
    await act(async () => void vi.advanceTimersByTime(1000));
    expect(editorApi.saveDocument).not.toHaveBeenCalled();
    await act(async () => void vi.advanceTimersByTime(600));
    await waitFor(() => expect(document.querySelector('[data-save-state]')!.textContent).toBe('Saved'));
    expect(editorApi.saveDocument).toHaveBeenCalledTimes(1);
    expect(editorApi.saveDocument).toHaveBeenCalledWith({ text: 'My essay grows' });
    await waitFor(() => expect(location.search).toBe('?doc=5d0c7c7e-1111-4222-8333-944444444444'));
    vi.useRealTimers();
  });

  it('[TOOL-06] runs a tool on the selection only, and the accepted result replaces just that selection', async () => {
    $user.set({ ...emptyUser, isLoginUser: true, accessToken: 'token', userInfo: { membershipLevel: 0 } });
    history.replaceState(null, '', '/en/ai-editor?doc=5d0c7c7e-1111-4222-8333-944444444444');
    renderEditor();
    const editor = await editorOf();
    await waitFor(() => expect(editor.getText({ blockSeparator: '\n' })).toBe(essay));
    const [, second] = paragraphsOf(editor.state.doc);
    act(() => void editor.commands.setTextSelection({ from: second!.pos, to: second!.pos + second!.text.length }));
    expect(screen.getByText('The tools run on the selected text.')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('toolbar', { name: 'Tools' })).getByRole('button', { name: 'Rewrite' }));
    await screen.findByText('Sleep matters a great deal.');
    expect(toolsApi.createToolOrder).toHaveBeenCalledWith(10, 'It is important to note that sleep matters a lot.', { mode: 'standard', strength: 3, frozen: [] });
    expect(rewriterApi.fetchRewrite).toHaveBeenCalledWith('IWED1');
    // Nothing changes until the user accepts.
    expect(editor.getText({ blockSeparator: '\n' })).toBe(essay);
    fireEvent.click(screen.getByRole('button', { name: 'Replace the selection' }));
    expect(editor.getText({ blockSeparator: '\n' })).toBe('Phones keep students awake at night.\nSleep matters a great deal.');
    expect(screen.getByText('The result is in your document. Undo with Ctrl+Z.')).toBeTruthy();
  });

  it('[TOOL-06] a result whose text was edited meanwhile is not put in blindly', async () => {
    $user.set({ ...emptyUser, isLoginUser: true, accessToken: 'token', userInfo: { membershipLevel: 0 } });
    history.replaceState(null, '', '/en/ai-editor?doc=5d0c7c7e-1111-4222-8333-944444444444');
    renderEditor('de');
    const editor = await editorOf();
    await waitFor(() => expect(editor.getText({ blockSeparator: '\n' })).toBe(essay));
    fireEvent.click(screen.getByRole('button', { name: 'Umschreiben' }));
    await screen.findByText('Sleep matters a great deal.');
    expect(toolsApi.createToolOrder).toHaveBeenCalledWith(10, essay, expect.anything());
    act(() => void editor.commands.insertContentAt(3, 'X'));
    fireEvent.click(screen.getByRole('button', { name: 'Text ersetzen' }));
    expect(await screen.findByText(/Der Text hat sich seit dem Lauf geändert/)).toBeTruthy();
    expect(editor.getText({ blockSeparator: '\n' })).toContain('PhXones');
  });

  it('[TOOL-06] grammar suggestions are underlined and counted; the fix is applied from the popover by keyboard, ignore hides one', async () => {
    $user.set({ ...emptyUser, isLoginUser: true, accessToken: 'token', userInfo: { membershipLevel: 0 } });
    renderEditor();
    const editor = await editorOf();
    // The browser's spell check helps until harper answers, then steps aside.
    expect(document.querySelector('.ProseMirror')!.getAttribute('spellcheck')).toBe('true');
    act(() => void editor.commands.setContent('<p>It is realy late.</p><p>We are realy tired.</p>'));
    act(() => void editor.commands.insertContentAt(1, ''));
    await waitFor(() => expect(document.querySelectorAll('.ed-lint')).toHaveLength(2), { timeout: 10_000 });
    expect(screen.getByText('Suggestions: 2')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.ProseMirror')!.getAttribute('spellcheck')).toBe('false'));
    const list = screen.getByRole('list', { name: 'Suggestions' });
    fireEvent.click(within(list).getAllByRole('button')[0]!);
    const popover = await screen.findByRole('group', { name: 'Suggestion for “realy”' });
    await waitFor(() => expect(document.activeElement).toBe(within(popover).getByRole('button', { name: 'Replace with “really”' })));
    fireEvent.click(within(popover).getByRole('button', { name: 'Replace with “really”' }));
    expect(editor.getText({ blockSeparator: '\n' })).toBe('It is really late.\nWe are realy tired.');
    await waitFor(() => expect(screen.getByText('Suggestions: 1')).toBeTruthy());
    expect(document.querySelector('.ProseMirror')!.getAttribute('spellcheck')).toBe('false');
    // Escape closes a popover opened from the list and gives the focus back to the suggestion that opened it.
    const opener = within(screen.getByRole('list', { name: 'Suggestions' })).getAllByRole('button')[0]!;
    opener.focus();
    fireEvent.click(opener);
    const reopened = await screen.findByRole('group', { name: 'Suggestion for “realy”' });
    await waitFor(() => expect(reopened.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Suggestion for “realy”' })).toBeNull());
    expect(document.activeElement).toBe(opener);
    fireEvent.click(opener);
    fireEvent.click(within(await screen.findByRole('group', { name: 'Suggestion for “realy”' })).getByRole('button', { name: 'Ignore' }));
    await waitFor(() => expect(document.querySelectorAll('.ed-lint')).toHaveLength(0));
    expect(screen.getByText('No suggestions.')).toBeTruthy();
  });

  it('[TOOL-06] a visitor’s draft comes back from this browser, a note asks to sign in, and nothing is sent to the server', async () => {
    $localDraft.set({ text: 'A draft from before.', savedAt: Date.now() });
    renderEditor();
    const editor = await editorOf();
    await waitFor(() => expect(editor.getText()).toBe('A draft from before.'));
    expect(screen.getByText('Your draft is kept in this browser only. Sign in to save it to your history.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to save' }).getAttribute('href')).toBe('/en/login?cb=%2Fen%2Fai-editor');
    expect(editorApi.saveDocument).not.toHaveBeenCalled();
  });

  it('[TOOL-06] Detect AI marks the likely-AI sentences in the document and says how much; clearing removes the marks', async () => {
    $user.set({ ...emptyUser, isLoginUser: true, accessToken: 'token', userInfo: { membershipLevel: 0 } });
    history.replaceState(null, '', '/en/ai-editor?doc=5d0c7c7e-1111-4222-8333-944444444444');
    const flagged = 'It is important to note that sleep matters a lot.';
    vi.mocked(toolsApi.fetchDetection).mockResolvedValueOnce({
      orderNo: 'IWED1',
      status: 50,
      data: { text: essay, qualifies: true, reason: null, probability: 0.7, aiPercent: 58, isAi: true, wordCount: 16, qualifyingWordCount: 16, counts: { likelyAi: 1, possiblyAi: 0, human: 1 } as never, modelVersion: 't', sentences: [
        { start: 0, end: 36, score: 0.1, qualifies: true },
        { start: 37, end: 37 + flagged.length, score: 0.93, qualifies: true },
      ] },
    });
    renderEditor();
    const editor = await editorOf();
    await waitFor(() => expect(editor.getText({ blockSeparator: '\n' })).toBe(essay));
    fireEvent.click(screen.getByRole('button', { name: 'Detect AI' }));
    await screen.findByText('58% of the text is likely AI-generated.');
    expect(toolsApi.createToolOrder).toHaveBeenCalledWith(8, essay, {});
    expect(screen.getByText('Sentences highlighted: 1.')).toBeTruthy();
    await waitFor(() => expect([...document.querySelectorAll('.ed-ai')].map((e) => e.textContent).join('')).toBe(flagged));
    // The marks are decorations: the saved text has none.
    expect(editor.getText({ blockSeparator: '\n' })).toBe(essay);
    fireEvent.click(screen.getByRole('button', { name: 'Clear the highlights' }));
    await waitFor(() => expect(document.querySelectorAll('.ed-ai')).toHaveLength(0));
  });

  it('[TOOL-06] Check references shows a card per reference in the side panel', async () => {
    $user.set({ ...emptyUser, isLoginUser: true, accessToken: 'token', userInfo: { membershipLevel: 0 } });
    history.replaceState(null, '', '/en/ai-editor?doc=5d0c7c7e-1111-4222-8333-944444444444');
    const entry = { index: 0, text: 'Okafor, B. (2023). Midnight revision habits.', style: 'apa', fields: { authors: ['Okafor, B.'], year: 2023, title: 'Midnight revision habits', container: null, volume: null, issue: null, pages: null, doi: null, url: null, isbn: null, publisher: null }, kind: 'article', issues: [], verdict: 'notFound', similarity: null, evidence: null, conflicts: [], citedBy: 0 };
    vi.mocked(toolsApi.fetchReferenceCheck).mockResolvedValueOnce({
      orderNo: 'IWED1', status: 50, source: essay,
      data: { format: 'text', listFound: 'whole', style: 'apa', entries: [entry], citations: [], citationIssues: [], online: 'checked', counts: { verified: 0, conflict: 0, notFound: 1, retracted: 0, unchecked: 0 }, engine: 't' } as never,
    });
    renderEditor();
    const editor = await editorOf();
    await waitFor(() => expect(editor.getText({ blockSeparator: '\n' })).toBe(essay));
    fireEvent.click(screen.getByRole('button', { name: 'Check references' }));
    expect(await screen.findByText('Check references: result')).toBeTruthy();
    expect(toolsApi.createToolOrder).toHaveBeenCalledWith(6, essay, {});
    expect(screen.getAllByText(/Midnight revision habits/).length).toBeGreaterThan(0);
  });
  it('[HUM-23] [TOOL-06] the network failing while a paid tool run is polled says the run goes on and links the history', async () => {
    $user.set({ ...emptyUser, isLoginUser: true, accessToken: 'token', userInfo: { membershipLevel: 0 } });
    history.replaceState(null, '', '/de/ai-editor?doc=5d0c7c7e-1111-4222-8333-944444444444');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(toolsApi.fetchReferenceCheck).mockRejectedValueOnce(new ApiError('Wir erreichen den Server nicht.', 2));
    renderEditor('de');
    const editor = await editorOf();
    await waitFor(() => expect(editor.getText({ blockSeparator: '\n' })).toBe(essay));
    fireEvent.click(screen.getByRole('button', { name: translate('de', 'editor.tool.references') }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wir erreichen den Server nicht.');
    expect(screen.getByText(translate('de', 'tool.runContinues'))).toBeTruthy();
    expect(screen.getByRole('link', { name: translate('de', 'tool.openHistory') }).getAttribute('href')).toBe('/de/history');
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it('[TOOL-06] two tabs: a save refused as stale says the document changed elsewhere; "load the newer version" shows it and undo brings the user’s text back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    $user.set({ ...emptyUser, isLoginUser: true, accessToken: 'token', userInfo: { membershipLevel: 0 } });
    const docId = '5d0c7c7e-1111-4222-8333-944444444444';
    history.replaceState(null, '', `/en/ai-editor?doc=${docId}`);
    const conflictMessage = 'This document was changed in another tab or window. Nothing was saved here.';
    vi.mocked(editorApi.saveDocument).mockRejectedValueOnce(new ApiError(conflictMessage, 409, { code: 409, message: conflictMessage, data: { revision: 4 } }));
    renderEditor();
    const editor = await editorOf();
    await waitFor(() => expect(editor.getText({ blockSeparator: '\n' })).toBe(essay));
    act(() => void editor.commands.insertContentAt(editor.state.doc.content.size - 1, ' Mine.'));
    await act(async () => void vi.advanceTimersByTime(1600));
    // The save said which revision it was based on (the opened one, 3).
    expect(editorApi.saveDocument).toHaveBeenCalledWith({ id: docId, revision: 3, text: `${essay} Mine.` });
    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText(conflictMessage)).toBeTruthy();
    expect(document.querySelector('[data-save-state]')!.textContent).toBe(conflictMessage);
    // Nothing is lost: the user's text is still in the editor until they choose.
    expect(editor.getText({ blockSeparator: '\n' })).toBe(`${essay} Mine.`);
    vi.mocked(editorApi.fetchDocument).mockResolvedValueOnce({ id: docId, title: 'Tab A', text: 'Tab A wrote this.', wordCount: 4, revision: 4, updatedAt: '2026-11-24T05:00:00.000Z' });
    fireEvent.click(within(banner).getByRole('button', { name: 'Load the newer version' }));
    await waitFor(() => expect(editor.getText({ blockSeparator: '\n' })).toBe('Tab A wrote this.'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect($document.get()).toEqual({ id: docId, revision: 4 });
    expect(document.querySelector('[data-save-state]')!.textContent).toBe('Saved');
    act(() => void editor.commands.undo());
    expect(editor.getText({ blockSeparator: '\n' })).toBe(`${essay} Mine.`);
    // Saved again on top of the newer revision.
    await act(async () => void vi.advanceTimersByTime(1600));
    await waitFor(() => expect(editorApi.saveDocument).toHaveBeenLastCalledWith({ id: docId, revision: 4, text: `${essay} Mine.` }));
    vi.useRealTimers();
  });

  it('[TOOL-06] two tabs: "keep mine" saves the user’s text as a new document and leaves the other tab’s version alone', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    $user.set({ ...emptyUser, isLoginUser: true, accessToken: 'token', userInfo: { membershipLevel: 0 } });
    const docId = '5d0c7c7e-2222-4222-8333-944444444444';
    history.replaceState(null, '', `/en/ai-editor?doc=${docId}`);
    vi.mocked(editorApi.saveDocument)
      .mockRejectedValueOnce(new ApiError('changed elsewhere', 409, { code: 409, message: 'changed elsewhere', data: { revision: 7 } }))
      .mockResolvedValueOnce({ id: '5d0c7c7e-3333-4222-8333-944444444444', revision: 1, updatedAt: '2026-11-24T05:00:00.000Z', title: 'Phones' });
    renderEditor('de');
    const editor = await editorOf();
    await waitFor(() => expect(editor.getText({ blockSeparator: '\n' })).toBe(essay));
    act(() => void editor.commands.insertContentAt(editor.state.doc.content.size - 1, ' Meins.'));
    await act(async () => void vi.advanceTimersByTime(1600));
    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText(/Dieses Dokument wurde in einem anderen Tab oder Fenster geändert/)).toBeTruthy();
    fireEvent.click(within(banner).getByRole('button', { name: 'Meinen Text behalten (als Kopie speichern)' }));
    await waitFor(() => expect(editorApi.saveDocument).toHaveBeenLastCalledWith({ text: `${essay} Meins.` }));
    await waitFor(() => expect(location.search).toBe('?doc=5d0c7c7e-3333-4222-8333-944444444444'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(editor.getText({ blockSeparator: '\n' })).toBe(`${essay} Meins.`);
    expect(editorApi.saveDocument).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });

  it.each([
    ['en', '1,200 words', '1,200 words · '],
    ['de', '1.200 Wörter', '1.200 Wörter · '],
  ] as const)('[TOOL-06] [SITE-19] %s: word counts are written as the language writes numbers, and a document\'s date is isolated left to right', async (locale, count, meta) => {
    $user.set({ ...emptyUser, isLoginUser: true, accessToken: 'token', userInfo: { membershipLevel: 0 } });
    vi.mocked(editorApi.listDocuments).mockResolvedValueOnce({ list: [{ id: '5d0c7c7e-0000-4222-8333-000000000001', title: 'Long essay', wordCount: 1200, revision: 1, updatedAt: '2026-11-24T04:00:00.000Z' }], total: 1 });
    renderEditor(locale);
    const editor = await editorOf();
    // Opened without ?doc=, the editor goes on with the latest document (here the mock's text), then this text replaces it.
    await waitFor(() => expect(editor.getText({ blockSeparator: '\n' })).toBe(essay));
    act(() => void editor.commands.setContent('word '.repeat(1200)));
    expect(document.querySelector('[data-words]')!.textContent).toBe(count);
    const docs = () => document.querySelector('[data-documents]') as HTMLElement;
    await waitFor(() => expect(within(docs()).getAllByRole('link')).toHaveLength(1));
    // After Arabic words an unisolated "2026-11-24" is drawn "24-11-2026".
    expect(docs().textContent).toMatch(new RegExp(`${meta}\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}`));
  });

  it('[TOOL-06] a document is deleted from the list after a keyboard-usable confirmation; "show more" adds the next ten', async () => {
    $user.set({ ...emptyUser, isLoginUser: true, accessToken: 'token', userInfo: { membershipLevel: 0 } });
    const item = (n: number) => ({ id: `5d0c7c7e-0000-4222-8333-${String(n).padStart(12, '0')}`, title: `Essay ${n}`, wordCount: n, revision: 1, updatedAt: '2026-11-24T04:00:00.000Z' });
    vi.mocked(editorApi.listDocuments)
      .mockResolvedValueOnce({ list: Array.from({ length: 10 }, (_, i) => item(i + 1)), total: 12 })
      .mockResolvedValueOnce({ list: [item(11), item(12)], total: 12 });
    renderEditor();
    const docs = () => document.querySelector('[data-documents]') as HTMLElement;
    await waitFor(() => expect(within(docs()).getAllByRole('link')).toHaveLength(10));
    fireEvent.click(within(docs()).getByRole('button', { name: 'Show more documents' }));
    await waitFor(() => expect(within(docs()).getAllByRole('link')).toHaveLength(12));
    expect(editorApi.listDocuments).toHaveBeenLastCalledWith(2, 10);
    expect(within(docs()).queryByRole('button', { name: 'Show more documents' })).toBeNull();

    fireEvent.click(within(docs()).getByRole('button', { name: 'Delete Essay 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this document?' });
    expect(within(dialog).getByText('“Essay 2” will be removed from your documents.')).toBeTruthy();
    // The safe choice has the focus; Escape is "no" and nothing is deleted.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep it' })));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(editorApi.deleteDocument).not.toHaveBeenCalled();
    fireEvent.click(within(docs()).getByRole('button', { name: 'Delete Essay 2' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete this document?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(docs()).getAllByRole('link')).toHaveLength(11));
    expect(editorApi.deleteDocument).toHaveBeenCalledWith(item(2).id);
    expect(within(docs()).queryByText('Essay 2')).toBeNull();
  });

  it('[TOOL-06] the grammar popover follows its word when the editor scrolls, and closes once the word has scrolled out of view', async () => {
    $user.set({ ...emptyUser, isLoginUser: true, accessToken: 'token', userInfo: { membershipLevel: 0 } });
    renderEditor();
    const editor = await editorOf();
    act(() => void editor.commands.setContent('<p>It is realy late.</p>'));
    act(() => void editor.commands.insertContentAt(1, ''));
    await waitFor(() => expect(document.querySelectorAll('.ed-lint')).toHaveLength(1), { timeout: 10_000 });
    // Layout is the browser's: here the word's place and the editor's box are given.
    const frame = document.querySelector('[data-source]') as HTMLElement;
    let wordTop = 100;
    vi.spyOn(frame, 'getBoundingClientRect').mockReturnValue({ top: 50, bottom: 498, left: 10, right: 600, height: 448, width: 590, x: 10, y: 50, toJSON: () => ({}) });
    vi.spyOn(editor.view, 'coordsAtPos').mockImplementation(() => ({ top: wordTop, bottom: wordTop + 20, left: 40, right: 80 }));
    fireEvent.click(within(screen.getByRole('list', { name: 'Suggestions' })).getAllByRole('button')[0]!);
    const popover = await screen.findByRole('group', { name: 'Suggestion for “realy”' });
    await waitFor(() => expect(popover.style.top).toBe('74px'));
    // Scrolled by 30 px: the word moved up, the popover stays under it.
    frame.scrollTop = 30;
    wordTop = 70;
    fireEvent.scroll(frame);
    await waitFor(() => expect(popover.style.top).toBe('74px'));
    wordTop = 300;
    fireEvent(window, new Event('resize'));
    await waitFor(() => expect(popover.style.top).toBe(`${300 + 20 - 50 + 30 + 4}px`));
    // Scrolled far enough that the word is above the editor's view: the popover closes.
    wordTop = -40;
    fireEvent.scroll(frame);
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Suggestion for “realy”' })).toBeNull());
    vi.restoreAllMocks();
  });
});
