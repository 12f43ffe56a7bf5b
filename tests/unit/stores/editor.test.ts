import { getSchema } from '@tiptap/core';
import Document from '@tiptap/extension-document';
import Paragraph from '@tiptap/extension-paragraph';
import Text from '@tiptap/extension-text';
import { EditorState, TextSelection } from '@tiptap/pm/state';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/lib/api/client.ts';
import { textToDoc } from '../../../src/domain/humanizer.ts';
import { docText, locateTarget, paragraphsOf, posAtOffset, selectionOf, sentenceRanges } from '../../../src/islands/EssayEditor/document.ts';
import { createAutosave, flaggedSentences, targetOf } from '../../../src/stores/editor.ts';

/** Timers the test moves by hand. */
function manualTimers() {
  let now = 0;
  const queue: { at: number; fn: () => void; id: number }[] = [];
  let ids = 0;
  return {
    timers: {
      setTimeout: (fn: () => void, ms: number) => {
        const id = ++ids;
        queue.push({ at: now + ms, fn, id });
        return id;
      },
      clearTimeout: (id: unknown) => {
        const i = queue.findIndex((q) => q.id === id);
        if (i >= 0) queue.splice(i, 1);
      },
    },
    async advance(ms: number) {
      now += ms;
      for (;;) {
        queue.sort((a, b) => a.at - b.at);
        const next = queue[0];
        if (!next || next.at > now) break;
        queue.shift();
        next.fn();
        await new Promise((r) => setImmediate(r));
      }
    },
  };
}
const limits = { autosaveDebounceMs: 1000, retryMs: 2000, retryMaxMs: 8000 };

