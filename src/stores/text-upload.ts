/**
 * A document uploaded into a tool's text (spec §4 upload statuses, §5 10 MB and pdf/doc/docx): the plagiarism
 * checker's and the rewriter's (issue 30: the rewriter had no Upload). The server extracts the text; the tool gets
 * it with the file's name. One upload at a time per tool; a new one replaces the last.
 */
import { atom } from 'nanostores';
import { endpoints } from '../domain/endpoints/paths.ts';
import { humanizerLimits, uploadKindOf } from '../domain/humanizer.ts';
import { apiBase } from '../lib/api/base.ts';
import { createUpload, uploadId, withinLimit, type Upload, type UploadItem } from '../lib/upload.ts';
import type { Problem } from './tool-run.ts';
import { $user, ensureFreshToken } from './user.ts';

export type UploadView = Pick<UploadItem, 'name' | 'status' | 'percent'> & { error?: string };
type ParseResponse = { code: string | number; content?: string; errorMsg?: string };

export type TextUpload = ReturnType<typeof createTextUpload>;

export function createTextUpload(deps: { onText: (text: string, fileName: string) => void; loggedIn: () => boolean }) {
  const $upload = atom<UploadView | null>(null);
  let upload: Upload<ParseResponse> | undefined;
  let aborted = false;

  /** Uploads a document and gives its text to the tool. Answers a problem to show, 'signup', or nothing. */
  async function start(file: File): Promise<Problem | 'signup' | void> {
    if (!uploadKindOf(file.name, file.type)) return { key: 'upload.error.type' };
    if (!withinLimit(file, humanizerLimits.uploadMaxBytes)) return { key: 'upload.error.tooLarge' };
    if (!deps.loggedIn()) return 'signup';
    upload?.abort();
    await ensureFreshToken();
    return new Promise((resolve) => {
      upload = createUpload<ParseResponse>(file, {
        action: `${apiBase()}${endpoints.uploadFileAndParse}`,
        fieldName: 'multipartFiles',
        data: { uploadId: uploadId() },
        headers: () => ({ authorization: `Bearer ${$user.get().accessToken}`, 'accept-language': document.documentElement.dataset.locale ?? 'en' }),
        limitBytes: humanizerLimits.uploadMaxBytes,
        isSuccess: (response) => String(response.code) === '0',
        onChange: (item) => {
          $upload.set({ name: item.name, status: item.status, percent: item.percent, error: item.response?.errorMsg });
          if (item.status === 'done' && item.response?.content) {
            deps.onText(item.response.content, item.name);
            resolve();
          }
          if (item.status === 'error') {
            // Spec §8: a cancelled upload is silent.
            resolve(aborted ? undefined : item.response?.errorMsg ? { message: item.response.errorMsg } : { key: 'upload.error.failed' });
            aborted = false;
          }
        },
      });
    });
  }

  return {
    $upload,
    start,
    abort(): void {
      aborted = true;
      upload?.abort();
    },
    retry(): void {
      upload?.retry();
    },
    dismiss(): void {
      $upload.set(null);
    },
  };
}
