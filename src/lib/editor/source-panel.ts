/**
 * The source side shared by the tools (SourcePanel.astro): the editor, the
 * sample, paste and upload actions, dropped files, the word count and the
 * quote's error line (spec §2, §4 upload statuses, §5, §8 upload messages).
 */
import type { Editor } from '@tiptap/core';
import { humanizerLimits, textToDoc, uploadKindOf, type Doc } from '../../domain/humanizer.ts';
import { endpoints } from '../../domain/endpoints/paths.ts';
import { countWords } from '../../domain/word-count.ts';
import { $user, ensureFreshToken } from '../../stores/user.ts';
import { showToast } from '../../stores/toast.ts';
import { apiBase } from '../api/base.ts';
import { q } from '../dom.ts';
import { pageMessage } from '../page-messages.ts';
import { redirectToSignup } from '../session.ts';
import { createUpload, withinLimit, type Upload } from '../upload.ts';
import type { PendingAction } from './schedule.ts';
import { setDoc, sourceEditor } from './tiptap.ts';

const uploadIdKey = 'uploadId';
type ParseResponse = { code: string | number; content?: string; wordCount?: number; errorMsg?: string };

export interface SourcePanel {
  editor: Editor;
  text(): string;
  setText(value: string): void;
  setDoc(doc: Doc): void;
  setReadOnly(on: boolean): void;
  /** The word count against the plan's limit (red above it). */
  renderCount(limit: number): void;
  showQuoteError(message?: string): void;
  /** The name of the last uploaded file, while its text is unchanged. */
  fileName(): string | null;
  /** Replays an action clicked before the editor loaded. */
  replay(action: PendingAction): void;
}


/** The upload id kept for the tab (spec §7 uploadFileAndParse: from session storage). */
function uploadId(): string {
  let id = sessionStorage.getItem(uploadIdKey);
  if (!id) {
    id = crypto.randomUUID();
    sessionStorage.setItem(uploadIdKey, id);
  }
  return id;
}

