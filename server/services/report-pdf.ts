import PDFDocument from 'pdfkit';
import type { Report, ReportClass } from '../../src/domain/detector.ts';
import { reportRules } from '../../src/domain/detector.ts';
import { siteName } from '../../src/config/site.ts';
import { pdfText, type PdfText } from './pdf-text.ts';
import { maxReportPages, PdfFonts, pdfWriter, writeMarked } from './pdf-fonts.ts';

/**
 * Highlight colours institutions know from Turnitin: cyan for AI-generated, purple for AI-paraphrased, as a marker's
 * background behind dark text (issue 30: coloured, underlined text read like links, and dark cyan and dark purple text
 * were hard to tell apart). `edge` outlines the legend's swatch.
 */
const colours: Record<ReportClass, { fill: string; edge: string }> = {
  ai: { fill: '#a5f3fc', edge: '#0891b2' },
  aiParaphrased: { fill: '#e9d5ff', edge: '#9333ea' },
};

/**
 * The downloadable report, in the reader's language (`text`, English by default): a cover page with the figure and
 * submission details, the text with its highlights, and what the score means and does not mean.
 */
export function reportPdf(report: Report, text: PdfText = pdfText('en')): Promise<Buffer> {
  const { t } = text;
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      lang: text.lang,
      info: { Title: t('report.pdf.metaTitle', { id: report.submissionId }), Author: siteName, Subject: t('report.pdf.metaSubject') },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const width = doc.page.width - 112;
    const fonts = new PdfFonts(doc, text.locale);
    const { write, details: writeDetails } = pdfWriter(doc, fonts, text.rtl);
    const stars = { min: text.percent(1), max: text.percent(reportRules.hideBelowPercent - 1) };

    // Cover page.
    doc.fillColor('#0f172a').fontSize(22);
    write(t('report.pdf.title', { site: siteName }), {}, 'bold');
    doc.moveDown(0.3).fontSize(11).fillColor('#475569');
    write(t('report.pdf.subtitle'));
    doc.moveDown(1.5);
    doc.fontSize(48).fillColor(report.highlightsShown ? '#155e75' : '#0f172a');
    write(report.qualifies ? text.figure(report.displayPercent) : '--', {}, 'bold');
    doc.fontSize(13).fillColor('#0f172a');
    write(t(report.qualifies ? 'report.pdf.figureLabel' : 'report.pdf.notQualified'));
    if (!report.qualifies) {
      doc.moveDown(0.3).fontSize(11).fillColor('#475569');
      write(t(report.reason === 'notProse' ? 'report.pdf.reasonNotProse' : 'report.pdf.reasonTooShort'));
    }
    if (report.qualifies && report.displayPercent === '*%') {
      doc.moveDown(0.3).fontSize(11).fillColor('#475569');
      write(t('report.pdf.starNote', stars));
    }
    if (report.highlightsShown) {
      doc.moveDown(1).fontSize(11);
      legend(doc, 'ai', (w) => write(t('report.pdf.legendAi', { percent: text.percent(report.aiOnlyPercent) }), { width: w }));
      legend(doc, 'aiParaphrased', (w) => write(t('report.pdf.legendParaphrased', { percent: text.percent(report.paraphrasedPercent) }), { width: w }));
    }
    doc.moveDown(1.5).fontSize(13).fillColor('#0f172a');
    write(t('report.pdf.details'), {}, 'bold');
    doc.moveDown(0.4).fontSize(11);
    const details: [string, string][] = [
      [t('report.pdf.submissionId'), report.submissionId],
      [t('report.pdf.submittedAt'), text.dateTime(report.submittedAt)],
      [t('report.pdf.fileName'), report.fileName ?? t('report.pdf.pasted')],
      [t('report.pdf.wordCount'), text.number(report.wordCount)],
      [t('report.pdf.qualifyingWords'), text.number(report.qualifyingWordCount)],
      [t('report.pdf.model'), report.degraded ? `${report.modelVersion}. ${t('report.degraded')}` : report.modelVersion],
    ];
    writeDetails(details, (label) => t('report.pdf.detail', { label }));

    // The text with its highlights, line by line so that paragraphs and line breaks stay as submitted (pdfkit drops
    // a line break inside a run of continued text), right after the details rather than on a page of its own.
    doc.moveDown(1.5).fontSize(15).fillColor('#0f172a');
    write(t('report.pdf.textTitle'), { width }, 'bold');
    doc.moveDown(0.6).fontSize(11);
    // The submitted text is printed left to right (see decision 0025); each line of it is a paragraph, with a gap after.
    const left = doc.x;
    for (const line of reportLines(report.text, report.sentences)) {
      if (line.length > 0 && !writeMarked(doc, fonts, line.map((run) => ({ text: run.text, fill: run.kind ? colours[run.kind].fill : null })), left, width)) {
        write(t('report.pdf.textCut', { pages: text.number(maxReportPages) }), { width });
        break;
      }
      doc.y += doc.currentLineHeight(true) * 0.4;
    }

    // What it means.
    doc.moveDown(1.5).fontSize(15).fillColor('#0f172a');
    write(t('report.pdf.meaningTitle'), {}, 'bold');
    doc.moveDown(0.6).fontSize(11).fillColor('#1e293b');
    const paragraphs = [
      t('report.pdf.meaning1'),
      t('report.pdf.meaning2'),
      t('report.pdf.meaning3', stars),
      t('report.pdf.meaning4'),
      t('report.pdf.meaning5'),
      t('report.pdf.meaning6'),
    ];
    for (const p of paragraphs) write(p, { width, lineGap: 3 }).moveDown(0.7);
    doc.end();
  });
}

