import { Document, Packer, Paragraph, TextRun } from 'docx';
import type { Report } from '../../src/domain/detector.ts';
import type { Exclusions, PlagiarismReport } from '../../src/domain/plagiarism.ts';
import type { Locale } from '../../src/i18n/locales.ts';
import { alignText, documentFingerprints, queryHashes } from '../engines/plagiarism/index.ts';
import { analyzeReferences } from '../engines/references/index.ts';
import { pdfText } from '../services/pdf-text.ts';
import { plagiarismPdf } from '../services/plagiarism-pdf.ts';
import { reportPdf } from '../services/report-pdf.ts';

/**
 * Work of the request path that costs the CPU, as pure functions of plain data: the compute pool (compute.ts) runs
 * them in a thread of their own, so the event loop answers other requests meanwhile (issue 29: a 2,202-page PDF held
 * it 1.5 s, a 200-entry reference list 4 s, a 3,300-word plagiarism check 341 ms). What they return crosses the
 * thread boundary by structured clone: a Buffer arrives as a Uint8Array.
 */
export const computeTasks = {
  /** The AI report's PDF (services/report-pdf.ts) in the reader's language. */
  reportPdf: ({ report, locale }: { report: Report; locale: Locale }): Promise<Uint8Array> => reportPdf(report, pdfText(locale)),
  /** The similarity report's PDF with the reader's exclusions. */
  plagiarismPdf: ({ report, exclusions, locale }: { report: PlagiarismReport; exclusions: Exclusions; locale: Locale }): Promise<Uint8Array> => plagiarismPdf(report, exclusions, pdfText(locale)),
  /** A finished result as a .docx, one paragraph per line. */
  wordFile: async ({ text, title }: { text: string; title: string }): Promise<Uint8Array> => {
    const document = new Document({
      creator: 'Inkwise',
      title,
      sections: [{ children: text.split('\n').map((line) => new Paragraph({ children: [new TextRun(line)], spacing: { after: 160 } })) }],
    });
    return Packer.toBuffer(document);
  },
  /** The reference checker's offline part: the list found, split, parsed and checked (the lookups stay outside). */
  analyzeReferences: async ({ text, currentYear }: { text: string; currentYear?: number }) => analyzeReferences(text, { currentYear }),
  /** A text's fingerprints: the hashes to look candidates up by, and the winnowed ones it joins the library with. */
  plagiarismHashes: async ({ text }: { text: string }) => ({ query: queryHashes(text), document: documentFingerprints(text) }),
  /** The checked text aligned with each candidate's text, and what the exclusions need to know of its layout. */
  plagiarismAlign: async ({ text, sources }: { text: string; sources: string[] }) => alignText(text, sources),
};

export type ComputeTasks = typeof computeTasks;