describe('essay editor autosave', () => {
  it('[TOOL-06] waits for typing to pause, then saves the last text once', async () => {
    const { timers, advance } = manualTimers();
    const save = vi.fn(async (_text: string) => undefined);
    const autosave = createAutosave(save, timers, limits);
    autosave.changed('A');
    await advance(500);
    autosave.changed('AB');
    await advance(500);
    autosave.changed('ABC');
    expect(autosave.$state.get()).toBe('saving');
    await advance(999);
    expect(save).not.toHaveBeenCalled();
    await advance(1);
    expect(save.mock.calls).toEqual([['ABC']]);
    expect(autosave.$state.get()).toBe('saved');
    // Typing back to the saved text saves nothing.
    autosave.changed('ABC');
    await advance(5000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('[TOOL-06] says "offline" and retries with a growing delay until a save succeeds, keeping the newest text', async () => {
    const { timers, advance } = manualTimers();
    let online = false;
    let failed = 0;
    const save = vi.fn(async (_text: string) => {
      if (!online) {
        failed += 1;
        throw new TypeError('Failed to fetch');
      }
    });
    // Each failed save is logged (the product's real diagnostic): checked here rather than printed into the run.
    const log = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const autosave = createAutosave(save, timers, limits);
    autosave.changed('draft 1');
    await advance(1000);
    expect(autosave.$state.get()).toBe('offline');
    await advance(2000);
    expect(save).toHaveBeenCalledTimes(2);
    autosave.changed('draft 2');
    expect(autosave.$state.get()).toBe('offline');
    await advance(1000);
    expect(save.mock.calls.at(-1)).toEqual(['draft 2']);
    online = true;
    await advance(8000);
    expect(save.mock.calls.at(-1)).toEqual(['draft 2']);
    expect(autosave.$state.get()).toBe('saved');
    expect(failed).toBeGreaterThan(1);
    expect(log.mock.calls.length).toBe(failed);
    expect(log.mock.calls.every(([what, error]) => what === 'autosave failed, will retry' && error instanceof TypeError)).toBe(true);
    log.mockRestore();
  });

  it('[TOOL-06] a refused save (the server’s message) is shown and not retried until the text changes', async () => {
    const { timers, advance } = manualTimers();
    const save = vi.fn(async (_text: string) => {
      throw new ApiError('A document holds at most 100,000 characters.', 1);
    });
    const autosave = createAutosave(save, timers, limits);
    autosave.changed('x'.repeat(10));
    await advance(1000);
    expect(autosave.$state.get()).toBe('refused');
    expect(autosave.$refusal.get()).toBe('A document holds at most 100,000 characters.');
    await advance(60_000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('[TOOL-06] a change made while a save is in flight is saved right after it', async () => {
    const { timers, advance } = manualTimers();
    let release: () => void = () => {};
    const save = vi.fn((text: string) => (text === 'one' ? new Promise<void>((r) => (release = r)) : Promise.resolve()));
    const autosave = createAutosave(save, timers, limits);
    autosave.changed('one');
    await advance(1000);
    autosave.changed('two');
    await advance(1000);
    expect(save).toHaveBeenCalledTimes(1);
    release();
    await new Promise((r) => setImmediate(r));
    await advance(0);
    expect(save.mock.calls).toEqual([['one'], ['two']]);
    expect(autosave.$state.get()).toBe('saved');
  });
});

describe('essay editor document logic', () => {
  const schema = getSchema([Document, Paragraph, Text]);
  const stateOf = (text: string) => EditorState.create({ schema, doc: schema.nodeFromJSON(textToDoc(text)) });

  it('[TOOL-06] a tool gets the selection when there is one, else the whole text, paragraphs as lines', () => {
    const state = stateOf('First paragraph here.\nSecond one follows.');
    expect(docText(state.doc)).toBe('First paragraph here.\nSecond one follows.');
    expect(targetOf({ text: docText(state.doc), size: state.doc.content.size }, selectionOf(state))).toMatchObject({ whole: true, text: 'First paragraph here.\nSecond one follows.' });
    const [p1, p2] = paragraphsOf(state.doc);
    const selected = state.apply(state.tr.setSelection(TextSelection.create(state.doc, p1!.pos + 6, p2!.pos + 6)));
    const target = targetOf({ text: docText(selected.doc), size: selected.doc.content.size }, selectionOf(selected));
    expect(target).toMatchObject({ whole: false, text: 'paragraph here.\nSecond' });
  });

  it('[TOOL-06] a result goes back where its text still is (moved by typing above it), and nowhere once that text was edited', () => {
    const state = stateOf('Intro line.\nThe target sentence stays.');
    const [, p2] = paragraphsOf(state.doc);
    const target = { from: p2!.pos, to: p2!.pos + 'The target'.length, text: 'The target', whole: false };
    expect(locateTarget(state.doc, target)).toEqual({ from: target.from, to: target.to });
    const typedAbove = state.apply(state.tr.insertText('New words. ', 1));
    const moved = locateTarget(typedAbove.doc, target)!;
    expect(typedAbove.doc.textBetween(moved.from, moved.to)).toBe('The target');
    const edited = state.apply(state.tr.insertText('X', p2!.pos + 4));
    expect(locateTarget(edited.doc, target)).toBeNull();
    expect(locateTarget(edited.doc, { ...target, whole: true, text: docText(state.doc) })).toBeNull();
  });

  it('[TOOL-06] flagged sentences are found in the document; under 20 % none are marked (Turnitin’s rule)', () => {
    const text = 'Human sentence one. Machine sentence two.';
    const sentences = [
      { start: 0, end: 19, score: 0.1, qualifies: true },
      { start: 20, end: 41, score: 0.9, qualifies: true },
    ];
    expect(flaggedSentences(text, sentences, 10)).toEqual([]);
    const flagged = flaggedSentences(text, sentences, 55);
    expect(flagged).toEqual([{ text: 'Machine sentence two.', score: 0.9 }]);
    const state = stateOf(`Intro.\n${text}`);
    const [range] = sentenceRanges(state.doc, { from: 0, to: state.doc.content.size }, flagged);
    expect(state.doc.textBetween(range!.from, range!.to)).toBe('Machine sentence two.');
    expect(posAtOffset(paragraphsOf(state.doc), 7)).toBe(paragraphsOf(state.doc)[1]!.pos);
  });
});

describe('essay editor documents', () => {
  it('[TOOL-06] a save still on its way when the user starts a new document updates the old one and never claims the new one', async () => {
    const editorApi = await import('../../../src/lib/api/editor.ts');
    const user = await import('../../../src/stores/user.ts');
    const store = await import('../../../src/stores/editor.ts');
    user.$user.set({ ...user.emptyUser, isLoginUser: true, accessToken: 'token', userInfo: { membershipLevel: 0 } });
    vi.spyOn(user, 'ensureFreshToken').mockResolvedValue(undefined);
    let answer: (value: { id: string; revision: number; updatedAt: string; title: string }) => void = () => {};
    const save = vi.spyOn(editorApi, 'saveDocument').mockImplementation(() => new Promise((r) => (answer = r)));
    store.$document.set({ id: 'old-doc', revision: 4 });
    const saving = store.saveText('last words of the old essay');
    store.newDocument();
    await new Promise((r) => setImmediate(r));
    answer({ id: 'old-doc', revision: 5, updatedAt: '2026-11-24T04:00:00.000Z', title: 'Old' });
    await saving;
    expect(save).toHaveBeenCalledWith({ id: 'old-doc', revision: 4, text: 'last words of the old essay' });
    expect(store.$document.get()).toEqual({ id: null, revision: 0 });
    vi.restoreAllMocks();
  });
});
