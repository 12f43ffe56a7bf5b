import { parentPort, workerData } from 'node:worker_threads';
import type { UploadKind } from '../../src/domain/humanizer.ts';
import type { ExtractMessage } from './documents.ts';
import { linesOfPage, type PdfLine, type PdfTextItem } from './pdf-paragraphs.ts';

/** Runs in its own thread (see extractDocument): reads one document and posts its text or an error key. */
async function extract(kind: UploadKind, data: Uint8Array): Promise<ExtractMessage> {
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  try {
    switch (kind) {
      case 'pdf': {
        const { getDocumentProxy } = await import('unpdf');
        const pdf = await getDocumentProxy(new Uint8Array(buffer), { isEvalSupported: false, stopAtErrors: false });
        // Lines with their layout: the paragraphs are rebuilt from it (pdf-paragraphs.ts).
        const lines: PdfLine[] = [];
        for (let n = 1; n <= pdf.numPages; n++) {
          const page = await pdf.getPage(n);
          const content = await page.getTextContent();
          lines.push(...linesOfPage(content.items.filter((item) => 'str' in item) as PdfTextItem[], n, page.getViewport({ scale: 1 }).width));
        }
        return { ok: true, text: lines.map((l) => l.text).join('\n'), lines };
      }
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
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') return { ok: false, key: 'upload.error.encrypted' };
    return { ok: false, key: 'upload.error.unreadable' };
  }
}

const { kind, data } = workerData as { kind: UploadKind; data: Uint8Array };
parentPort!.postMessage(await extract(kind, data));
