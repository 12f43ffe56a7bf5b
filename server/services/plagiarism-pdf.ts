import PDFDocument from 'pdfkit';
import { colourOfSource, displayPercent, searchedLine, summarize, type Exclusions, type PlagiarismReport } from '../../src/domain/plagiarism.ts';
import { siteName } from '../../src/config/site.ts';
import { pdfText, type PdfText } from './pdf-text.ts';
import { maxReportPages, pagesOf, PdfFonts, pdfWriter, writeMarked, writeRtl, writeText, type MarkedRun } from './pdf-fonts.ts';

const colourOf = (source: number) => colourOfSource(source).ink;

const sourceName = (report: PlagiarismReport, index: number, text: PdfText) => {
  const s = report.sources[index]!;
  return s.kind === 'submission'
    ? text.t('plagiarism.pdf.submissionSource', { site: siteName, date: text.date(s.addedAt) })
    : s.title || s.url || text.t('plagiarism.pdf.sourceNumber', { n: text.number(index + 1) });
};

/**
 * The downloadable similarity report, in the reader's language (`text`, English by default): the figure and what it was checked against, the sources with their
 * shares, the text with its matches marked, and each passage beside its source.
 */
export function plagiarismPdf(report: PlagiarismReport, exclusions: Exclusions, text: PdfText = pdfText('en')): Promise<Buffer> {
  const summary = summarize(report, exclusions);
  const { t } = text;
  const documents = text.number(report.coverage.documents);
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, lang: text.lang, info: { Title: t('plagiarism.pdf.metaTitle', { id: report.submissionId }), Author: siteName, Subject: t('plagiarism.pdf.metaSubject') } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const left = 56;
    const width = doc.page.width - 112;
    /** The next section: after a gap, or on a new page when less than a fifth of this one is left. */
    const section = () => {
      doc.x = left;
      if (doc.y > doc.page.height - doc.page.margins.bottom - doc.page.height / 5) doc.addPage();
      else doc.moveDown(2);
      doc.x = left;
    };
    const fonts = new PdfFonts(doc, text.locale);
    const { write, details: writeDetails } = pdfWriter(doc, fonts, text.rtl);

    doc.fillColor('#0f172a').fontSize(22);
    write(t('plagiarism.pdf.title', { site: siteName }), {}, 'bold');
    doc.moveDown(0.3).fontSize(11).fillColor('#475569');
    write(t(report.coverage.web ? 'plagiarism.pdf.coverageWeb' : 'plagiarism.pdf.coverage', { count: documents }));
    // What source retrieval asked of each web provider, and what went unanswered (issue 28).
    for (const s of report.coverage.searched ?? []) {
      const line = searchedLine(s, 'plagiarism.pdf.');
      write(t(line.key, { ...line.params, queries: text.number(s.queries), candidates: text.number(s.candidates), failed: text.number(s.failed) }));
    }
    doc.moveDown(1.2).fontSize(48).fillColor('#0f172a');
    write(text.figure(displayPercent(summary.percent)), {}, 'bold');
    doc.fontSize(13);
    write(t('plagiarism.pdf.figureLabel'));
    doc.moveDown(0.8).fontSize(10).fillColor('#475569');
    const applied = [
      t(exclusions.quotes ? 'plagiarism.pdf.quotesExcluded' : 'plagiarism.pdf.quotesIncluded'),
      t(exclusions.bibliography ? 'plagiarism.pdf.bibliographyExcluded' : 'plagiarism.pdf.bibliographyIncluded'),
      exclusions.minWords > 0 ? t('plagiarism.pdf.shortExcluded', { count: text.number(exclusions.minWords) }) : t('plagiarism.pdf.anyLength'),
      exclusions.sources.length ? t('plagiarism.pdf.sourcesExcluded', { count: text.number(exclusions.sources.length) }) : '',
    ].filter(Boolean);
    write(t('plagiarism.pdf.filters', { list: applied.join(t('plagiarism.pdf.filterSeparator')) }));

    doc.moveDown(1.2).fontSize(13).fillColor('#0f172a');
    write(t('plagiarism.pdf.details'), {}, 'bold');
    doc.moveDown(0.4).fontSize(11);
    const details: [string, string][] = [
      [t('plagiarism.pdf.submissionId'), report.submissionId],
      [t('plagiarism.pdf.submittedAt'), text.dateTime(report.submittedAt)],
      [t('plagiarism.pdf.fileName'), report.fileName ?? t('plagiarism.pdf.pasted')],
      [t('plagiarism.pdf.wordCount'), text.number(report.wordCount)],
      [t('plagiarism.pdf.engine'), report.engineVersion],
    ];
    writeDetails(details, (label) => t('plagiarism.pdf.detail', { label }));

    doc.moveDown(1.2).fontSize(13).fillColor('#0f172a');
    write(t('plagiarism.pdf.sources'), {}, 'bold');
    doc.moveDown(0.4).fontSize(11);
    if (summary.sources.length === 0) write(t('plagiarism.pdf.noSource'));
    for (const share of summary.sources) {
      const s = report.sources[share.source]!;
      const name = sourceName(report, share.source, text) + (s.url ? `  ${s.url}` : '');
      const figure = `[${share.source + 1}] ${text.figure(displayPercent(share.percent))}`;
      if (text.rtl) {
        doc.fillColor(colourOf(share.source));
        write(`${figure}  ${name}`);
        continue;
      }
      doc.fillColor(colourOf(share.source));
      write(`${figure}  `, { continued: true });
      doc.fillColor('#0f172a');
      write(name);
    }

    // The text with every counted match marked in its source's colour. Sections follow on (issue 30: each on a page
    // of its own left 4 of 5 pages of a short essay's report mostly empty), a new page only where little is left.
    section();
    doc.fontSize(15).fillColor('#0f172a');
    write(t('plagiarism.pdf.textTitle'), {}, 'bold');
    doc.moveDown(0.6).fontSize(10.5);
    const marks = summary.matches.flatMap((m) => m.ranges.map((r) => ({ ...r, source: m.source }))).sort((a, b) => a.start - b.start);
    const parts: { text: string; source: number | null }[] = [];
    let at = 0;
    for (const mark of marks) {
      if (mark.end <= at) continue;
      const start = Math.max(at, mark.start);
      if (start > at) parts.push({ text: report.text.slice(at, start), source: null });
      parts.push({ text: report.text.slice(start, mark.end), source: mark.source });
      at = mark.end;
    }
    if (at < report.text.length) parts.push({ text: report.text.slice(at), source: null });
    // The submitted text keeps its own direction: it is printed left to right (see decision 0025), a paragraph a line.
    let line: MarkedRun[] = [];
    let cut = false;
    const flush = () => {
      if (!cut && line.length > 0 && !writeMarked(doc, fonts, line, left, width)) {
        cut = true;
        write(t('report.pdf.textCut', { pages: text.number(maxReportPages) }), { width });
      }
      if (!cut) doc.y += doc.currentLineHeight(true) * 0.4;
      line = [];
    };
    for (const part of parts) {
      const fill = part.source === null ? null : colourOfSource(part.source).tint;
      const edge = part.source === null ? undefined : colourOfSource(part.source).ink;
      for (const [i, piece] of part.text.replace(/\r\n?/g, '\n').split('\n').entries()) {
        if (cut) break;
        if (i > 0) flush();
        if (piece) line.push({ text: piece, fill, edge });
      }
    }
    flush();

    // Each passage beside its source.
    if (summary.matches.length) {
      section();
      doc.x = left;
      doc.fontSize(15).fillColor('#0f172a');
      write(t('plagiarism.pdf.passagesTitle'), {}, 'bold');
      doc.moveDown(0.6);
      const column = (width - 16) / 2;
      for (const m of summary.matches) {
        const mine = report.text.slice(m.start, m.end);
        const theirs = m.excerpt ? m.excerpt.text.slice(m.sourceStart - m.excerpt.offset, m.sourceEnd - m.excerpt.offset) : t('plagiarism.pdf.privateSource');
        doc.font(fonts.main()).fontSize(9.5);
        const height = Math.max(doc.heightOfString(mine, { width: column }), doc.heightOfString(theirs, { width: column })) + 30;
        if (doc.y + height > doc.page.height - 56) {
          if (pagesOf(doc) >= maxReportPages) {
            doc.x = left;
            write(t('report.pdf.textCut', { pages: text.number(maxReportPages) }), { width });
            break;
          }
          doc.addPage();
        }
        const top = doc.y;
        doc.x = left;
        doc.y = top;
        doc.fontSize(10).fillColor(colourOf(m.source));
        write(`[${m.source + 1}] ${t('plagiarism.pdf.passageHeading', { label: t(m.label === 'identical' ? 'plagiarism.pdf.identical' : 'plagiarism.pdf.minorChanges'), count: text.number(m.countedWords) })}`, { width }, 'bold');
        const y = doc.y + 4;
        doc.fontSize(9.5).fillColor('#0f172a');
        doc.x = left;
        doc.y = y;
        writeText(doc, fonts, mine, { width: column });
        const leftEnd = doc.y;
        doc.fillColor('#334155');
        doc.x = left + column + 16;
        doc.y = y;
        if (m.excerpt || !text.rtl) writeText(doc, fonts, theirs, { width: column });
        else writeRtl(doc, fonts, theirs, { width: column });
        doc.x = left;
        doc.y = Math.max(leftEnd, doc.y) + 12;
      }
    }

    section();
    doc.fontSize(15).fillColor('#0f172a');
    write(t('plagiarism.pdf.meaningTitle'), {}, 'bold');
    doc.moveDown(0.6).fontSize(11).fillColor('#1e293b');
    const paragraphs = [
      t(report.coverage.web ? 'plagiarism.pdf.meaning1Web' : 'plagiarism.pdf.meaning1', { count: documents }),
      t('plagiarism.pdf.meaning2'),
      t('plagiarism.pdf.meaning3'),
    ];
    for (const p of paragraphs) write(p, { width, lineGap: 3 }).moveDown(0.7);
    doc.end();
  });
}
