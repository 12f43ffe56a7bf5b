import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';
import type { Locale } from '../../src/i18n/locales.ts';

/**
 * The fonts the PDF reports print with (all SIL OFL 1.1, see pdf-fonts/README.md and decision 0025): Noto Sans for
 * Latin, Greek and Cyrillic, Noto Naskh Arabic, Noto Sans Thai (from npm), and for zh, zh-TW, ja and ko small subsets
 * of Noto Sans CJK committed in pdf-fonts/ (renamed "Iw Report CJK", as the licence asks of modified versions) (scripts/build-pdf-fonts.ts). Read once, on first use.
 */
const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(dirname(require.resolve(name)));
const here = join(import.meta.dirname, 'pdf-fonts');

type Weight = 'regular' | 'bold';
type Family = 'latin' | 'arabic' | 'thai' | 'sc' | 'tc' | 'jp' | 'kr';

const files: Record<Family, () => Record<Weight, string>> = {
  latin: () => ({
    regular: join(packageDir('@embedpdf/fonts-latin'), 'fonts/NotoSans-Regular.ttf'),
    bold: join(packageDir('@embedpdf/fonts-latin'), 'fonts/NotoSans-Bold.ttf'),
  }),
  arabic: () => ({
    regular: join(packageDir('@embedpdf/fonts-arabic'), 'fonts/NotoNaskhArabic-Regular.ttf'),
    bold: join(packageDir('@embedpdf/fonts-arabic'), 'fonts/NotoNaskhArabic-Bold.ttf'),
  }),
  thai: () => ({
    regular: require.resolve('@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf'),
    bold: require.resolve('@expo-google-fonts/noto-sans-thai/700Bold/NotoSansThai_700Bold.ttf'),
  }),
  sc: () => ({ regular: join(here, 'IwReportSC-Regular.otf'), bold: join(here, 'IwReportSC-Bold.otf') }),
  tc: () => ({ regular: join(here, 'IwReportTC-Regular.otf'), bold: join(here, 'IwReportTC-Bold.otf') }),
  jp: () => ({ regular: join(here, 'IwReportJP-Regular.otf'), bold: join(here, 'IwReportJP-Bold.otf') }),
  kr: () => ({ regular: join(here, 'IwReportKR-Regular.otf'), bold: join(here, 'IwReportKR-Bold.otf') }),
};

interface LoadedFont {
  /** The file's bytes, for doc.registerFont. */
  data: Buffer;
  /** For asking which characters it has. */
  font: fontkit.Font;
}

const loaded = new Map<string, LoadedFont>();
function load(family: Family, weight: Weight): LoadedFont {
  const key = `${family}-${weight}`;
  let entry = loaded.get(key);
  if (!entry) {
    const data = readFileSync(files[family]()[weight]);
    entry = { data, font: fontkit.create(data) as fontkit.Font };
    loaded.set(key, entry);
  }
  return entry;
}

/** The locale's own script first; then Latin/Greek/Cyrillic, Arabic, Thai and the CJK subsets for characters it lacks. */
function familiesFor(locale: Locale): Family[] {
  const own: Family | undefined = { ar: 'arabic', th: 'thai', zh: 'sc', 'zh-TW': 'tc', ja: 'jp', ko: 'kr' }[locale as string] as Family | undefined;
  const rest: Family[] = ['latin', 'arabic', 'thai', 'sc', 'tc', 'jp', 'kr'];
  return own ? [own, ...rest.filter((f) => f !== own)] : rest;
}

/** The characters of `text` that no font of the locale can print (they would show as boxes). */
export function missingCharacters(locale: Locale, text: string, weight: Weight = 'regular'): string[] {
  const families = familiesFor(locale);
  const missing = new Set<string>();
  for (const char of text.replace(bidiControls, '')) {
    if (/\s/u.test(char)) continue;
    const cp = char.codePointAt(0)!;
    if (!families.some((family) => load(family, weight).font.hasGlyphForCodePoint(cp))) missing.add(char);
  }
  return [...missing];
}

/** A stretch of text printed in one font. */
export interface FontRun {
  text: string;
  font: string;
}

