/**
 * The generic upload (spec §3 upload item, §4 upload statuses, §5 limits):
 * init → uploading → done (percent 1) or error (percent 0); abort sets error;
 * retry starts again; auto-upload is on by default. Sent as multipart POST to a
 * configurable action with a file field (default 'file') plus extra fields.
 */
export type UploadStatus = 'init' | 'uploading' | 'done' | 'error';

export interface UploadItem<R = unknown> {
  uid: string;
  name: string;
  url?: string;
  file: File;
  status: UploadStatus;
  /** 0 to 1. */
  percent: number;
  response?: R;
}

export interface UploadOptions<R> {
  action: string;
  fieldName?: string;
  data?: Record<string, string>;
  headers?: () => Record<string, string>;
  /** Bytes; 0 means unlimited (spec §5). */
  limitBytes?: number;
  autoUpload?: boolean;
  /** Whether a finished response counts as success (e.g. code '0'). */
  isSuccess?: (response: R) => boolean;
  onChange: (item: UploadItem<R>) => void;
}

let counter = 0;

/** Spec §5: the accept filter matches by MIME type or by extension (".pdf", "application/pdf", "image/*"). */
export function accepts(file: { name: string; type: string }, accept: string): boolean {
  const rules = accept.split(',').map((r) => r.trim().toLowerCase()).filter(Boolean);
  if (rules.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return rules.some((rule) => (rule.startsWith('.') ? name.endsWith(rule) : rule.endsWith('/*') ? type.startsWith(rule.slice(0, -1)) : type === rule));
}

/** Spec §5: limit 0 means unlimited. */
export function withinLimit(file: { size: number }, limitBytes: number): boolean {
  return limitBytes === 0 || file.size <= limitBytes;
}

const uploadIdKey = 'uploadId';

/** The upload id kept for the tab (spec §7 uploadFileAndParse: from session storage), shared by every tool's uploads. */
export function uploadId(): string {
  let id = sessionStorage.getItem(uploadIdKey);
  if (!id) {
    id = crypto.randomUUID();
    sessionStorage.setItem(uploadIdKey, id);
  }
  return id;
}

export interface Upload<R> {
  item: UploadItem<R>;
  start(): void;
  abort(): void;
  retry(): void;
}

export function createUpload<R = unknown>(file: File, options: UploadOptions<R>): Upload<R> {
  const item: UploadItem<R> = { uid: `upload-${Date.now()}-${counter++}`, name: file.name, url: undefined, file, status: 'init', percent: 0, response: undefined };
  let xhr: XMLHttpRequest | undefined;
  const update = (patch: Partial<UploadItem<R>>) => {
    Object.assign(item, patch);
    options.onChange(item);
  };

  function start() {
    xhr?.abort();
    const request = new XMLHttpRequest();
    xhr = request;
    const form = new FormData();
    for (const [key, value] of Object.entries(options.data ?? {})) form.append(key, value);
    form.append(options.fieldName ?? 'file', file, file.name);
    request.open('POST', options.action);
    for (const [key, value] of Object.entries(options.headers?.() ?? {})) request.setRequestHeader(key, value);
    request.upload.onprogress = (event) => {
      // Sent bytes reach 1 only when the answer is in: parsing takes time too.
      if (event.lengthComputable) update({ percent: Math.min(0.95, event.loaded / event.total) });
    };
    request.onload = () => {
      if (xhr !== request) return;
      let response: R | undefined;
      try {
        response = JSON.parse(request.responseText) as R;
      } catch {
        response = undefined;
      }
      const ok = request.status === 200 && response !== undefined && (options.isSuccess?.(response) ?? true);
      update(ok ? { status: 'done', percent: 1, response } : { status: 'error', percent: 0, response });
    };
    request.onerror = () => xhr === request && update({ status: 'error', percent: 0 });
    request.onabort = () => xhr === request && update({ status: 'error', percent: 0 });
    update({ status: 'uploading', percent: 0, response: undefined });
    request.send(form);
  }

  const upload: Upload<R> = {
    item,
    start,
    abort: () => xhr?.abort(),
    retry: start,
  };
  options.onChange(item);
  if (options.autoUpload ?? true) start();
  return upload;
}
