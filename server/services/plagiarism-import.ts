/**
 * Loading a collection into the plagiarism library (`npm run admin -- sources add FILE`):
 * a folder of .txt, .pdf, .docx and .doc files (read with the same bounded
 * extraction as uploads), or a JSONL file with one {title, url, text} per line.
 */
import { createReadStream } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { basename, extname, join } from 'node:path';
import type { Db } from '../db/client.ts';
import { extractDocument } from './documents.ts';
import { addSources, librarySize, type NewSource } from './plagiarism.ts';

export interface ImportResult {
  added: number;
  duplicates: number;
  failed: number;
  words: number;
  total: number;
}

const documentTypes = new Set(['.txt', '.pdf', '.docx', '.doc']);

export async function addSourcesFrom(db: Db, path: string, log: (line: string) => void = () => undefined): Promise<ImportResult> {
  const info = await stat(path).catch(() => undefined);
  if (!info) throw new Error(`${path} does not exist`);
  const result: ImportResult = { added: 0, duplicates: 0, failed: 0, words: 0, total: 0 };
  // Documents go in by batches: one transaction, one insert of sources and one of fingerprints each.
  let pending: NewSource[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    const { added, duplicates } = await addSources(db, pending);
    result.added += added;
    result.duplicates += duplicates;
    pending = [];
  };
  const add = async (title: string, url: string | null, text: string) => {
    if (!text.trim()) {
      result.failed++;
      log(`skipped ${title}: no text`);
      return;
    }
    result.words += text.split(/\s+/).filter(Boolean).length;
    pending.push({ kind: 'library', title, url, text });
    if (pending.length >= 200) await flush();
  };
  if (info.isDirectory()) {
    const names = (await readdir(path)).filter((n) => documentTypes.has(extname(n).toLowerCase())).sort();
    if (names.length === 0) throw new Error(`${path} holds no .txt, .pdf, .docx or .doc file`);
    for (const name of names) {
      try {
        const data = await readFile(join(path, name));
        const text = extname(name).toLowerCase() === '.txt' ? data.toString('utf8') : await extractDocument(data, 'admin:sources');
        await add(basename(name, extname(name)), null, text);
      } catch (error) {
        result.failed++;
        log(`skipped ${name}: ${(error as Error).message}`);
      }
    }
  } else if (extname(path).toLowerCase() === '.jsonl') {
    // Line by line from the disk: a Wikipedia dump as JSONL is tens of gigabytes (docs/deploy.md).
    let i = -1;
    let reported = 0;
    for await (const line of createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity })) {
      i++;
      if (!line.trim()) continue;
      if (result.added + result.duplicates - reported >= 10_000) {
        reported = result.added + result.duplicates;
        log(`${reported} documents so far`);
      }
      try {
        const row = JSON.parse(line) as { title?: unknown; url?: unknown; text?: unknown };
        if (typeof row.text !== 'string') throw new Error('no "text" string');
        const title = typeof row.title === 'string' && row.title.trim() ? row.title.trim() : `line ${i + 1}`;
        await add(title, typeof row.url === 'string' && /^https?:\/\//.test(row.url) ? row.url : null, row.text);
      } catch (error) {
        result.failed++;
        log(`skipped line ${i + 1}: ${(error as Error).message}`);
      }
    }
  } else {
    throw new Error(`${path} is neither a folder nor a .jsonl file`);
  }
  await flush();
  result.total = await librarySize(db);
  return result;
}
