/**
 * Paragraphs from a PDF's layout (issue 11: "every printed line became a
 * paragraph and hyphenated words split"). A PDF has lines, not paragraphs:
 * lines are joined into one paragraph unless the layout says a new one starts
 * (a larger gap, a first-line indent, or a short line that ends a sentence),
 * and a word broken at the end of a line is mended — without its hyphen when
 * the joined word is a known word ("environ-" + "mental"), with it otherwise
 * ("work-" + "life").
 */

/** A text item as pdf.js reports it (getTextContent). */
export interface PdfTextItem {
  str: string;
  /** [a, b, c, d, x, y]: x and y of the baseline start. */
  transform: number[];
  width: number;
  height: number;
  hasEOL?: boolean;
}

/** One printed line. */
export interface PdfLine {
  text: string;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The page's width, when known: with symmetric margins it gives the text column's width. */
  pageWidth?: number;
}

/** Groups a page's items into lines (a line ends at an end-of-line mark or when the baseline moves). */
export function linesOfPage(items: PdfTextItem[], page: number, pageWidth?: number): PdfLine[] {
  const lines: PdfLine[] = [];
  let current: PdfLine | undefined;
  for (const item of items) {
    const x = item.transform[4] ?? 0;
    const y = item.transform[5] ?? 0;
    const height = Math.abs(item.height || item.transform[3] || 0);
    if (current && item.str.trim() !== '' && Math.abs(y - current.y) > Math.max(1, current.height * 0.5)) {
      lines.push(current);
      current = undefined;
    }
    if (!current) {
      if (item.str.trim() === '' && !item.hasEOL) continue;
      current = { text: '', page, x, y, width: 0, height, pageWidth };
    }
    current.text += item.str;
    current.width = Math.max(current.width, x + item.width - current.x);
    current.height = Math.max(current.height, height);
    if (item.hasEOL) {
      lines.push(current);
      current = undefined;
    }
  }
  if (current) lines.push(current);
  return lines.map((l) => ({ ...l, text: l.text.replace(/\s+/g, ' ').trim() })).filter((l) => l.text !== '');
}

const median = (values: number[]) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const endsSentence = /[.!?:;…"”’)\]]$/;
/** A web address or DOI cut after one of its separators at the end of a line ("https://doi.org/10.1038/"). */
const brokenAddress = /(?:https?:\/\/|www\.|\bdoi:\s?|\b10\.\d{4,9}\/)\S*[/._-]$/i;
/** What may continue such an address on the next line. */
const addressContinues = /^[\p{L}\p{N}][\p{L}\p{N}._~:/?#@!$&'()*+,;=%-]*/u;

/** Rebuilds paragraphs from printed lines; `isWord` says whether a lower-case word is a known word. */
export function paragraphsFromLines(lines: PdfLine[], isWord: (word: string) => boolean): string[] {
  if (lines.length === 0) return [];
  const gaps = lines.slice(1).flatMap((line, i) => (line.page === lines[i]!.page && lines[i]!.y > line.y ? [lines[i]!.y - line.y] : []));
  const lineGap = median(gaps) || median(lines.map((l) => l.height)) * 1.2;
  const margin = median(lines.map((l) => l.x));
  // The column: as wide as the longest line, or the page less two margins (a short text has no full line).
  const pageWidth = lines.find((l) => l.pageWidth)?.pageWidth;
  const fullWidth = Math.max(Math.max(...lines.map((l) => l.x + l.width)) - margin, pageWidth ? pageWidth - 2 * margin : 0);

  const paragraphs: string[] = [];
  let text = lines[0]!.text;
  for (let i = 1; i < lines.length; i++) {
    const previous = lines[i - 1]!;
    const line = lines[i]!;
    const gap = line.page === previous.page ? previous.y - line.y : lineGap;
    const address = brokenAddress.test(previous.text) && addressContinues.test(line.text);
    const hyphenated = !address && /\p{L}-$/u.test(previous.text) && /^\p{Ll}/u.test(line.text);
    const newParagraph =
      !hyphenated &&
      !address &&
      (gap > lineGap * 1.4 ||
        gap < 0 ||
        line.x - margin > Math.max(line.height * 0.8, 6) ||
        (endsSentence.test(previous.text) && previous.x + previous.width - margin < fullWidth * 0.8));
    if (newParagraph) {
      paragraphs.push(text);
      text = line.text;
    } else if (address) {
      // A DOI or address printed over two lines is one token: no space where the line broke.
      text = `${text}${line.text}`;
    } else if (hyphenated) {
      const left = /(\p{L}+)-$/u.exec(text)?.[1] ?? '';
      const right = /^\p{L}+/u.exec(line.text)?.[0] ?? '';
      text = isWord(`${left}${right}`.toLowerCase()) ? `${text.slice(0, -1)}${line.text}` : `${text}${line.text}`;
    } else {
      text = `${text} ${line.text}`;
    }
  }
  paragraphs.push(text);
  return paragraphs;
}
