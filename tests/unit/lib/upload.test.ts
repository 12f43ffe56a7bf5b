import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUpload, type UploadItem } from '../../../src/lib/upload.ts';

/** A stand-in for the browser's XMLHttpRequest: records what was sent and lets the test answer. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  status = 0;
  responseText = '';
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const original = globalThis.XMLHttpRequest;
beforeEach(() => {
  (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
});
afterEach(() => {
  (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = original;
});

describe('upload item', () => {
  it('[UPL-01] [UPL-02] [UPL-04] goes init → uploading → done with percent 1, posting the file field and extra fields', () => {
    const seen: Pick<UploadItem, 'status' | 'percent'>[] = [];
    const file = new File(['%PDF-1.7'], 'essay.pdf', { type: 'application/pdf' });
    const upload = createUpload<{ code: string }>(file, {
      action: '/api/uploadFileAndParse',
      fieldName: 'multipartFiles',
      data: { uploadId: 'u1' },
      headers: () => ({ authorization: 'Bearer t' }),
      isSuccess: (r) => r.code === '0',
      onChange: (item) => seen.push({ status: item.status, percent: item.percent }),
    });
    expect(Object.keys(upload.item).sort()).toEqual(['file', 'name', 'percent', 'response', 'status', 'uid', 'url']);
    expect(upload.item).toMatchObject({ name: 'essay.pdf', file, status: 'uploading' });
    const xhr = FakeXhr.last!;
    expect(xhr).toMatchObject({ method: 'POST', url: '/api/uploadFileAndParse', headers: { authorization: 'Bearer t' } });
    expect(xhr.body!.get('uploadId')).toBe('u1');
    expect((xhr.body!.get('multipartFiles') as File).name).toBe('essay.pdf');
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
    xhr.answer(200, { code: '0' });
    expect(seen.map((s) => s.status)).toEqual(['init', 'uploading', 'uploading', 'done']);
    expect(upload.item).toMatchObject({ status: 'done', percent: 1, response: { code: '0' } });
  });

  it('[UPL-02] ends in error with percent 0 on a refused answer or an abort, and retry starts again', () => {
    const upload = createUpload<{ code: number }>(new File(['x'], 'a.doc'), { action: '/up', isSuccess: (r) => r.code === 0, onChange: () => undefined });
    FakeXhr.last!.answer(200, { code: 999 });
    expect(upload.item).toMatchObject({ status: 'error', percent: 0 });
    upload.retry();
    expect(upload.item.status).toBe('uploading');
    upload.abort();
    expect(upload.item).toMatchObject({ status: 'error', percent: 0 });
    upload.retry();
    FakeXhr.last!.answer(200, { code: 0 });
    expect(upload.item).toMatchObject({ status: 'done', percent: 1 });
  });

  it('[UPL-02] does not start by itself when auto-upload is off', () => {
    FakeXhr.last = undefined;
    const upload = createUpload(new File(['x'], 'a.pdf'), { action: '/up', autoUpload: false, onChange: () => undefined });
    expect(upload.item.status).toBe('init');
    expect(FakeXhr.last).toBeUndefined();
  });
});
