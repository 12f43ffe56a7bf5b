import { Worker } from 'node:worker_threads';
import type { UploadKind } from '../../src/domain/humanizer.ts';
import type { MessageKey } from '../../src/i18n/translate.ts';
import { AppError, ErrorCode } from '../errors.ts';
import { lexicon } from '../engines/humanizer/lexicon.ts';
import { paragraphsFromLines, type PdfLine } from './pdf-paragraphs.ts';

/** Limits for reading an uploaded document (docs/decisions/0014, 0016). */
export const documentLimits = {
  /** Whole inflated size of a DOCX: far above any real essay, far below what hurts the server. */
  maxUnzippedBytes: 64 * 1024 * 1024,
  maxZipEntries: 2_000,
  /** Wall time and heap for one extraction in its own thread. */
  timeoutMs: 20_000,
  heapMb: 256,
  /** Text longer than this is cut (far above the largest word limit). */
  maxChars: 400_000,
  /** Pages of a PDF: a 300-page thesis fits; a page flood does not. */
  maxPages: 500,
  /**
   * What the parser thread may allocate outside its heap (typed arrays, buffers):
   * one allocation (an inflated stream), and all of them together, counted cumulatively.
   */
  maxAllocationBytes: 32 * 1024 * 1024,
  maxAllocatedBytes: 160 * 1024 * 1024,
  /** Extractions at once in this process, and waiting for a turn; more are refused as busy. */
  concurrent: 2,
  queued: 8,
};

/** What the extraction thread is told (documentLimits, or a test's tighter copy). */
export type ExtractLimits = Pick<typeof documentLimits, 'maxChars' | 'maxPages' | 'maxAllocationBytes' | 'maxAllocatedBytes' | 'maxUnzippedBytes' | 'maxZipEntries'>;

/** What the file really is, by its first bytes, whatever its name says. */
export function sniffKind(data: Uint8Array): UploadKind | undefined {
  const starts = (bytes: number[]) => bytes.every((b, i) => data[i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (starts([0x50, 0x4b, 0x03, 0x04])) return 'docx'; // a zip
  if (starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc'; // OLE compound file
  return undefined;
}

/** The outcome the extraction thread posts back. */
export type ExtractMessage = { ok: true; text: string; lines?: PdfLine[] } | { ok: false; key: MessageKey };

/** Turns for extraction threads: a few at once per process, one at a time per user. */
class ExtractionSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly owners = new Set<string>();

  async acquire(owner: string): Promise<() => void> {
    if (this.owners.has(owner)) throw new AppError(ErrorCode.DEFAULT, 'upload.error.oneAtATime');
    if (this.running >= documentLimits.concurrent && this.waiting.length >= documentLimits.queued) throw new AppError(ErrorCode.DEFAULT, 'upload.error.busy');
    this.owners.add(owner);
    if (this.running >= documentLimits.concurrent) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.owners.delete(owner);
      const next = this.waiting.shift();
      // The slot passes straight to the next in line, so `running` never dips below the truth.
      if (next) next();
      else this.running -= 1;
    };
  }

  /** Extractions running and waiting now (tests and the hostile-file suite read it). */
  get load() {
    return { running: this.running, waiting: this.waiting.length };
  }
}

/** This process's extraction turns. */
export const extractionSlots = new ExtractionSlots();

/**
 * Extracts the text of an uploaded PDF, DOCX or DOC for `owner` (a user id). The
 * file's real type must match one we read; the work runs in its own thread with
 * a heap cap, an allocation budget for what the heap cap misses (inflated streams),
 * page and text limits and a time limit, so a hostile file can neither hang nor
 * exhaust the server; and only a few run at once, one per user.
 */
export async function extractDocument(data: Buffer, owner: string, limits: ExtractLimits & { timeoutMs?: number } = documentLimits): Promise<string> {
  const kind = sniffKind(data);
  if (!kind) throw new AppError(ErrorCode.DEFAULT, 'upload.error.unreadable');
  const release = await extractionSlots.acquire(owner);
  try {
    return await extractInThread(kind, data, limits);
  } finally {
    release();
  }
}

async function extractInThread(kind: UploadKind, data: Buffer, limits: ExtractLimits & { timeoutMs?: number }): Promise<string> {
  const { maxChars, maxPages, maxAllocationBytes, maxAllocatedBytes, maxUnzippedBytes, maxZipEntries } = limits;
  // A DOCX's zip-bomb check runs in the thread too, after the gates (issue 29: before them, on the event loop, 12
  // parallel uploads of a 64 KB file that inflates to 63 MB stalled the server 3.2 s).
  const worker = new Worker(new URL('./extract-worker.ts', import.meta.url), {
    workerData: { kind, data, limits: { maxChars, maxPages, maxAllocationBytes, maxAllocatedBytes, maxUnzippedBytes, maxZipEntries } },
    resourceLimits: { maxOldGenerationSizeMb: documentLimits.heapMb, maxYoungGenerationSizeMb: 32 },
    stdout: true,
    stderr: true,
  });
  let timer: NodeJS.Timeout | undefined;
  const message = await new Promise<ExtractMessage>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, key: 'upload.error.tooComplex' }), limits.timeoutMs ?? documentLimits.timeoutMs);
    worker.once('message', resolve);
    // The thread ran out of heap (ERR_WORKER_OUT_OF_MEMORY) or crashed: too much for us either way.
    worker.once('error', () => resolve({ ok: false, key: 'upload.error.tooComplex' }));
    worker.once('exit', () => resolve({ ok: false, key: 'upload.error.unreadable' }));
  });
  clearTimeout(timer);
  // The turn is given back only once the thread and its memory are gone.
  await worker.terminate();
  if (!message.ok) throw new AppError(ErrorCode.DEFAULT, message.key);
  // A PDF's lines become paragraphs again, with words broken across lines mended.
  const raw = message.lines ? paragraphsFromLines(message.lines, (word) => lexicon().common.has(word)).join('\n') : message.text;
  const text = normalizeText(raw).slice(0, maxChars);
  if (!text.trim()) throw new AppError(ErrorCode.DEFAULT, 'upload.error.empty');
  return text;
}

/** One paragraph per line, no runs of blank lines or stray spaces. */
export function normalizeText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\t\u00a0 ]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}
