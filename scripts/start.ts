/**
 * `npm start`: builds the site when it is missing or older than its sources,
 * then serves it with the API on one port (server/main.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../server/config.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

// A bad setting should stop us before a long build, not after it.
try {
  loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Configuration error: ${error.message}`);
  process.exit(1);
}

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

const stamp = join(root, 'dist/.build-stamp');
const sources = ['src', 'public', 'astro.config.mjs', 'package-lock.json'].map((p) => newest(join(root, p)));
const stale = !existsSync(stamp) || Math.max(...sources) > statSync(stamp).mtimeMs;
if (stale && process.env.SERVE_SITE !== 'false') {
  console.log('Building the site (first start or sources changed)…');
  const build = spawnSync(process.execPath, [join(root, 'scripts/build.ts')], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import('../server/main.ts');
