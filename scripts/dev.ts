/**
 * `npm run dev`: the API on PORT+1 (default 4322) and Astro's dev server on
 * PORT (default 4321), which proxies /api to it.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const sitePort = Number(process.env.PORT ?? 4321);
const apiPort = sitePort + 1;
const api = spawn(process.execPath, ['--watch', join(root, 'server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PORT: String(apiPort), SERVE_SITE: 'false' },
});
const site = spawn(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'dev', '--port', String(sitePort)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DEV_API_PROXY: `http://127.0.0.1:${apiPort}` },
});
const stop = () => {
  api.kill();
  site.kill();
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
site.once('exit', (code) => {
  api.kill();
  process.exit(code ?? 0);
});
