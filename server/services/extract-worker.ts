import { parentPort, workerData } from 'node:worker_threads';
import type { UploadKind } from '../../src/domain/humanizer.ts';
import { AllocationBudgetExceeded, installAllocationBudget } from './allocation-budget.ts';
import type { ExtractLimits, ExtractMessage } from './documents.ts';

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

/** Page by page, so a page flood or a huge text stops early instead of being held at once. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(bytes, { isEvalSupported: false, stopAtErrors: false, disableFontFace: true });
  if (pdf.numPages > limits.maxPages) throw new TooComplex();
  const pages: string[] = [];
  let chars = 0;
  for (let n = 1; n <= pdf.numPages && chars < limits.maxChars; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
    pages.push(text);
    chars += text.length;
    page.cleanup();
  }
  await pdf.destroy();
  return pages.join('\n');
}

/** A failed allocation or runaway recursion, as opposed to a read past the end of a broken file. */
function outOfResources(error: unknown): boolean {
  return error instanceof RangeError && /allocation failed|Invalid (typed )?array length|Maximum call stack|Array buffer/i.test(error.message);
}

async function extract(bytes: Uint8Array): Promise<ExtractMessage> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    switch (kind) {
      case 'pdf':
        return { ok: true, text: await pdfText(new Uint8Array(buffer)) };
      case 'docx': {
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