export function bindSourcePanel(root: HTMLElement, options: { sampleText: string; onChange: (text: string) => void; loggedIn: () => boolean }): SourcePanel {
  const el = {
    source: q(root, '[data-source]'),
    empty: q(root, '[data-empty-actions]'),
    clear: q<HTMLButtonElement>(root, '[data-clear]'),
    words: q(root, '[data-word-count]'),
    quoteError: q(root, '[data-quote-error]'),
    uploadInput: q<HTMLInputElement>(root, '[data-upload]'),
    uploadItem: q(root, '[data-upload-item]'),
    uploadName: q(root, '[data-upload-name]'),
    uploadBar: q(root, '[data-upload-bar]'),
    uploadAbort: q<HTMLButtonElement>(root, '[data-upload-abort]'),
    uploadRetry: q<HTMLButtonElement>(root, '[data-upload-retry]'),
  };
  const labelId = el.source.getAttribute('aria-labelledby');
  const label = (labelId && document.getElementById(labelId)?.textContent) || '';
  let text = '';
  let readOnly = false;
  let uploadedName: string | null = null;
  let uploadedText: string | null = null;
  let upload: Upload<ParseResponse> | undefined;
  let aborted = false;

  // The editor replaces the static frame; focus on the frame moves into it.
  const hadFocus = el.source.contains(document.activeElement) || document.activeElement === el.source;
  const describedBy = el.source.getAttribute('aria-describedby') ?? undefined;
  for (const name of ['tabindex', 'role', 'aria-labelledby', 'aria-multiline', 'aria-describedby']) el.source.removeAttribute(name);
  const editor = sourceEditor(el.source, label, describedBy, (value) => {
    text = value;
    if (uploadedText !== null && value !== uploadedText) uploadedName = uploadedText = null;
    renderEmpty();
    options.onChange(value);
  });
  if (hadFocus) editor.commands.focus('end');

  function renderEmpty() {
    const empty = text.trim() === '';
    el.empty.hidden = !empty || readOnly;
    el.clear.hidden = empty || readOnly;
  }

  async function paste() {
    if (!navigator.clipboard?.readText) {
      showToast(pageMessage('humanizer.clipboardUnsupported'), 'warning');
      return;
    }
    try {
      const value = await navigator.clipboard.readText();
      if (value.trim()) setDoc(editor, textToDoc(value));
      editor.commands.focus('end');
    } catch {
      showToast(pageMessage('humanizer.clipboardDenied'), 'warning');
    }
  }

  function loadSample() {
    setDoc(editor, textToDoc(options.sampleText));
    editor.commands.focus('end');
  }

  function startUpload(file: File) {
    if (readOnly) return;
    if (!uploadKindOf(file.name, file.type)) {
      showToast(pageMessage('upload.error.type'), 'warning');
      return;
    }
    if (!withinLimit(file, humanizerLimits.uploadMaxBytes)) {
      showToast(pageMessage('upload.error.tooLarge'), 'warning');
      return;
    }
    if (!options.loggedIn()) {
      redirectToSignup();
      return;
    }
    upload?.abort();
    void ensureFreshToken().then(() => {
      upload = createUpload<ParseResponse>(file, {
        action: `${apiBase()}${endpoints.uploadFileAndParse}`,
        fieldName: 'multipartFiles',
        data: { uploadId: uploadId() },
        headers: () => ({ authorization: `Bearer ${$user.get().accessToken}`, 'accept-language': document.documentElement.dataset.locale ?? 'en' }),
        limitBytes: humanizerLimits.uploadMaxBytes,
        isSuccess: (response) => String(response.code) === '0',
        onChange: (item) => {
          el.uploadItem.hidden = false;
          el.uploadName.textContent = pageMessage(item.status === 'done' ? 'upload.done' : 'upload.uploading', { name: item.name });
          el.uploadBar.style.width = `${Math.round(item.percent * 100)}%`;
          el.uploadAbort.hidden = item.status !== 'uploading';
          el.uploadRetry.hidden = item.status !== 'error';
          if (item.status === 'done' && item.response?.content) {
            setDoc(editor, textToDoc(item.response.content));
            uploadedName = item.name;
            uploadedText = text;
            showToast(pageMessage('upload.success'), 'success');
            setTimeout(() => {
              if (upload?.item === item && item.status === 'done') el.uploadItem.hidden = true;
            }, 3000);
          }
          // Spec §8: a cancelled upload is silent.
          if (item.status === 'error' && !aborted) showToast(item.response?.errorMsg ?? pageMessage('upload.error.failed'));
          aborted = false;
        },
      });
    });
  }

  q(root, '[data-paste]').addEventListener('click', () => void paste());
  q(root, '[data-sample]').addEventListener('click', loadSample);
  el.clear.addEventListener('click', () => {
    editor.commands.clearContent(true);
    editor.commands.focus();
  });
  el.uploadInput.addEventListener('change', () => {
    const file = el.uploadInput.files?.[0];
    el.uploadInput.value = '';
    if (file) startUpload(file);
  });
  el.uploadAbort.addEventListener('click', () => {
    aborted = true;
    upload?.abort();
  });
  el.uploadRetry.addEventListener('click', () => upload?.retry());
  el.source.addEventListener('drop', (event) => {
    const file = event.dataTransfer?.files[0];
    if (!file || readOnly) return;
    event.preventDefault();
    startUpload(file);
  });
  renderEmpty();

  return {
    editor,
    text: () => text,
    setText: (value) => setDoc(editor, textToDoc(value)),
    setDoc: (doc) => setDoc(editor, doc),
    setReadOnly(on) {
      readOnly = on;
      editor.setEditable(!on);
      renderEmpty();
    },
    renderCount(limit) {
      const words = countWords(text);
      el.words.textContent = pageMessage('humanizer.words', { count: words, limit });
      el.words.classList.toggle('text-red-700', words > limit);
    },
    showQuoteError(message) {
      el.quoteError.textContent = message ?? '';
      el.quoteError.hidden = !message;
    },
    fileName: () => uploadedName,
    replay({ action, file }) {
      if (action === 'sample') loadSample();
      else if (action === 'paste') void paste();
      else if (action === 'upload' && file) startUpload(file);
    },
  };
}
