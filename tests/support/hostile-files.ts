/**
 * Hostile documents for the parser suite (issue 10): decompression bombs, page
 * floods and broken structures, built in memory so no such file is committed.
 */
import { constants, deflateRawSync } from 'node:zlib';

const MiB = 1024 * 1024;

/**
 * Deflates `bytes` (a whole number of MiB) bytes of `fill` in milliseconds, never
 * holding them: one compressed MiB is made with a preset dictionary of the same
 * byte and ends on a sync flush, so copies of it can follow each other; a final
 * empty block closes the stream. zlib format (PDF's FlateDecode), or raw (zip).
 */
export function deflateRepeated(bytes: number, fill = 0x20, raw = false): Buffer {
  if (bytes % MiB !== 0 || bytes <= 0) throw new Error('deflateRepeated takes a whole number of MiB');
  const block = Buffer.alloc(MiB, fill);
  const first = deflateRawSync(block, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const next = deflateRawSync(block, { level: 9, finishFlush: constants.Z_SYNC_FLUSH, dictionary: block.subarray(0, 32 * 1024) });
  const copies = bytes / MiB;
  const body = Buffer.concat([first, ...Array<Buffer>(copies - 1).fill(next), Buffer.from([0x03, 0x00])]);
  if (raw) return body;
  // Adler-32 of `bytes` equal bytes, in closed form.
  const mod = 65521n;
  const n = BigInt(bytes);
  const c = BigInt(fill);
  const a = (1n + n * c) % mod;
  const b = (n + c * ((n * (n + 1n)) / 2n)) % mod;
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(Number((b << 16n) | a));
  return Buffer.concat([Buffer.from([0x78, 0xda]), body, adler]);
}

/** A PDF from object bodies (1-based), with a correct xref table; object 1 must be the catalog. */
export function pdfFromObjects(objects: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let size = parts[0]!.length;
  objects.forEach((body, i) => {
    offsets.push(size);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), typeof body === 'string' ? Buffer.from(body, 'latin1') : body, Buffer.from('\nendobj\n')]);
    parts.push(chunk);
    size += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`));
  return Buffer.concat(parts);
}

/** A stream object: dictionary entries plus data. */
export function streamObject(dict: string, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`), data, Buffer.from('\nendstream')]);
}

const font = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

/** One page whose content stream inflates to `inflatedBytes` (spaces, then one line of text). */
export function pdfFlateBomb(inflatedBytes: number): Buffer {
  const content = deflateRepeated(inflatedBytes);
  return pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    font,
    streamObject('/Filter /FlateDecode', content),
  ]);
}

/** `copies` pages sharing one content stream that inflates to `inflatedBytes`: a small file, a large total output. */
export function pdfSharedBomb(copies: number, inflatedBytes: number): Buffer {
  const content = deflateRepeated(inflatedBytes);
  const kids = Array.from({ length: copies }, (_, i) => `${i + 5} 0 R`).join(' ');
  const pages = Array.from({ length: copies }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 3 0 R >>');
  return pdfFromObjects(['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids}] /Count ${copies} >>`, streamObject('/Filter /FlateDecode', content), font, ...pages]);
}

/** `pages` pages of one word each: a page flood. */
export function pdfManyPages(pages: number): Buffer {
  const content = streamObject('', Buffer.from('BT /F1 12 Tf 72 720 Td (word) Tj ET'));
  const kids = Array.from({ length: pages }, (_, i) => `${i + 5} 0 R`).join(' ');
  const list = Array.from({ length: pages }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 3 0 R >>');
  return pdfFromObjects(['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`, content, font, ...list]);
}

/** A page tree whose node is its own kid: a loop a naive walker never leaves. */
export function pdfPageTreeLoop(): Buffer {
  return pdfFromObjects(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>']);
}

/** Arrays nested `depth` deep in a page's content stream. */
export function pdfDeepNesting(depth: number): Buffer {
  const content = streamObject('', Buffer.from(`${'['.repeat(depth)}${']'.repeat(depth)} BT /F1 12 Tf (deep) Tj ET`));
  return pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    font,
    content,
  ]);
}

/** A zip (stored central directory) of the given entries, each deflated. */
export function zipOf(entries: { name: string; data: Buffer; method?: 0 | 8; deflated?: { body: Buffer; size: number } }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const method = entry.method ?? 8;
    const body = entry.deflated?.body ?? (method === 8 ? deflateRawSync(entry.data) : entry.data);
    const size = entry.deflated?.size ?? entry.data.length;
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(Math.min(size, 0xfffffffe), 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(Math.min(size, 0xfffffffe), 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const contentTypes = '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const rels = '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';

/** A DOCX whose document.xml is `xml`. */
export function docxWithDocument(xml: string | Buffer): Buffer {
  return zipOf([
    { name: '[Content_Types].xml', data: Buffer.from(contentTypes) },
    { name: '_rels/.rels', data: Buffer.from(rels) },
    { name: 'word/document.xml', data: Buffer.isBuffer(xml) ? xml : Buffer.from(xml) },
  ]);
}

/** A DOCX of `paragraphs` paragraphs: heavy XML for the parser within the inflate cap. */
export function docxParagraphFlood(paragraphs: number): Buffer {
  const body = '<w:p><w:r><w:t>a</w:t></w:r></w:p>'.repeat(paragraphs);
  return docxWithDocument(`<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`);
}

/** A DOCX with "billion laughs" entity expansion in its document. */
export function docxBillionLaughs(): Buffer {
  const entities = ['<!ENTITY l0 "lol">', ...Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`)].join('');
  return docxWithDocument(`<?xml version="1.0"?><!DOCTYPE w:document [${entities}]><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&l9;</w:t></w:r></w:p></w:body></w:document>`);
}

/** Sectors of a version-3 compound file (.doc) and its FAT, read from the header. */
function fatOf(doc: Buffer): { sectorSize: number; fatSectors: number[] } {
  const sectorSize = 1 << doc.readUInt16LE(0x1e);
  const count = doc.readUInt32LE(0x2c);
  const fatSectors = Array.from({ length: Math.min(count, 109) }, (_, i) => doc.readUInt32LE(0x4c + i * 4));
  return { sectorSize, fatSectors };
}

/** A .doc whose first sector chain points back at itself: a reader that follows it never ends. */
export function docFatLoop(valid: Buffer): Buffer {
  const doc = Buffer.from(valid);
  const { sectorSize, fatSectors } = fatOf(doc);
  const fat = (sectorSize + fatSectors[0]! * sectorSize);
  for (let i = 0; i < sectorSize / 4; i++) {
    const next = doc.readUInt32LE(fat + i * 4);
    if (next < 0xfffffffa) {
      doc.writeUInt32LE(i, fat + i * 4);
      return doc;
    }
  }
  throw new Error('no chain to loop');
}

/** A .doc whose directory claims its first stream is 4 GB long. */
export function docHugeStream(valid: Buffer): Buffer {
  const doc = Buffer.from(valid);
  const { sectorSize } = fatOf(doc);
  const directory = sectorSize + doc.readUInt32LE(0x30) * sectorSize;
  // Entry 1 (the first after the root): its stream size is at offset 0x78 of the 128-byte entry.
  doc.writeUInt32LE(0xfffffff0, directory + 128 + 0x78);
  return doc;
}

/** The first `fraction` of a file: a truncated upload. */
export function truncated(file: Buffer, fraction = 0.5): Buffer {
  return file.subarray(0, Math.floor(file.length * fraction));
}
