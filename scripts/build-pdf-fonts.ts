/**
 * Builds the small Chinese, Japanese and Korean fonts the PDF reports print with (server/services/pdf-fonts/): each is
 * Noto Sans CJK cut down to the characters of that locale's PDF strings (`report.pdf.*`, `plagiarism.pdf.*`), the
 * dates and numbers the reports format in it, ASCII, and common CJK/full-width punctuation. The full fonts are 4–8 MB
 * per weight, too heavy for `npm ci`; these subsets are a few dozen KB.
 *
 * Fetch the sources once, outside the project (nothing is downloaded at run time):
 *   mkdir -p /tmp/cjk && cd /tmp/cjk && for p in sc tc jp kr; do npm pack @embedpdf/fonts-$p@1.0.0 && tar xzf embedpdf-fonts-$p-1.0.0.tgz && mv package $p; done
 * then, after changing those strings:
 *   node scripts/build-pdf-fonts.ts /tmp/cjk
 *
 * fontkit (which pdfkit brings) subsets the CFF outlines; it writes the bare CFF table only, so this script wraps it
 * in an OpenType file with the tables fontkit and pdfkit read back: cmap (built here for the kept characters), hmtx
 * and maxp (rebuilt for the new glyph order), head, hhea, OS/2, name and post (copied from the source font).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fontkit from 'fontkit';
import { catalogs } from '../src/i18n/messages/index.ts';
import type { Locale } from '../src/i18n/locales.ts';
import { pdfText } from '../server/services/pdf-text.ts';

/**
 * Source fonts and the names of their subsets. The licence reserves the name "Noto Sans" for the original fonts, so a
 * subset (a modified version) is named "Iw Report CJK …" in its files, its name table and its CFF names.
 */
export const cjkFonts = {
  zh: { dir: 'sc', family: 'NotoSansHans', out: 'IwReportSC' },
  'zh-TW': { dir: 'tc', family: 'NotoSansHant', out: 'IwReportTC' },
  ja: { dir: 'jp', family: 'NotoSansJP', out: 'IwReportJP' },
  ko: { dir: 'kr', family: 'NotoSansKR', out: 'IwReportKR' },
} as const satisfies Partial<Record<Locale, { dir: string; family: string; out: string }>>;

/** Keys printed in bold: the titles and headings. */
const boldKeys = /^(report|plagiarism)\.pdf\.(title|details|textTitle|meaningTitle|sources|passagesTitle|passageHeading|identical|minorChanges)$/;

function range(from: number, to: number): string {
  let s = '';
  for (let c = from; c <= to; c++) s += String.fromCodePoint(c);
  return s;
}

/** The characters a locale's PDF can print from our own strings and formats. */
function characters(locale: keyof typeof cjkFonts, bold: boolean): Set<string> {
  const chars = new Set<string>(range(0x20, 0x7e));
  const add = (s: string) => {
    for (const c of s) chars.add(c);
  };
  for (const [key, value] of Object.entries(catalogs[locale])) if (/^(report|plagiarism)\.pdf\./.test(key) && (!bold || boldKeys.test(key))) add(value);
  if (!bold) {
    // Punctuation common in any text: general punctuation, CJK symbols and punctuation, full-width ASCII forms.
    add(range(0x2010, 0x2027) + range(0x3000, 0x303f) + range(0xff01, 0xff5e) + '×÷°±·€£¥');
    // Every date and time the reports print (each month, morning and afternoon), numbers and percentages.
    const text = pdfText(locale);
    for (let month = 0; month < 12; month++) {
      for (const hour of [0, 9, 12, 15, 23]) {
        const iso = new Date(Date.UTC(2026, month, 28, hour, 30, 45)).toISOString();
        add(text.dateTime(iso) + text.date(iso));
      }
    }
    add(text.number(1234567.5) + text.percent(12.5) + text.figure('<1%'));
  }
  return chars;
}

interface Table {
  tag: string;
  data: Uint8Array;
}

