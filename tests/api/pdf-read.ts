import { extractText, getDocumentProxy } from 'unpdf';

/**
 * A PDF's text for comparing with a message: whitespace dropped (lines break anywhere), marks left out; the Arabic
 * lam-alef ligature is read back in drawing order (pdf.js reverses the right-to-left text it extracts, ligatures
 * included), brackets are left out (drawn mirrored in right-to-left lines, they read back mirrored), and the Thai
 * sara am, drawn as nikhahit + sara aa, reads back with an extra sara aa.
 */
export function squash(s: string): string {
  return s
    .replace(/[\s\p{M}()[\]]+/gu, '')
    .replace(/\u0644([\u0622\u0623\u0625\u0627])/g, '$1\u0644')
    .replace(/\u0e33\u0e32/g, '\u0e33');
}

/** All the text of a PDF, squashed. */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  return squash((await extractText(await getDocumentProxy(pdf), { mergePages: true })).text);
}
