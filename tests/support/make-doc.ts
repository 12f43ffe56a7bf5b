/**
 * Builds a small but real Word 97-2003 binary document (.doc) for tests: an OLE2 compound file
 * ([MS-CFB], version 3, 512-byte sectors) holding the streams Word writes for plain text
 * ([MS-DOC]): `WordDocument` (FIB, the text as UTF-16LE, one CHPX FKP and the PAPX FKPs),
 * `1Table` (style sheet, font table, section table, bin tables, DOP and the CLX piece table)
 * and `\x05SummaryInformation` (code page and creating application).
 *
 * Every stream is at least 4096 bytes (zero padding after the data the FIB points at), so the
 * file needs no mini stream. Each paragraph ends with a paragraph mark '\r'; line breaks inside
 * a paragraph become Word's manual line break (U+000B).
 *
 * Not supported: formatting beyond the Normal style (no bold, lists, tables, headers, footnotes,
 * fields or pictures), files over ~7 MB (no DIFAT sectors) and Word control characters
 * (U+0000-U+001F other than line breaks and tabs) inside the text.
 */

const SECTOR = 512;
const MIN_STREAM = 4096; // the mini stream cutoff: larger streams live in ordinary sectors
const FREESECT = 0xffffffff;
const ENDOFCHAIN = 0xfffffffe;
const FATSECT = 0xfffffffd;
const NOSTREAM = 0xffffffff;

const FIB_SIZE = 0x384; // FibBase + FibRgW97 + FibRgLw97 + FibRgFcLcb97 + cswNew, for nFib 0x00C1
const FC_MIN = 0x400; // where the text starts in the WordDocument stream
const PAPX_RUNS_PER_FKP = 29; // 0x1D, the most one PAPX FKP can hold

/** Index of each (fc, lcb) pair in FibRgFcLcb97. */
const FcLcb = {
  StshfOrig: 0,
  Stshf: 1,
  PlcfSed: 6,
  PlcfBteChpx: 12,
  PlcfBtePapx: 13,
  SttbfFfn: 15,
  Dop: 31,
  Clx: 33,
} as const;

class Writer {
  private chunks: Buffer[] = [];
  length = 0;

  bytes(data: Buffer | Uint8Array | readonly number[]): this {
    const buffer = Buffer.from(data);
    this.chunks.push(buffer);
    this.length += buffer.length;
    return this;
  }

  u8(value: number): this {
    return this.bytes([value & 0xff]);
  }

  u16(value: number): this {
    const buffer = Buffer.alloc(2);
    buffer.writeUInt16LE(value & 0xffff);
    return this.bytes(buffer);
  }

  u32(value: number): this {
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32LE(value >>> 0);
    return this.bytes(buffer);
  }

  zeros(count: number): this {
    return this.bytes(Buffer.alloc(count));
  }

  utf16(text: string): this {
    return this.bytes(Buffer.from(text, 'utf16le'));
  }

  alignTo(size: number): this {
    const rest = this.length % size;
    return rest === 0 ? this : this.zeros(size - rest);
  }

  toBuffer(): Buffer {
    return Buffer.concat(this.chunks, this.length);
  }
}

/* ---------------------------------------------------------------- Table stream structures */

/** One STD (style definition) of a Word 97 style sheet, with cbSTDBaseInFile = 10. */
function style(opts: { sti: number; kind: 'paragraph' | 'character'; next: number; name: string }): Buffer {
  const w = new Writer();
  const paragraph = opts.kind === 'paragraph';
  w.u16(opts.sti & 0x0fff); // sti, no flags
  w.u16((paragraph ? 1 : 2) | (0x0fff << 4)); // stk, istdBase = istdNil
  w.u16((paragraph ? 2 : 1) | (opts.next << 4)); // cupx, istdNext
  const bchUpe = w.length;
  w.u16(0); // bchUpe, patched below
  w.u16(paragraph ? 0x0001 : 0x0000); // grfstd: fAutoRedef for Normal
  w.u16(opts.name.length).utf16(opts.name).u16(0); // xstzName
  if (paragraph) w.u16(2).u16(0); // LPUpxPapx: istd 0, no sprms
  w.u16(0); // LPUpxChpx: no sprms
  const std = w.toBuffer();
  std.writeUInt16LE(std.length, bchUpe);
  return std;
}