/** The raw tables of an sfnt file. */
function tablesOf(file: Uint8Array): Map<string, Uint8Array> {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const count = view.getUint16(4);
  const out = new Map<string, Uint8Array>();
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    const tag = String.fromCharCode(...file.subarray(at, at + 4));
    out.set(tag, file.subarray(view.getUint32(at + 8), view.getUint32(at + 8) + view.getUint32(at + 12)));
  }
  return out;
}

function checksum(data: Uint8Array): number {
  const padded = new Uint8Array((data.length + 3) & ~3);
  padded.set(data);
  const view = new DataView(padded.buffer);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + view.getUint32(i)) >>> 0;
  return sum;
}

/** An OpenType (CFF) file from its tables, sorted by tag as the format asks. */
function sfnt(tables: Table[]): Uint8Array {
  tables.sort((a, b) => (a.tag < b.tag ? -1 : 1));
  const headerSize = 12 + tables.length * 16;
  const size = tables.reduce((n, t) => n + ((t.data.length + 3) & ~3), headerSize);
  const file = new Uint8Array(size);
  const view = new DataView(file.buffer);
  file.set([0x4f, 0x54, 0x54, 0x4f]); // 'OTTO'
  const power = 2 ** Math.floor(Math.log2(tables.length));
  view.setUint16(4, tables.length);
  view.setUint16(6, power * 16);
  view.setUint16(8, Math.log2(power));
  view.setUint16(10, tables.length * 16 - power * 16);
  let offset = headerSize;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    for (let k = 0; k < 4; k++) file[at + k] = t.tag.charCodeAt(k);
    view.setUint32(at + 4, checksum(t.data));
    view.setUint32(at + 8, offset);
    view.setUint32(at + 12, t.data.length);
    file.set(t.data, offset);
    offset += (t.data.length + 3) & ~3;
  });
  return file;
}

/** A cmap with one format 12 subtable (Windows, full Unicode). */
function cmap(map: [number, number][]): Uint8Array {
  map.sort((a, b) => a[0] - b[0]);
  const groups: [number, number, number][] = [];
  for (const [cp, gid] of map) {
    const last = groups[groups.length - 1];
    if (last && cp === last[1] + 1 && gid === last[2] + (cp - last[0])) last[1] = cp;
    else groups.push([cp, cp, gid]);
  }
  const sub = 16 + groups.length * 12;
  const data = new Uint8Array(12 + sub);
  const view = new DataView(data.buffer);
  view.setUint16(2, 1); // one subtable
  view.setUint16(4, 3); // Windows
  view.setUint16(6, 10); // UCS-4
  view.setUint32(8, 12);
  view.setUint16(12, 12); // format 12
  view.setUint32(16, sub);
  view.setUint32(24, groups.length);
  groups.forEach(([start, end, gid], i) => {
    view.setUint32(28 + i * 12, start);
    view.setUint32(32 + i * 12, end);
    view.setUint32(36 + i * 12, gid);
  });
  return data;
}

/** A name table (format 0, Windows Unicode English records) for the renamed subset. */
function nameTable(family: string, style: string, copyright: string): Uint8Array {
  const records: [number, string][] = [
    [0, copyright],
    [1, family],
    [2, style],
    [4, `${family} ${style}`],
    [6, `${family.replace(/ /g, '')}-${style}`],
  ];
  const strings = records.map(([, value]) => {
    const bytes = new Uint8Array(value.length * 2);
    for (let i = 0; i < value.length; i++) new DataView(bytes.buffer).setUint16(i * 2, value.charCodeAt(i));
    return bytes;
  });
  const headerSize = 6 + records.length * 12;
  const data = new Uint8Array(headerSize + strings.reduce((n, b) => n + b.length, 0));
  const view = new DataView(data.buffer);
  view.setUint16(2, records.length);
  view.setUint16(4, headerSize);
  let offset = 0;
  records.forEach(([id], i) => {
    const at = 6 + i * 12;
    view.setUint16(at, 3);
    view.setUint16(at + 2, 1);
    view.setUint16(at + 4, 0x409);
    view.setUint16(at + 6, id);
    view.setUint16(at + 8, strings[i]!.length);
    view.setUint16(at + 10, offset);
    data.set(strings[i]!, headerSize + offset);
    offset += strings[i]!.length;
  });
  return data;
}

