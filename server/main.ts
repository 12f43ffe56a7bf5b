import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig, redact } from './config.ts';
import { openDatabase } from './db/client.ts';
import { buildApp } from './app.ts';
import { addSourcesFrom } from './services/plagiarism-import.ts';

/** Starts the API (and the built site) on the configured port. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  if (config.distDir && !existsSync(join(config.distDir, 'index.html'))) {
    console.error(`No built site in ${config.distDir}. Run "npm run build" (npm start does it for you), or set SERVE_SITE=false for the API only.`);
    process.exit(1);
  }
  const database = await openDatabase(config.database);
  if (config.plagiarismSources) {
    // A collection shipped with the installation; loading it again adds nothing (sources are stored once).
    const loaded = await addSourcesFrom(database.db, config.plagiarismSources, (line) => console.warn(line));
    console.log(`plagiarism library: ${loaded.added} documents added from ${config.plagiarismSources}, ${loaded.total} in all`);
  }
  const app = await buildApp(config, { database });
  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  const where = config.database.kind === 'postgres' ? redact(config.database.url) : config.database.kind === 'pglite' ? config.database.dir : 'memory';
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(
    config.distDir
      ? `\n  Ready: open http://${shown}:${port}/en  (database: ${where})\n`
      : `\n  API ready at http://${shown}:${port}/api  (site not served here: SERVE_SITE=false; database: ${where})\n`,
  );
}

await main();