/** STSH: a Word 97 style sheet with Normal (istd 0) and Default Paragraph Font (istd 10). */
function styleSheet(): Buffer {
  const cstd = 15;
  const styles = new Map<number, Buffer>([
    [0, style({ sti: 0, kind: 'paragraph', next: 0, name: 'Normal' })],
    [10, style({ sti: 65, kind: 'character', next: 10, name: 'Default Paragraph Font' })],
  ]);
  const w = new Writer();
  w.u16(18); // cbStshi
  w.u16(cstd);
  w.u16(10); // cbSTDBaseInFile
  w.u16(1); // fStdStylenamesWritten
  w.u16(0x5b); // stiMaxWhenSaved
  w.u16(15); // istdMaxFixedWhenSaved
  w.u16(0); // nVerBuiltInNamesWhenSaved
  w.u16(0).u16(0).u16(0); // rgftcStandardChpStsh: Times New Roman
  for (let istd = 0; istd < cstd; istd++) {
    const std = styles.get(istd);
    if (std) w.u16(std.length).bytes(std);
    else w.u16(0);
  }
  return w.toBuffer();
}

/** SttbfFfn: the font table (Times New Roman, Symbol, Arial). */
function fontTable(): Buffer {
  const fonts = [
    { name: 'Times New Roman', ffid: 0x16, chs: 0, panose: [2, 2, 6, 3, 5, 4, 5, 2, 3, 4] },
    { name: 'Symbol', ffid: 0x16, chs: 2, panose: [5, 5, 1, 2, 1, 7, 6, 2, 5, 7] },
    { name: 'Arial', ffid: 0x26, chs: 0, panose: [2, 11, 6, 4, 2, 2, 2, 2, 2, 4] },
  ];
  const w = new Writer();
  w.u16(fonts.length).u16(0); // cData, cbExtra
  for (const font of fonts) {
    const ffn = new Writer();
    ffn.u8(font.ffid); // prq = variable pitch, fTrueType, ff = roman/swiss
    ffn.u16(400); // wWeight
    ffn.u8(font.chs);
    ffn.u8(0); // ixchSzAlt: no alternative name
    ffn.bytes(font.panose);
    ffn.zeros(24); // FONTSIGNATURE
    ffn.utf16(font.name).u16(0); // xszFfn
    w.u8(ffn.length).bytes(ffn.toBuffer());
  }
  return w.toBuffer();
}

/** PlcfSed: one section covering the whole main document, with default section properties. */
function sectionTable(ccpText: number): Buffer {
  return new Writer()
    .u32(0)
    .u32(ccpText)
    .u16(0) // Sed.fn
    .u32(0xffffffff) // Sed.fcSepx: no SEPX, default properties
    .u16(0) // Sed.fnMpr
    .u32(0xffffffff) // Sed.fcMpr
    .toBuffer();
}

/** A PlcBteChpx / PlcBtePapx: file offsets (FCs) of the runs and the FKP page number of each. */
function binTable(bins: readonly { fcFirst: number; fcLim: number; pn: number }[]): Buffer {
  const w = new Writer();
  for (const bin of bins) w.u32(bin.fcFirst);
  w.u32(bins.at(-1)?.fcLim ?? FC_MIN);
  for (const bin of bins) w.u32(bin.pn);
  return w.toBuffer();
}

/** Dop97 (500 bytes) with Word's defaults where zero would mean something odd. */
function documentProperties(): Buffer {
  const dop = Buffer.alloc(500);
  dop.writeUInt8(0x20, 0x00); // fpc = 1: footnotes at the bottom of the page
  dop.writeUInt16LE(1 << 2, 0x02); // nFtn = 1
  dop.writeUInt16LE(720, 0x0a); // dxaTab: default tab stop every half inch
  dop.writeUInt16LE(360, 0x0e); // dxaHotZ
  dop.writeUInt16LE(1 << 2, 0x34); // nEdn = 1
  dop.writeUInt16LE(3, 0x36); // epc = 3: endnotes at the end of the document
  dop.writeUInt16LE(1 | (100 << 3), 0x52); // wvkoSaved = print layout, pctWwdSaved = 100% zoom
  return dop;
}

