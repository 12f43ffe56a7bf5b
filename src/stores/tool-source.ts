/**
 * The source side both tool editors share (spec §2, §4, §5, §8): the text, the
 * sample, paste and upload actions, the upload item, the word count, the draft
 * kept for sign-up, the read-only state and the quote's error line. Plain
 * stores and actions: the island renders them, the editor reports its text
 * with `editorChanged`, and follows `$load` when the store puts text in.
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import { humanizerLimits, textToDoc, uploadKindOf, type Doc } from '../domain/humanizer.ts';
import { countWords } from '../domain/word-count.ts';
import { preloadLanguageCheck } from '../lib/language-check.ts';
import type { UploadItem } from '../lib/upload.ts';
import { recentDraft, saveDraft, clearDraft, type DraftTool } from './draft.ts';
import type { AreaKey } from '../i18n/island-messages.ts';

/** A translator over the keys of `areas` (the island's messages). */
export type AreaT<P extends string> = (key: AreaKey<P>, params?: Record<string, string | number>) => string;

/** What the upload endpoint answers (spec §7 uploadFileAndParse). */
export type ParseResponse = { code: string | number; content?: string; wordCount?: number; errorMsg?: string };

/** An upload in flight, as the upload item shows it. */
export interface UploadHandle {
  abort(): void;
  retry(): void;
}

/** What the source needs from the browser and the app (injected, so tests run without a DOM). */
export interface SourceDeps {
  /** Translated text of one of the island's keys. */
  t: AreaT<'humanizer.' | 'upload.'>;
  toast: (message: string, kind?: 'error' | 'success' | 'info' | 'warning') => void;
  loggedIn: () => boolean;
  redirectToSignup: () => void;
  /** Reads the clipboard; undefined when the browser has no clipboard API. */
  readClipboard: () => Promise<string> | undefined;
  /** Starts the upload of `file` (spec §7); reports every change of its item. */
  upload: (file: File, onChange: (item: UploadItem<ParseResponse>) => void) => UploadHandle;
  /** Keeps a file chosen by a visitor for after sign-up; answers false when it cannot. */
  keepFile?: (tool: DraftTool, file: File) => Promise<boolean>;
  /** Takes back a file kept for after sign-up. */
  takeFile?: (tool: DraftTool) => Promise<File | undefined>;
  setTimeout: (fn: () => void, ms: number) => unknown;
}

/** A request to the editor to show new content. `focus` puts the caret at the end. */
export interface SourceLoad {
  doc: Doc;
  seq: number;
  focus: boolean;
}

export type ToolSource = ReturnType<typeof createToolSource>;

