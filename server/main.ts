import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig, localAddress, redact, type OutboxMode } from './config.ts';
import { paymentsNotice } from './payments/providers.ts';
import { DatabaseInUseError, openDatabase } from './db/client.ts';
import { buildApp } from './app.ts';
import { addSourcesFrom } from './services/plagiarism-import.ts';
import { modelReport, modelReportLines } from './models/index.ts';
import { modelBackendNotice } from './llm/plan.ts';
import { detectorPlan } from './engines/detector/index.ts';

/** What happens to account e-mails, said at start-up: the outbox page shows codes, so its mode is never silent. */
function outboxNotice(mode: OutboxMode, smtp: boolean): string {
  if (smtp) return `  Mail: sent through SMTP_URL${mode === 'explicit' ? '; /dev/outbox is ALSO served (DEV_OUTBOX=true)' : ''}.`;
  switch (mode) {
    case 'loopback':
      return '  Mail: no SMTP_URL, so e-mails (with their codes) are shown at /dev/outbox, to this machine only (HOST is loopback).';
    case 'explicit':
      return '  Mail: no SMTP_URL; /dev/outbox is served to ANYONE who can reach this server (DEV_OUTBOX=true). Never do this in production.';
    case 'off':
      return '  Mail: no SMTP_URL and not on loopback only, so e-mails are NOT sent and /dev/outbox is off. Set SMTP_URL (or DEV_OUTBOX=true on a private network).';
  }
}

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
  const database = await openDatabase(config.database).catch((error: unknown) => {
    if (error instanceof DatabaseInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  });
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
  console.log(outboxNotice(config.mail.outbox, Boolean(config.mail.smtpUrl)));
  console.log(paymentsNotice(config));
  // Which engine runs with which model, and what runs degraded (server/models/registry.ts): said on every start.
  for (const line of modelReportLines(modelReport(config.modelCacheDir))) console.log(line);
  const detector = detectorPlan();
  console.log(
    detector.degraded
      ? `  AI detector: ${detector.version} alone, DEGRADED (${detector.degraded}).`
      : `  AI detector: ${detector.version}${detector.files ? ' (n-gram families and the transformer)' : ' (n-gram families and writing habits; this build has no transformer)'}.`,
  );
  console.log(`  ${modelBackendNotice(config)}`);
  console.log(
    config.references
      ? `  Reference checker: looks references up at ${[config.references.crossrefBaseUrl, config.references.openAlexBaseUrl].filter(Boolean).join(' and ')}${config.references.contactEmail ? '' : ' (set REFERENCES_CONTACT_EMAIL for their polite pools)'}.`
      : '  Reference checker: offline checks only (REFERENCE_LOOKUPS=false); the page says so before a run.',
  );
  console.log(
    config.plagiarismWeb
      ? `  Plagiarism checker: the library and the web (${Object.entries(config.plagiarismWeb.bases).map(([name, base]) => `${name} at ${base}`).join(', ')}).`
      : '  Plagiarism checker: the library only (PLAGIARISM_WEB=false).',
  );
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shown = localAddress(config.host, port);
  if (config.mail.outbox === 'loopback' && app.devOutboxPath) console.log(`  Dev outbox of this start: ${shown}${app.devOutboxPath}`);
  console.log(
    config.distDir
      ? `\n  Ready: open ${shown}/en  (database: ${where})\n`
      : `\n  API ready at ${shown}/api  (site not served here: SERVE_SITE=false; database: ${where})\n`,
  );
}

await main();