/** Clx: no Prc, one Pcdt whose single piece holds the whole text as UTF-16LE (fCompressed = 0). */
function pieceTable(ccpText: number): Buffer {
  const plcPcd = new Writer()
    .u32(0)
    .u32(ccpText)
    .u16(0) // Pcd flags
    .u32(FC_MIN) // FcCompressed: fc, fCompressed = 0
    .u16(0) // prm
    .toBuffer();
  return new Writer().u8(0x02).u32(plcPcd.length).bytes(plcPcd).toBuffer();
}

/* ------------------------------------------------------------ WordDocument stream structures */

/** A CHPX FKP with one run of default character properties. */
function chpxPage(fcFirst: number, fcLim: number): Buffer {
  const page = Buffer.alloc(SECTOR);
  page.writeUInt32LE(fcFirst, 0);
  page.writeUInt32LE(fcLim, 4);
  page.writeUInt8(0, 8); // rgb[0] = 0: no CHPX, default properties
  page.writeUInt8(1, 511); // crun
  return page;
}

/** A PAPX FKP: one run per paragraph (rgfc are the FCs after each paragraph mark), all in Normal. */
function papxPage(rgfc: readonly number[]): Buffer {
  const page = Buffer.alloc(SECTOR);
  const crun = rgfc.length - 1;
  rgfc.forEach((fc, i) => page.writeUInt32LE(fc, i * 4));
  const papxOffset = 504; // PapxInFkp: cb = 0, cb' = 1, istd = 0 (no sprms)
  page.writeUInt8(0, papxOffset);
  page.writeUInt8(1, papxOffset + 1);
  page.writeUInt16LE(0, papxOffset + 2);
  for (let i = 0; i < crun; i++) {
    const bx = (crun + 1) * 4 + i * 13;
    page.writeUInt8(papxOffset / 2, bx); // bOffset
    page.writeUInt8(0x02, bx + 1); // PHE.fUnk: paragraph height not known
  }
  page.writeUInt8(crun, 511);
  return page;
}

interface FibFields {
  ccpText: number;
  fcMac: number;
  cbMac: number;
  chp: { pnFirst: number; count: number };
  pap: { pnFirst: number; count: number };
  fcLcb: Map<number, { fc: number; lcb: number }>;
}

function fib(fields: FibFields): Buffer {
  const b = Buffer.alloc(FIB_SIZE);
  // FibBase
  b.writeUInt16LE(0xa5ec, 0x00); // wIdent
  b.writeUInt16LE(0x00c1, 0x02); // nFib: Word 97
  b.writeUInt16LE(0x0409, 0x06); // lid: English (US)
  b.writeUInt16LE(0x0200 | 0x1000, 0x0a); // fWhichTblStm (1Table), fExtChar
  b.writeUInt16LE(0x00bf, 0x0c); // nFibBack
  b.writeUInt32LE(FC_MIN, 0x18); // reserved5 (fcMin in older specs)
  b.writeUInt32LE(fields.fcMac, 0x1c); // reserved6 (fcMac)
  // FibRgW97
  b.writeUInt16LE(14, 0x20); // csw
  b.writeUInt16LE(0x0409, 0x3c); // lidFE
  // FibRgLw97
  b.writeUInt16LE(22, 0x3e); // cslw
  b.writeUInt32LE(fields.cbMac, 0x40);
  b.writeUInt32LE(fields.ccpText, 0x4c);
  b.writeUInt32LE(fields.chp.pnFirst, 0x70); // pnFbpChpFirst
  b.writeUInt32LE(fields.chp.pnFirst, 0x74); // pnChpFirst
  b.writeUInt32LE(fields.chp.count, 0x78); // cpnBteChp
  b.writeUInt32LE(fields.pap.pnFirst, 0x7c); // pnFbpPapFirst
  b.writeUInt32LE(fields.pap.pnFirst, 0x80); // pnPapFirst
  b.writeUInt32LE(fields.pap.count, 0x84); // cpnBtePap
  // FibRgFcLcb97
  b.writeUInt16LE(0x5d, 0x98); // cbRgFcLcb
  for (const [index, { fc, lcb }] of fields.fcLcb) {
    b.writeUInt32LE(fc, 0x9a + index * 8);
    b.writeUInt32LE(lcb, 0x9a + index * 8 + 4);
  }
  b.writeUInt16LE(0, 0x382); // cswNew: no FibRgCswNew
  return b;
}

