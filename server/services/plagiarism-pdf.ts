import PDFDocument from 'pdfkit';
import { colourOfSource, displayPercent, summarize, type Exclusions, type PlagiarismReport } from '../../src/domain/plagiarism.ts';
import { siteName } from '../../src/config/site.ts';

const colourOf = (source: number) => colourOfSource(source).ink;

/** The built-in PDF fonts read Windows-1252 only: anything else becomes a plain look-alike or '?'. */
function printable(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x09\x0a\x0d\x20-\x7e\u00a0-\u00ff\u20ac]/g, '?');
}

const sourceName = (report: PlagiarismReport, index: number) => {
  const s = report.sources[index]!;
  return s.kind === 'submission' ? `A text checked on ${siteName} (${s.addedAt.slice(0, 10)}), shown without its content` : s.title || s.url || `Source ${index + 1}`;
};

/**
 * The downloadable similarity report (English, like the reports institutions
 * read): the figure and what it was checked against, the sources with their
 * shares, the text with its matches marked, and each passage beside its source.
 */
export function plagiarismPdf(report: PlagiarismReport, exclusions: Exclusions): Promise<Buffer> {
  const summary = summarize(report, exclusions);
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Similarity report ${report.submissionId}`, Author: siteName, Subject: 'Plagiarism check' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const left = 56;
    const width = doc.page.width - 112;

    doc.fillColor('#0f172a').font('Helvetica-Bold').fontSize(22).text(`${siteName} Similarity Report`);
    doc.moveDown(0.3).font('Helvetica').fontSize(11).fillColor('#475569');
    doc.text(
      report.coverage.web
        ? `Checked against ${report.coverage.documents} documents in this installation's library and the web.`
        : `Checked against ${report.coverage.documents} documents in this installation's library, not the web.`,
    );
    doc.moveDown(1.2).font('Helvetica-Bold').fontSize(48).fillColor('#0f172a').text(displayPercent(summary.percent));
    doc.font('Helvetica').fontSize(13).text('of the text matches sources in the library');
    doc.moveDown(0.8).fontSize(10).fillColor('#475569');
    const applied = [
      exclusions.quotes ? 'quoted text excluded' : 'quoted text included',
      exclusions.bibliography ? 'bibliography excluded' : 'bibliography included',
      exclusions.minWords > 0 ? `matches under ${exclusions.minWords} words excluded` : 'matches of any length counted',
      exclusions.sources.length ? `${exclusions.sources.length} source(s) excluded` : '',
    ].filter(Boolean);
    doc.text(`Filters: ${applied.join('; ')}.`);

    doc.moveDown(1.2).font('Helvetica-Bold').fontSize(13).fillColor('#0f172a').text('Submission details');
    doc.moveDown(0.4).font('Helvetica').fontSize(11);
    const details: [string, string][] = [
      ['Submission ID', report.submissionId],
      ['Submission date', `${report.submittedAt.replace('T', ' ').slice(0, 19)} UTC`],
      ['File name', report.fileName ?? '(pasted text)'],
      ['Word count', String(report.wordCount)],
      ['Engine', report.engineVersion],
    ];
    for (const [label, value] of details) doc.fillColor('#475569').text(`${label}: `, { continued: true }).fillColor('#0f172a').text(printable(value));

    doc.moveDown(1.2).font('Helvetica-Bold').fontSize(13).fillColor('#0f172a').text('Sources');
    doc.moveDown(0.4).font('Helvetica').fontSize(11);
    if (summary.sources.length === 0) doc.fillColor('#475569').text('No source matched after the filters.');
    for (const share of summary.sources) {
      const s = report.sources[share.source]!;
      doc.fillColor(colourOf(share.source)).text(`[${share.source + 1}] ${displayPercent(share.percent)}  `, { continued: true });
      doc.fillColor('#0f172a').text(printable(sourceName(report, share.source)) + (s.url ? `  ${printable(s.url)}` : ''));
    }

    // The text with every counted match marked in its source's colour.
    doc.addPage();
    doc.font('Helvetica-Bold').fontSize(15).fillColor('#0f172a').text('Submitted text');
    doc.moveDown(0.6).font('Helvetica').fontSize(10.5);
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
    parts.forEach((part, i) => {
      doc.fillColor(part.source === null ? '#0f172a' : colourOf(part.source)).text(printable(part.text), { continued: i < parts.length - 1, underline: part.source !== null, lineGap: 2, width });
    });

    // Each passage beside its source.
    if (summary.matches.length) {
      doc.addPage();
      doc.font('Helvetica-Bold').fontSize(15).fillColor('#0f172a').text('Matched passages', left);
      doc.moveDown(0.6);
      const column = (width - 16) / 2;
      for (const m of summary.matches) {
        const mine = printable(report.text.slice(m.start, m.end));
        const theirs = m.excerpt ? printable(m.excerpt.text.slice(m.sourceStart - m.excerpt.offset, m.sourceEnd - m.excerpt.offset)) : '(the text of another user\'s submission is not shown)';
        doc.font('Helvetica').fontSize(9.5);
        const height = Math.max(doc.heightOfString(mine, { width: column }), doc.heightOfString(theirs, { width: column })) + 30;
        if (doc.y + height > doc.page.height - 56) doc.addPage();
        const top = doc.y;
        doc.font('Helvetica-Bold').fontSize(10).fillColor(colourOf(m.source)).text(`[${m.source + 1}] ${m.label === 'identical' ? 'Identical' : 'Minor changes'} - ${m.countedWords} words`, left, top, { width });
        const y = doc.y + 4;
        doc.font('Helvetica').fontSize(9.5).fillColor('#0f172a').text(mine, left, y, { width: column });
        const leftEnd = doc.y;
        doc.fillColor('#334155').text(theirs, left + column + 16, y, { width: column });
        doc.x = left;
        doc.y = Math.max(leftEnd, doc.y) + 12;
      }
    }

    doc.addPage();
    doc.font('Helvetica-Bold').fontSize(15).fillColor('#0f172a').text('What this report means, and what it does not', left);
    doc.moveDown(0.6).font('Helvetica').fontSize(11).fillColor('#1e293b');
    const paragraphs = [
      `The percentage is the share of the submitted words that also appear, identically or with minor changes, in a document of this installation's library (${report.coverage.documents} documents${report.coverage.web ? ' and the web' : ', not the web'}). Text found nowhere in the library is not proof of originality.`,
      'A match is not proof of plagiarism either: properly quoted and cited text, common phrases and a student\'s own earlier work can all match. Read each passage beside its source before drawing any conclusion.',
      'Texts checked by other users are part of the library only when their owner allowed it, and their content is never shown in a report.',
    ];
    for (const p of paragraphs) doc.text(p, { width, lineGap: 3 }).moveDown(0.7);
    doc.end();
  });
}
