/**
 * The model layer at run time: where each model of registry.ts is on this machine, whether it is the file the
 * registry names (size and SHA-256), and the start-up report of which engine runs with which model. It never
 * downloads: registry-packaged files are put in the cache by `npm run models` (scripts/models.ts).
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MODELS, type ModelEntry } from './registry.ts';

export { MODELS, modelEntry, type ModelEntry } from './registry.ts';

/** Project root (two levels above this file). */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The default model cache folder (MODEL_CACHE_DIR overrides it, read in server/config.ts). */
export const DEFAULT_MODEL_CACHE = join(PROJECT_ROOT, '.models');

/** Where a model's file is expected on this machine. */
export function modelPath(entry: ModelEntry, cacheDir = DEFAULT_MODEL_CACHE): string {
  return entry.source.kind === 'repository' ? join(PROJECT_ROOT, entry.source.path) : join(cacheDir, entry.source.cacheName);
}

/** What was found for one model. */
export interface ModelStatus {
  entry: ModelEntry;
  path: string;
  state: 'ready' | 'missing' | 'mismatch';
  /** Why a file is not usable (its size or hash differs from the registry's). */
  detail?: string;
}

const verified = new Map<string, string>();

/** SHA-256 of a file (hex), computed once per path, size and modification time in a process. */
export function fileSha256(path: string): string {
  const st = statSync(path);
  const key = `${path}:${st.size}:${st.mtimeMs}`;
  const known = verified.get(key);
  if (known) return known;
  // In 4 MB pieces: the language model is 253 MB, which need not sit in memory to be checked.
  const digest = createHash('sha256');
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(4 << 20);
    for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer)) digest.update(buffer.subarray(0, read));
  } finally {
    closeSync(fd);
  }
  const hash = digest.digest('hex');
  verified.set(key, hash);
  return hash;
}

/** Checks one model's file: present, of the registry's size and hash. */
export function modelStatus(entry: ModelEntry, cacheDir = DEFAULT_MODEL_CACHE): ModelStatus {
  const path = modelPath(entry, cacheDir);
  if (!existsSync(path)) return { entry, path, state: 'missing' };
  const size = statSync(path).size;
  if (size !== entry.bytes) return { entry, path, state: 'mismatch', detail: `${size} bytes, the registry says ${entry.bytes}` };
  const sha = fileSha256(path);
  if (sha !== entry.sha256) return { entry, path, state: 'mismatch', detail: `SHA-256 ${sha.slice(0, 12)}…, the registry says ${entry.sha256.slice(0, 12)}…` };
  return { entry, path, state: 'ready' };
}

/** Every model's status, in registry order. */
export function modelReport(cacheDir = DEFAULT_MODEL_CACHE): ModelStatus[] {
  return MODELS.map((m) => modelStatus(m, cacheDir));
}

/** The start-up lines: each model, where it is from, whether it is ready, and what runs degraded without it. */
export function modelReportLines(statuses: readonly ModelStatus[]): string[] {
  const mb = (b: number) => `${(b / 1e6).toFixed(1)} MB`;
  return statuses.map((s) => {
    const from = s.entry.source.kind === 'repository' ? 'in the repository' : `from PyPI ${s.entry.source.wheels.map((w) => `${w.project}==${w.version}`).join(' + ')}`;
    if (s.state === 'ready') return `  Model ${s.entry.name} ${s.entry.version} (${mb(s.entry.bytes)}, ${from}): ready, for ${s.entry.usedBy}.`;
    const why = s.state === 'missing' ? `not found at ${s.path}` : `not the registry's file (${s.detail ?? ''})`;
    const fix = s.entry.source.kind === 'pypi' ? ' Run npm run models.' : '';
    return `  Model ${s.entry.name} ${s.entry.version} (${from}): ${why}; DEGRADED: ${s.entry.degradedWithout}.${fix}`;
  });
}