/* ------------------------------------------------------------------- SummaryInformation */

/** A property set stream ([MS-OLEPS]): code page 1252 and the creating application's name. */
function summaryInformation(): Buffer {
  const FMTID_SummaryInformation = Buffer.from('E0859FF2F94F6810AB9108002B27B3D9', 'hex');
  const appName = 'Microsoft Office Word';
  const properties: [number, Buffer][] = [
    [0x01, new Writer().u32(0x0002).u16(1252).u16(0).toBuffer()], // PIDSI_CODEPAGE, VT_I2
    [0x12, new Writer().u32(0x001e).u32(appName.length + 1).bytes(Buffer.from(`${appName}\0`, 'latin1')).alignTo(4).toBuffer()], // PIDSI_APPNAME, VT_LPSTR
  ];
  const ids = new Writer();
  const values = new Writer();
  let offset = 8 + properties.length * 8;
  for (const [id, value] of properties) {
    ids.u32(id).u32(offset);
    values.bytes(value);
    offset += value.length;
  }
  return new Writer()
    .u16(0xfffe) // byte order
    .u16(0) // version
    .u32(0x00020106) // OS version 6.1, OSType 2 (Win32)
    .zeros(16) // CLSID
    .u32(1) // one section
    .bytes(FMTID_SummaryInformation)
    .u32(48) // section offset
    .u32(offset) // section size
    .u32(properties.length)
    .bytes(ids.toBuffer())
    .bytes(values.toBuffer())
    .toBuffer();
}

/* -------------------------------------------------------------------- Compound file (CFB) */

interface StreamEntry {
  name: string;
  data: Buffer;
}

/** CFB sibling order: shorter names first, then by upper-cased UTF-16 code units. */
function compareNames(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  const ua = a.toUpperCase();
  const ub = b.toUpperCase();
  return ua < ub ? -1 : ua > ub ? 1 : 0;
}

interface TreeNode {
  id: number;
  left: number;
  right: number;
  black: boolean;
}

/**
 * Arranges the root's children as a balanced binary search tree and colours it as a valid
 * red-black tree: nodes on the deepest level red, all others black. Returns the root's child id.
 */
function buildTree(ids: readonly number[], names: readonly string[], nodes: Map<number, TreeNode>): number {
  const sorted = [...ids].sort((a, b) => compareNames(names[a] ?? '', names[b] ?? ''));
  const depthOf = new Map<number, number>();
  const build = (lo: number, hi: number, depth: number): number => {
    if (lo > hi) return NOSTREAM;
    const mid = (lo + hi) >> 1;
    const id = sorted[mid] ?? NOSTREAM;
    depthOf.set(id, depth);
    const left = build(lo, mid - 1, depth + 1);
    const right = build(mid + 1, hi, depth + 1);
    nodes.set(id, { id, left, right, black: true });
    return id;
  };
  const root = build(0, sorted.length - 1, 0);
  const maxDepth = Math.max(0, ...depthOf.values());
  const perfect = sorted.length === 2 ** (maxDepth + 1) - 1;
  if (!perfect) {
    for (const [id, depth] of depthOf) {
      const node = nodes.get(id);
      if (node && depth === maxDepth && depth > 0) node.black = false;
    }
  }
  return root;
}