/** The fonts of one document: registers them with pdfkit and splits text into runs each font can print. */
export class PdfFonts {
  private readonly doc: PDFKit.PDFDocument;
  private readonly families: Family[];
  private readonly registered = new Set<string>();
  constructor(doc: PDFKit.PDFDocument, locale: Locale) {
    this.doc = doc;
    this.families = familiesFor(locale);
  }

  private name(family: Family, weight: Weight): string {
    const name = `${family}-${weight}`;
    if (!this.registered.has(name)) {
      this.doc.registerFont(name, load(family, weight).data);
      this.registered.add(name);
    }
    return name;
  }

  /** The locale's main font of a weight (for headings and labels). */
  main(weight: Weight = 'regular'): string {
    return this.name(this.families[0]!, weight);
  }

  /** The family that prints a character: the first one holding it, else the locale's own (its .notdef box). */
  private familyOf(char: string, weight: Weight): Family {
    const cp = char.codePointAt(0)!;
    for (const family of this.families) if (load(family, weight).font.hasGlyphForCodePoint(cp)) return family;
    return this.families[0]!;
  }

  /**
   * The text cut where the font must change. Spaces, marks and joiners stay in the run they follow (so a word and the
   * space after it are one run), which also keeps Thai vowels and Arabic marks with their letters; so do punctuation
   * and digits when that run's font has them.
   */
  runs(text: string, weight: Weight = 'regular'): FontRun[] {
    const out: { text: string; family: Family }[] = [];
    for (const char of text) {
      const last = out[out.length - 1];
      const neutral = /[\s\p{M}\u200c\u200d]/u.test(char);
      // Punctuation and digits stay in the font of the run they follow when it has them ("humanity." in one font).
      const keep = last && (neutral || (!/\p{L}/u.test(char) && load(last.family, weight).font.hasGlyphForCodePoint(char.codePointAt(0)!)));
      const family = keep ? last.family : this.familyOf(char, weight);
      if (last && last.family === family) last.text += char;
      else out.push({ text: char, family });
    }
    return out.map((r) => ({ text: r.text, font: this.name(r.family, weight) }));
  }
}

/**
 * Writes text in as many font runs as it needs, continuing one paragraph (pdfkit keeps the size and colour across
 * fonts). `options.continued` carries on into the next call, as with doc.text.
 */
export function writeText(doc: PDFKit.PDFDocument, fonts: PdfFonts, text: string, options: PDFKit.Mixins.TextOptions = {}, weight: Weight = 'regular'): PDFKit.PDFDocument {
  const runs = fonts.runs(text.replace(bidiControls, ''), weight);
  if (runs.length === 0) return doc.font(fonts.main(weight)).text('', options);
  runs.forEach((run, i) => {
    doc.font(run.font).text(run.text, { ...options, continued: i < runs.length - 1 || Boolean(options.continued) });
  });
  return doc;
}

/** A run of a report's submitted text: its marker's colour (null: none) and, optionally, a bar under the marker. */
export interface MarkedRun {
  text: string;
  fill: string | null;
  edge?: string;
}

/** Pages a report may have before its submitted text is cut (a 10,000-word essay takes about 40). */
export const maxReportPages = 120;

/** Pages of the document so far (without buffered pages, pdfkit counts the flushed ones in `start`). */
export function pagesOf(doc: PDFKit.PDFDocument): number {
  const range = doc.bufferedPageRange();
  return range.start + range.count;
}

/** A token wider than the line, in pieces that fit (at least one character each). */
function splitWide(token: string, measure: (text: string) => number, width: number): string[] {
  if (measure(token) <= width) return [token];
  const pieces: string[] = [];
  let piece = '';
  let used = 0;
  for (const char of token) {
    const w = measure(char);
    if (piece && used + w > width) {
      pieces.push(piece, ' ');
      piece = '';
      used = 0;
    }
    piece += char;
    used += w;
  }
  pieces.push(piece);
  return pieces;
}

