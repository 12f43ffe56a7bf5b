import { parentPort, workerData } from 'node:worker_threads';
import type { UploadKind } from '../../src/domain/humanizer.ts';
import { AllocationBudgetExceeded, installAllocationBudget } from './allocation-budget.ts';
import type { ExtractLimits, ExtractMessage } from './documents.ts';
import { linesOfPage, type PdfLine, type PdfTextItem } from './pdf-paragraphs.ts';
import { zipWithin } from '../lib/zip.ts';

/**
 * Runs in its own thread (see extractDocument): reads one document and posts its
 * text or an error key. The allocation budget goes in before any parser is loaded.
 */
const { kind, data, limits } = workerData as { kind: UploadKind; data: Uint8Array; limits: ExtractLimits };
let posted = false;
const post = (message: ExtractMessage) => {
  if (posted) return;
  posted = true;
  parentPort!.postMessage(message);
};
installAllocationBudget({ perAllocation: limits.maxAllocationBytes, total: limits.maxAllocatedBytes }, () => post({ ok: false, key: 'upload.error.tooComplex' }));

class TooComplex extends Error {}

/**
 * Page by page, so a page flood or a huge text stops early instead of being held
 * at once. Lines keep their layout: the paragraphs are rebuilt from it (pdf-paragraphs.ts).
 */
async function pdfLines(bytes: Uint8Array): Promise<PdfLine[]> {
  const { getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(bytes, { isEvalSupported: false, stopAtErrors: false, disableFontFace: true });
  if (pdf.numPages > limits.maxPages) throw new TooComplex();
  const lines: PdfLine[] = [];
  let chars = 0;
  for (let n = 1; n <= pdf.numPages && chars < limits.maxChars; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    const pageLines = linesOfPage(content.items.filter((item) => 'str' in item) as PdfTextItem[], n, page.getViewport({ scale: 1 }).width);
    lines.push(...pageLines);
    for (const line of pageLines) chars += line.text.length + 1;
    page.cleanup();
  }
  await pdf.destroy();
  return lines;
}

/** A failed allocation or runaway recursion, as opposed to a read past the end of a broken file. */
function outOfResources(error: unknown): boolean {
  return error instanceof RangeError && /allocation failed|Invalid (typed )?array length|Maximum call stack|Array buffer/i.test(error.message);
}

async function extract(bytes: Uint8Array): Promise<ExtractMessage> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    switch (kind) {
      case 'pdf': {
        const lines = await pdfLines(new Uint8Array(buffer));
        return { ok: true, text: lines.map((l) => l.text).join('\n'), lines };
      }
      case 'docx': {
        const zip = zipWithin(buffer, { maxEntries: limits.maxZipEntries, maxBytes: limits.maxUnzippedBytes });
        if (zip !== 'ok') return { ok: false, key: zip === 'unreadable' ? 'upload.error.unreadable' : 'upload.error.tooComplex' };
        const mammoth = (await import('mammoth')).default;
        const { value } = await mammoth.extractRawText({ buffer });
        return { ok: true, text: value };
      }
      case 'doc': {
        const WordExtractor = (await import('word-extractor')).default;
        const doc = await new WordExtractor().extract(buffer);
        return { ok: true, text: doc.getBody() };
      }
    }
  } catch (error) {
    if (error instanceof TooComplex || error instanceof AllocationBudgetExceeded || outOfResources(error)) return { ok: false, key: 'upload.error.tooComplex' };
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') return { ok: false, key: 'upload.error.encrypted' };
    return { ok: false, key: 'upload.error.unreadable' };
  }
}

post(await extract(data));
