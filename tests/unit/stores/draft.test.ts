import { beforeEach, describe, expect, it } from 'vitest';
import { $drafts, clearDraft, draftMaxAgeMs, recentDraft, saveDraft } from '../../../src/stores/draft.ts';

describe('drafts (a visitor’s text survives sign-up)', () => {
  beforeEach(() => $drafts.set({}));

  it('keeps a tool’s text with its file name and brings it back while recent', () => {
    saveDraft('humanizer', 'My essay about rivers.', 'essay.pdf', 1_000);
    expect(recentDraft('humanizer', 2_000)).toEqual({ text: 'My essay about rivers.', fileName: 'essay.pdf', savedAt: 1_000 });
    expect(recentDraft('detector', 2_000)).toBeUndefined();
  });

  it('drops a draft older than a day, an empty text, and a cleared one', () => {
    saveDraft('humanizer', 'Old text', null, 0);
    expect(recentDraft('humanizer', draftMaxAgeMs + 1)).toBeUndefined();
    saveDraft('detector', 'Checked text', null, 5);
    saveDraft('detector', '   ', null, 6);
    expect($drafts.get().detector).toBeUndefined();
    saveDraft('humanizer', 'Again', null, 10);
    clearDraft('humanizer');
    expect($drafts.get()).toEqual({});
  });
});