/** Replaces an ASCII string by another of the same length everywhere in a buffer (the CFF's font names). */
function replaceAscii(data: Uint8Array, from: string, to: string): Uint8Array {
  if (from.length !== to.length) throw new Error('same length only');
  const out = new Uint8Array(data);
  const needle = [...from].map((c) => c.charCodeAt(0));
  for (let i = 0; i + needle.length <= out.length; i++) {
    if (needle.every((b, k) => out[i + k] === b)) for (let k = 0; k < needle.length; k++) out[i + k] = to.charCodeAt(k);
  }
  return out;
}

export function subsetFont(source: Uint8Array, chars: Set<string>, family: string, style: string): Uint8Array {
  const font = fontkit.create(Buffer.from(source)) as fontkit.Font;
  const subset = font.createSubset();
  const map: [number, number][] = [];
  for (const c of [...chars].sort()) {
    const cp = c.codePointAt(0)!;
    if (!font.hasGlyphForCodePoint(cp)) continue;
    map.push([cp, subset.includeGlyph(font.glyphForCodePoint(cp))]);
  }
  const glyphs = (subset as unknown as { glyphs: number[] }).glyphs;
  const cff = replaceAscii(replaceAscii(subset.encode(), 'NotoSans', 'IwReport'), 'Noto Sans', 'Iw Report');
  const raw = tablesOf(source);
  const copy = (tag: string) => new Uint8Array(raw.get(tag)!);
  const hhea = copy('hhea');
  new DataView(hhea.buffer).setUint16(34, glyphs.length);
  const hmtx = new Uint8Array(glyphs.length * 4);
  glyphs.forEach((gid, i) => {
    const glyph = font.getGlyph(gid);
    new DataView(hmtx.buffer).setUint16(i * 4, glyph.advanceWidth);
    new DataView(hmtx.buffer).setInt16(i * 4 + 2, Math.round(glyph.bbox.minX === Infinity ? 0 : glyph.bbox.minX));
  });
  const maxp = new Uint8Array(6);
  new DataView(maxp.buffer).setUint32(0, 0x00005000);
  new DataView(maxp.buffer).setUint16(4, glyphs.length);
  const post = copy('post').slice(0, 32);
  new DataView(post.buffer).setUint32(0, 0x00030000);
  const head = copy('head');
  new DataView(head.buffer).setUint32(8, 0); // checkSumAdjustment: not computed
  return sfnt([
    { tag: 'CFF ', data: cff },
    { tag: 'OS/2', data: copy('OS/2') },
    { tag: 'cmap', data: cmap(map) },
    { tag: 'head', data: head },
    { tag: 'hhea', data: hhea },
    { tag: 'hmtx', data: hmtx },
    { tag: 'maxp', data: maxp },
    { tag: 'name', data: nameTable(family, style, 'Subset of Noto Sans CJK. Copyright 2014-2021 Adobe (http://www.adobe.com/). SIL Open Font License 1.1.') },
    { tag: 'post', data: post },
  ]);
}

if (import.meta.main) {
  const from = process.argv[2];
  if (!from) {
    console.error('usage: node scripts/build-pdf-fonts.ts <folder with sc/ tc/ jp/ kr/ from npm pack @embedpdf/fonts-*>');
    process.exit(1);
  }
  const outDir = join(import.meta.dirname, '../server/services/pdf-fonts');
  mkdirSync(outDir, { recursive: true });
  for (const [locale, f] of Object.entries(cjkFonts) as [keyof typeof cjkFonts, (typeof cjkFonts)[keyof typeof cjkFonts]][]) {
    for (const [weight, bold] of [
      ['Regular', false],
      ['Bold', true],
    ] as const) {
      const chars = characters(locale, bold);
      const family = `Iw Report CJK ${f.out.slice(-2)}`;
      const file = subsetFont(readFileSync(join(from, f.dir, 'fonts', `${f.family}-${weight}.otf`)), chars, family, weight);
      writeFileSync(join(outDir, `${f.out}-${weight}.otf`), file);
      console.log(`${f.out}-${weight}.otf: ${chars.size} characters, ${file.length} bytes`);
    }
  }
}