function directoryEntry(opts: {
  name: string;
  type: 1 | 2 | 5;
  black: boolean;
  left: number;
  right: number;
  child: number;
  clsid?: Buffer;
  start: number;
  size: number;
}): Buffer {
  const entry = Buffer.alloc(128);
  if (opts.name.length > 31) throw new Error(`CFB entry name too long: ${opts.name}`);
  entry.write(opts.name, 0, 'utf16le');
  entry.writeUInt16LE((opts.name.length + 1) * 2, 64);
  entry.writeUInt8(opts.type, 66);
  entry.writeUInt8(opts.black ? 1 : 0, 67);
  entry.writeUInt32LE(opts.left, 68);
  entry.writeUInt32LE(opts.right, 72);
  entry.writeUInt32LE(opts.child, 76);
  opts.clsid?.copy(entry, 80);
  entry.writeUInt32LE(opts.start, 116);
  entry.writeUInt32LE(opts.size, 120);
  return entry;
}

function unusedEntry(): Buffer {
  const entry = Buffer.alloc(128);
  entry.writeUInt32LE(NOSTREAM, 68);
  entry.writeUInt32LE(NOSTREAM, 72);
  entry.writeUInt32LE(NOSTREAM, 76);
  return entry;
}

/** {00020906-0000-0000-C000-000000000046}, Word.Document.8, as stored (GUID byte order). */
const CLSID_WORD_DOCUMENT = Buffer.from('0609020000000000C000000000000046', 'hex');

function compoundFile(streams: readonly StreamEntry[]): Buffer {
  const padded = streams.map((s) => {
    const size = Math.max(s.data.length, MIN_STREAM);
    const data = Buffer.alloc(Math.ceil(size / SECTOR) * SECTOR);
    s.data.copy(data);
    return { name: s.name, data, size };
  });

  const dirEntries = 1 + padded.length;
  const dirSectors = Math.ceil(dirEntries / (SECTOR / 128));
  const dataSectors = dirSectors + padded.reduce((n, s) => n + s.data.length / SECTOR, 0);
  let fatSectors = 1;
  while (fatSectors * (SECTOR / 4) < fatSectors + dataSectors) fatSectors++;
  if (fatSectors > 109) throw new Error('makeDoc: document too large (DIFAT sectors not supported)');

  const fat: number[] = [];
  for (let i = 0; i < fatSectors; i++) fat.push(FATSECT);
  const chain = (count: number): number => {
    const start = fat.length;
    for (let i = 0; i < count; i++) fat.push(i === count - 1 ? ENDOFCHAIN : start + i + 1);
    return start;
  };
  const dirStart = chain(dirSectors);
  const starts = padded.map((s) => chain(s.data.length / SECTOR));
  while (fat.length < fatSectors * (SECTOR / 4)) fat.push(FREESECT);

  const names = ['Root Entry', ...padded.map((s) => s.name)];
  const nodes = new Map<number, TreeNode>();
  const childIds = padded.map((_, i) => i + 1);
  const rootChild = buildTree(childIds, names, nodes);

  const directory = new Writer();
  directory.bytes(
    directoryEntry({
      name: 'Root Entry',
      type: 5,
      black: true,
      left: NOSTREAM,
      right: NOSTREAM,
      child: rootChild,
      clsid: CLSID_WORD_DOCUMENT,
      start: ENDOFCHAIN,
      size: 0,
    }),
  );
  padded.forEach((s, i) => {
    const node = nodes.get(i + 1);
    directory.bytes(
      directoryEntry({
        name: s.name,
        type: 2,
        black: node?.black ?? true,
        left: node?.left ?? NOSTREAM,
        right: node?.right ?? NOSTREAM,
        child: NOSTREAM,
        start: starts[i] ?? ENDOFCHAIN,
        size: s.size,
      }),
    );
  });
  while (directory.length < dirSectors * SECTOR) directory.bytes(unusedEntry());

  const header = Buffer.alloc(SECTOR);
  Buffer.from('D0CF11E0A1B11AE1', 'hex').copy(header, 0);
  header.writeUInt16LE(0x003e, 24); // minor version
  header.writeUInt16LE(0x0003, 26); // major version 3
  header.writeUInt16LE(0xfffe, 28); // byte order
  header.writeUInt16LE(9, 30); // sector shift: 512
  header.writeUInt16LE(6, 32); // mini sector shift: 64
  header.writeUInt32LE(0, 40); // directory sectors (0 in version 3)
  header.writeUInt32LE(fatSectors, 44);
  header.writeUInt32LE(dirStart, 48);
  header.writeUInt32LE(0, 52); // transaction signature
  header.writeUInt32LE(MIN_STREAM, 56); // mini stream cutoff
  header.writeUInt32LE(ENDOFCHAIN, 60); // no mini FAT
  header.writeUInt32LE(0, 64);
  header.writeUInt32LE(ENDOFCHAIN, 68); // no DIFAT sectors
  header.writeUInt32LE(0, 72);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i < fatSectors ? i : FREESECT, 76 + i * 4);

  const fatBuffer = Buffer.alloc(fatSectors * SECTOR);
  fat.forEach((value, i) => fatBuffer.writeUInt32LE(value, i * 4));

  return Buffer.concat([header, fatBuffer, directory.toBuffer(), ...padded.map((s) => s.data)]);
}