export function createToolSource(tool: DraftTool, sampleText: string, deps: SourceDeps) {
  const $text = atom('');
  const $load = atom<SourceLoad | null>(null);
  const $fileName = atom<string | null>(null);
  const $upload = atom<Pick<UploadItem, 'uid' | 'name' | 'status' | 'percent'> | null>(null);
  const $readOnly = atom(false);
  const $quoteError = atom<string | undefined>(undefined);
  const $words = computed($text, (text) => countWords(text));
  const $isEmpty = computed($text, (text) => text.trim() === '');
  const $isSample = computed($text, (text) => sampleText !== '' && text.trim() === sampleText.trim());
  let seq = 0;
  let fileText: string | null = null;
  let handle: UploadHandle | undefined;
  let aborted = false;
  /** Whether the text may be kept as a draft (never a finished result's text). */
  let keepDrafts = true;

  function remember() {
    if (keepDrafts && !$readOnly.get() && !$isSample.get()) saveDraft(tool, $text.get(), $fileName.get());
  }

  /** The editor's text changed (typing, or a load reaching it). */
  function editorChanged(text: string) {
    if (text === $text.get()) return;
    $text.set(text);
    if (text.trim()) void preloadLanguageCheck();
    if (fileText !== null && text !== fileText) {
      fileText = null;
      $fileName.set(null);
    }
    remember();
  }

  /** Puts `doc` into the editor; the text is known at once, before the editor has even loaded. */
  function setDoc(doc: Doc, focus = false) {
    seq += 1;
    $load.set({ doc, seq, focus });
    editorChanged(doc.content.map((p) => (p.content ?? []).map((t) => t.text).join('')).join('\n'));
  }

  const setText = (text: string, focus = false) => setDoc(textToDoc(text), focus);

  function loadSample() {
    if ($readOnly.get()) return;
    setText(sampleText, true);
  }

  async function paste() {
    if ($readOnly.get()) return;
    const reading = deps.readClipboard();
    if (!reading) {
      deps.toast(deps.t('humanizer.clipboardUnsupported'), 'warning');
      return;
    }
    try {
      const value = await reading;
      if (value.trim()) setText(value, true);
    } catch {
      deps.toast(deps.t('humanizer.clipboardDenied'), 'warning');
    }
  }

  function upload(file: File) {
    if ($readOnly.get()) return;
    if (!uploadKindOf(file.name, file.type)) {
      deps.toast(deps.t('upload.error.type'), 'warning');
      return;
    }
    if (file.size > humanizerLimits.uploadMaxBytes) {
      deps.toast(deps.t('upload.error.tooLarge'), 'warning');
      return;
    }
    if (!deps.loggedIn()) {
      // A visitor's file waits for them across sign-up (issue 11), where the browser can keep it.
      const keeping = deps.keepFile ? deps.keepFile(tool, file).catch(() => false) : Promise.resolve(false);
      void keeping.then(() => deps.redirectToSignup());
      return;
    }
    handle?.abort();
    aborted = false;
    handle = deps.upload(file, (item) => {
      $upload.set({ uid: item.uid, name: item.name, status: item.status, percent: item.percent });
      if (item.status === 'done' && item.response?.content) {
        setText(item.response.content);
        fileText = $text.get();
        $fileName.set(item.name);
        remember();
        deps.toast(deps.t('upload.success'), 'success');
        deps.setTimeout(() => {
          if ($upload.get()?.uid === item.uid && $upload.get()?.status === 'done') $upload.set(null);
        }, 3000);
      }
      // Spec §8: a cancelled upload is silent.
      if (item.status === 'error' && !aborted) deps.toast(item.response?.errorMsg ?? deps.t('upload.error.failed'));
      if (item.status !== 'uploading') aborted = false;
    });
  }

  function abortUpload() {
    aborted = true;
    handle?.abort();
  }

  function retryUpload() {
    aborted = false;
    handle?.retry();
  }

  function clear() {
    if ($readOnly.get()) return;
    setText('', true);
  }

  function setReadOnly(on: boolean) {
    $readOnly.set(on);
    if (on) keepDrafts = false;
  }

  /** Brings back the visitor's text (and file) from before sign-up; answers whether there was one. */
  async function restoreDraft(): Promise<boolean> {
    const draft = recentDraft(tool);
    if (draft) {
      setText(draft.text);
      if (draft.fileName) {
        fileText = $text.get();
        $fileName.set(draft.fileName);
      }
    }
    const file = deps.loggedIn() && deps.takeFile ? await deps.takeFile(tool).catch(() => undefined) : undefined;
    if (file) upload(file);
    return Boolean(draft || file);
  }

  /** The text went into a paid run: the draft has done its job. */
  function forgetDraft() {
    clearDraft(tool);
  }

  return {
    $text: $text as ReadableAtom<string>,
    $load: $load as ReadableAtom<SourceLoad | null>,
    $fileName: $fileName as ReadableAtom<string | null>,
    $upload: $upload as ReadableAtom<Pick<UploadItem, 'uid' | 'name' | 'status' | 'percent'> | null>,
    $readOnly: $readOnly as ReadableAtom<boolean>,
    $quoteError,
    $words,
    $isEmpty,
    $isSample,
    sampleText,
    editorChanged,
    setDoc,
    setText,
    loadSample,
    paste,
    upload,
    abortUpload,
    retryUpload,
    clear,
    setReadOnly,
    restoreDraft,
    forgetDraft,
  };
}