/**
 * One paragraph of a report's submitted text, left to right, wrapped here word by word so that each marked word gets
 * a marker background (pdfkit has no text background; issue 30: coloured, underlined text read like links): the
 * markers of a line are drawn first, then the line's text over them in one piece per font, so that a PDF reader still
 * reads the words with their spaces. A new page when one is full, up to `maxReportPages`: past them it stops and
 * answers false, and the caller says the text is cut (issue 29: 99,000 lines of "." made a 2,202-page PDF). A word
 * wider than the line is broken across lines (one 1,000-character "word" ran off the page).
 */
export function writeMarked(doc: PDFKit.PDFDocument, fonts: PdfFonts, runs: readonly MarkedRun[], left: number, width: number): boolean {
  const lineHeight = doc.currentLineHeight(true) + 2;
  const bottom = doc.page.height - doc.page.margins.bottom;
  const measure = (text: string) => fonts.runs(text).reduce((sum, piece) => sum + doc.font(piece.font).widthOfString(piece.text), 0);
  type Placed = { text: string; run: MarkedRun; x: number; width: number };
  const lines: Placed[][] = [[]];
  let x = 0;
  for (const run of runs) {
    for (const token of run.text.split(/(\s+)/).flatMap((t) => (t.length > 40 && !/^\s+$/.test(t) ? splitWide(t, measure, width) : [t])).filter(Boolean)) {
      const space = /^\s+$/.test(token);
      const w = measure(space ? ' ' : token);
      if (!space && x > 0 && x + w > width) {
        lines.push([]);
        x = 0;
      }
      if (space && x === 0) continue;
      lines[lines.length - 1]!.push({ text: space ? ' ' : token, run, x, width: w });
      x += w;
    }
  }
  let y = doc.y;
  for (const line of lines) {
    while (line.length > 0 && line[line.length - 1]!.text === ' ') line.pop();
    if (y + lineHeight > bottom) {
      if (pagesOf(doc) >= maxReportPages) {
        doc.x = left;
        doc.y = y;
        return false;
      }
      doc.addPage();
      y = doc.page.margins.top;
    }
    for (const piece of line) {
      if (piece.run.fill) doc.save().rect(left + piece.x, y - 1.5, piece.width + 0.3, lineHeight).fill(piece.run.fill).restore();
      if (piece.run.edge) doc.save().rect(left + piece.x, y + lineHeight - 2.5, piece.width + 0.3, 1).fill(piece.run.edge).restore();
    }
    doc.fillColor('#0f172a');
    let at = left;
    for (const piece of fonts.runs(line.map((p) => p.text).join(''))) {
      doc.font(piece.font).text(piece.text, at, y, { lineBreak: false });
      at += doc.widthOfString(piece.text);
    }
    y += lineHeight;
  }
  doc.x = left;
  doc.y = y;
  return true;
}

/**
 * How a report writes: Arabic paragraphs right to left by `writeRtl` (a label and its value make one line there),
 * every other language in font runs; and the "Label: value" lines of a report's details, the label muted.
 */
export function pdfWriter(doc: PDFKit.PDFDocument, fonts: PdfFonts, rtl: boolean) {
  const write = (s: string, options: PDFKit.Mixins.TextOptions = {}, weight: Weight = 'regular') =>
    rtl ? writeRtl(doc, fonts, s, options, weight) : writeText(doc, fonts, s, options, weight);
  const details = (rows: readonly (readonly [string, string])[], labelled: (label: string) => string) => {
    for (const [label, value] of rows) {
      if (rtl) {
        doc.fillColor('#0f172a');
        write(labelled(label) + value);
        continue;
      }
      doc.fillColor('#475569');
      write(labelled(label), { continued: true });
      doc.fillColor('#0f172a');
      write(value);
    }
  };
  return { write, details };
}

/** Direction marks Intl puts around numbers: the layout below orders runs itself, and the fonts have no glyph for them. */
const bidiControls = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;
const strongRtl = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
const mirrored: Record<string, string> = { '(': ')', ')': '(', '[': ']', ']': '[', '{': '}', '}': '{', '«': '»', '»': '«', '<': '>', '>': '<' };