/* ------------------------------------------------------------------------------ makeDoc */

/** Returns a Word 97-2003 .doc file whose body is the given paragraphs. */
export function makeDoc(paragraphs: string[]): Buffer {
  const paras = (paragraphs.length > 0 ? paragraphs : ['']).map((p) => p.replace(/\r\n|\r|\n/g, '\u000b'));
  const text = paras.map((p) => `${p}\r`).join('');
  const ccpText = text.length;
  const fcMac = FC_MIN + ccpText * 2;

  // WordDocument: FIB, padding, text, then the FKP pages on 512-byte boundaries.
  const fcLims: number[] = [];
  let cp = 0;
  for (const p of paras) {
    cp += p.length + 1;
    fcLims.push(FC_MIN + cp * 2);
  }
  const textEnd = Math.ceil(fcMac / SECTOR) * SECTOR;
  const chpPn = textEnd / SECTOR;
  const pages: Buffer[] = [chpxPage(FC_MIN, fcMac)];
  const papBins: { fcFirst: number; fcLim: number; pn: number }[] = [];
  for (let i = 0; i < fcLims.length; i += PAPX_RUNS_PER_FKP) {
    const fcFirst = i === 0 ? FC_MIN : (fcLims[i - 1] ?? FC_MIN);
    const lims = fcLims.slice(i, i + PAPX_RUNS_PER_FKP);
    pages.push(papxPage([fcFirst, ...lims]));
    papBins.push({ fcFirst, fcLim: lims.at(-1) ?? fcFirst, pn: chpPn + pages.length - 1 });
  }
  const cbMac = textEnd + pages.length * SECTOR;

  // 1Table
  const table = new Writer();
  const fcLcb = new Map<number, { fc: number; lcb: number }>();
  const put = (index: number, data: Buffer) => {
    table.alignTo(2);
    fcLcb.set(index, { fc: table.length, lcb: data.length });
    table.bytes(data);
  };
  const stsh = styleSheet();
  put(FcLcb.Stshf, stsh);
  fcLcb.set(FcLcb.StshfOrig, fcLcb.get(FcLcb.Stshf) ?? { fc: 0, lcb: 0 });
  put(FcLcb.PlcfSed, sectionTable(ccpText));
  put(FcLcb.PlcfBteChpx, binTable([{ fcFirst: FC_MIN, fcLim: fcMac, pn: chpPn }]));
  put(FcLcb.PlcfBtePapx, binTable(papBins));
  put(FcLcb.SttbfFfn, fontTable());
  put(FcLcb.Dop, documentProperties());
  put(FcLcb.Clx, pieceTable(ccpText));

  const wordDocument = Buffer.alloc(cbMac);
  fib({
    ccpText,
    fcMac,
    cbMac,
    chp: { pnFirst: chpPn, count: 1 },
    pap: { pnFirst: chpPn + 1, count: papBins.length },
    fcLcb,
  }).copy(wordDocument, 0);
  Buffer.from(text, 'utf16le').copy(wordDocument, FC_MIN);
  pages.forEach((page, i) => page.copy(wordDocument, textEnd + i * SECTOR));

  return compoundFile([
    { name: 'WordDocument', data: wordDocument },
    { name: '1Table', data: table.toBuffer() },
    { name: '\u0005SummaryInformation', data: summaryInformation() },
  ]);
}
