import PDFDocument from 'pdfkit';
import { getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { lexicon } from '../../../server/engines/humanizer/lexicon.ts';
import { linesOfPage, paragraphsFromLines, type PdfLine, type PdfTextItem } from '../../../server/services/pdf-paragraphs.ts';

async function pdfOf(write: (doc: PDFKit.PDFDocument) => void): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    write(doc);
    doc.end();
  });
}

async function paragraphs(data: Uint8Array): Promise<string[]> {
  const pdf = await getDocumentProxy(data);
  const lines: PdfLine[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    lines.push(...linesOfPage(content.items.filter((i) => 'str' in i) as PdfTextItem[], n, page.getViewport({ scale: 1 }).width));
  }
  return paragraphsFromLines(lines, (w) => lexicon().common.has(w));
}

const long = 'Students who plan their week in advance tend to report less stress before exams, and they sleep better during the term. '.repeat(4).trim();

describe('paragraphs from a PDF layout', () => {
  it('[UPL-05] joins the printed lines of a wrapped paragraph and keeps separate paragraphs apart', async () => {
    const data = await pdfOf((doc) => {
      doc.text(long);
      doc.moveDown();
      doc.text('A second paragraph, short.');
    });
    expect(await paragraphs(data)).toEqual([long, 'A second paragraph, short.']);
  });

  it('[UPL-05] mends words broken across lines: drops a typesetting hyphen, keeps a real one', async () => {
    const data = await pdfOf((doc) => {
      doc.text('Students who manage their time report a better work-');
      doc.text('life balance and less stress in the environ-');
      doc.text('mental science exam season, according to surveys.');
      doc.moveDown();
      doc.text('Next paragraph.');
    });
    expect(await paragraphs(data)).toEqual([
      'Students who manage their time report a better work-life balance and less stress in the environmental science exam season, according to surveys.',
      'Next paragraph.',
    ]);
  });

  it('[UPL-05] keeps two short printed paragraphs apart (no line reaches the column’s edge)', async () => {
    const data = await pdfOf((doc) => {
      doc.text('The first paragraph of my essay.');
      doc.text('A second one, with 42 in it.');
    });
    expect(await paragraphs(data)).toEqual(['The first paragraph of my essay.', 'A second one, with 42 in it.']);
  });

  it('keeps short lines that end sentences as their own paragraphs (headings, lists)', () => {
    const line = (text: string, y: number, width: number): PdfLine => ({ text, page: 1, x: 72, y, width, height: 12 });
    expect(paragraphsFromLines([line('Introduction.', 700, 80), line('First point.', 686, 70), line('A much longer line that runs across the page', 672, 460), line('and ends here.', 658, 90)], () => false)).toEqual([
      'Introduction.',
      'First point.',
      'A much longer line that runs across the page and ends here.',
    ]);
  });
  it('[UPL-05] keeps a DOI or web address broken across lines in one piece', async () => {
    const data = await pdfOf((doc) => {
      doc.text('Jones, M., & Wu, L. (2021). Sleep and memory in students. Nature Human Behaviour, 5, 1020–1031. https://doi.org/10.1038/');
      doc.text('s41562-021-01196-4');
      doc.moveDown();
      doc.text('Retrieved from https://www.example.org/reports/');
      doc.text('annual-2020.pdf on 3 May.');
    });
    const got = await paragraphs(data);
    expect(got.join(' ')).toContain('https://doi.org/10.1038/s41562-021-01196-4');
    expect(got.join(' ')).toContain('https://www.example.org/reports/annual-2020.pdf on 3 May.');
  });
});