/**
 * A right-to-left paragraph (Arabic): pdfkit lays text out left to right only, and fontkit shapes and reverses each
 * Arabic run but does not reorder words. So the paragraph is wrapped here word by word, each line is ordered by the
 * Unicode bidi rules for simple text (right-to-left words from the right; a stretch of left-to-right words such as
 * "Turnitin" or "IWX-123 test" keeps its own order inside; brackets in Arabic words mirrored) and right-aligned. The
 * words are drawn in reading order at their places, so a PDF reader's text extraction and search read the paragraph
 * in order.
 */
export function writeRtl(doc: PDFKit.PDFDocument, fonts: PdfFonts, text: string, options: { width?: number; lineGap?: number } = {}, weight: Weight = 'regular'): PDFKit.PDFDocument {
  const left = doc.x;
  const width = options.width ?? doc.page.width - doc.page.margins.right - left;
  const measure = (shown: string) => {
    const runs = fonts.runs(shown, weight);
    const widths = runs.map((run) => doc.font(run.font).widthOfString(run.text));
    return { runs, widths, width: widths.reduce((n, w) => n + w, 0) };
  };
  const mirror = (s: string) => [...s].map((c) => mirrored[c] ?? c).join('');
  const words = text
    .replace(bidiControls, '')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const rtl = strongRtl.test(word);
      if (!rtl) {
        const piece = measure(word);
        return { rtl, width: piece.width, pieces: [{ ...piece, offset: 0 }] };
      }
      // Punctuation before and after an Arabic word ("(", ".", "):") is drawn on its own, mirrored and reversed, so
      // that a reader's extraction keeps it on the right side of the word; fontkit reverses the word itself.
      const [, lead = '', core = '', trail = ''] = /^([^\p{L}\p{N}]*)(.*?)([^\p{L}\p{N}\p{M}]*)$/su.exec(word) ?? [];
      const flip = (s: string) => mirror([...s].reverse().join(''));
      const [l, c, t] = [measure(flip(lead)), measure(mirror(core)), measure(flip(trail))];
      // Visually, left to right: the trailing punctuation, the word, the leading punctuation; drawn in reading order.
      return {
        rtl,
        width: l.width + c.width + t.width,
        pieces: [
          { ...l, offset: t.width + c.width },
          { ...c, offset: t.width, reversed: true },
          { ...t, offset: 0 },
        ].filter((piece) => piece.runs.length > 0),
      };
    });
  const space = doc.font(fonts.main(weight)).widthOfString(' ');
  const lineHeight = doc.currentLineHeight(true) + (options.lineGap ?? 0);
  const lines: (typeof words)[] = [];
  let line: typeof words = [];
  let used = 0;
  for (const word of words) {
    if (line.length > 0 && used + space + word.width > width) {
      lines.push(line);
      line = [];
      used = 0;
    }
    used += (line.length ? space : 0) + word.width;
    line.push(word);
  }
  if (line.length) lines.push(line);
  let y = doc.y;
  for (const words of lines) {
    if (y + lineHeight > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      y = doc.y;
    }
    // Visual order, left to right: the line's groups reversed, a group of left-to-right words kept in order.
    const groups: (typeof words)[] = [];
    for (const word of words) {
      const last = groups[groups.length - 1];
      if (!word.rtl && last && !last[0]!.rtl) last.push(word);
      else groups.push([word]);
    }
    const visual = groups.reverse().flat();
    const total = visual.reduce((n, w) => n + w.width, 0) + space * (visual.length - 1);
    const places = new Map<(typeof words)[number], number>();
    let x = left + width - total;
    for (const word of visual) {
      places.set(word, x);
      x += word.width + space;
    }
    // Drawn in reading order; inside an Arabic word, its font runs from the right.
    for (const word of words) {
      for (const piece of word.pieces) {
        let at = places.get(word)! + piece.offset;
        const order = 'reversed' in piece ? [...piece.runs.keys()].reverse() : [...piece.runs.keys()];
        for (const i of order) {
          doc.font(piece.runs[i]!.font).text(piece.runs[i]!.text, at, y, { lineBreak: false });
          at += piece.widths[i]!;
        }
      }
    }
    y += lineHeight;
  }
  doc.x = left;
  doc.y = y;
  return doc;
}