/** A run of the submitted text with its highlight class. */
export interface TextRun {
  text: string;
  kind: ReportClass | null;
}

/**
 * The submitted text as lines of highlighted runs: one entry per line of the text, an empty entry for each blank
 * line (so paragraphs stay apart), whitespace between sentences kept inside the runs.
 */
export function reportLines(text: string, sentences: Report['sentences']): TextRun[][] {
  const kinds: (ReportClass | null)[] = new Array<ReportClass | null>(text.length).fill(null);
  for (const s of sentences) if (s.kind) for (let i = Math.max(0, s.start); i < Math.min(text.length, s.end); i++) kinds[i] = s.kind;
  const lines: TextRun[][] = [];
  let offset = 0;
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const runs: TextRun[] = [];
    const line = raw.replace(/\s+$/, '');
    for (let i = 0; i < line.length; i++) {
      const kind = kinds[offset + i] ?? null;
      const last = runs[runs.length - 1];
      // Spaces between two highlighted sentences stay unhighlighted, as on screen.
      if (last && last.kind === kind) last.text += line[i];
      else runs.push({ text: line[i] as string, kind });
    }
    offset += raw.length + 1;
    // Runs of spaces only would be dropped by pdfkit: fold them into the run before.
    const merged: TextRun[] = [];
    for (const run of runs) {
      const prev = merged[merged.length - 1];
      if (prev && run.text.trim() === '') prev.text += run.text;
      else merged.push(run);
    }
    // Several blank lines read as one paragraph break.
    if (merged.length === 0 && lines.length > 0 && (lines[lines.length - 1] as TextRun[]).length === 0) continue;
    lines.push(merged);
  }
  while (lines.length > 0 && (lines[lines.length - 1] as TextRun[]).length === 0) lines.pop();
  return lines;
}

/** A legend entry: the highlight's swatch, then its label written by `label` beside it. */
function legend(doc: PDFKit.PDFDocument, kind: ReportClass, label: (width: number) => unknown) {
  const y = doc.y + 2;
  doc.save().rect(doc.x, y, 18, 10).fillAndStroke(colours[kind].fill, colours[kind].edge).restore();
  doc.fillColor('#0f172a');
  doc.x += 26;
  label(doc.page.width - 138);
  doc.x -= 26;
  doc.moveDown(0.3);
}
