import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { Config } from './config.ts';
import { errorForLog, requestForLog } from './log-redaction.ts';
import { apiPolicy } from './csp.ts';
import type { Database } from './db/client.ts';
import { registerErrorHandling, registerTextGuard } from './plugins/errors.ts';
import { registerMultipart } from './plugins/multipart.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { healthRoutes } from './routes/health.ts';
import { siteRoutes } from './routes/site.ts';
import { authRoutes } from './routes/auth.ts';
import { commerceRoutes } from './routes/commerce.ts';
import { rewardRoutes } from './routes/rewards.ts';
import { devRoutes } from './routes/dev.ts';
import { detectorRoutes, toolRoutes } from './routes/tools.ts';
import { plagiarismRoutes } from './routes/plagiarism.ts';
import { rewriterRoutes } from './routes/rewriter.ts';
import { writerRoutes } from './routes/writer.ts';
import { engineRoutes } from './routes/engines.ts';
import { accountRoutes } from './routes/account.ts';
import { editorRoutes } from './routes/editor.ts';
import { databaseRunners, engineRunners, inProcessEngine, waitingTypes } from './jobs/runners.ts';
import { embeddedFor } from './llm/plan.ts';
import { combineEngines, createEnginePool } from './jobs/pool.ts';
import { createComputePool, renderCache } from './jobs/compute.ts';
import { startWorker } from './jobs/worker.ts';
import { oauthRoutes } from './routes/oauth.ts';
import { createGoogleSignIn } from './services/google.ts';
import { createMailer, type Mailer } from './services/mail.ts';
import { signingKey } from './services/secrets.ts';
import { startMaintenance } from './services/maintenance.ts';
import { paymentSetup } from './payments/providers.ts';
import { stripeWebhookRoutes } from './routes/stripe-webhook.ts';
import { wechatNotifyRoutes } from './routes/wechat-notify.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once the mails promised after answers so far are recorded (services/mail.ts `idle`). */
    mailIdle(): Promise<void>;
    /** Where the dev outbox is served on this process (with its key in loopback mode), or undefined when it is off. */
    devOutboxPath: string | undefined;
  }
}

/** A policy string as Helmet's directives object. */
function parseDirectives(policy: string): Record<string, string[]> {
  return Object.fromEntries(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
}

/** What the app needs besides configuration: opened resources, so tests can pass their own. */
export interface AppDeps {
  database: Database;
  /** Replaces the mailer built from config (tests that need no SMTP server). */
  mailer?: Mailer;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: NodeJS.WritableStream;
}

/** Builds the Fastify app from configuration; listening is the caller's business. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: { req: requestForLog, err: errorForLog },
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A connection that trickles its request is closed (hole 11 of issue 10: 300 of them stayed open for 100 s and more).
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: 5_000,
    http: {
      headersTimeout: Math.min(15_000, config.requestTimeoutMs),
      // How often Node looks for connections past those limits (its default, 30 s, would let them live that much longer).
      connectionsCheckingInterval: Math.min(2_000, Math.max(250, Math.floor(config.requestTimeoutMs / 4))),
    },
    routerOptions: { ignoreTrailingSlash: true },
  });
  registerErrorHandling(app);
  registerTextGuard(app);
  // Spec §7 lists calls "with no payload" (POST /logout): an empty JSON body is an empty object, not an error.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('Malformed JSON body'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }), undefined);
    }
  });
  // API answers (and the dev outbox) run no script at all; the site's pages get their own hashed policy (routes/site.ts).
  await app.register(helmet, { contentSecurityPolicy: { useDefaults: false, directives: parseDirectives(apiPolicy) }, crossOriginEmbedderPolicy: false });
  await app.register(cors, { origin: config.corsOrigins.length ? config.corsOrigins : false, credentials: true });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  const { db } = deps.database;
  const key = await signingKey(db, config.jwtSecret);
  // Spec §7 sends several calls as multipart fields (orderNo): only on the routes that say so, after authentication.
  await registerMultipart(app, { db, key });
  // The loopback outbox's key: a new one each start, said at start and with each mail (routes/dev.ts).
  const outboxKey = config.mail.outbox === 'loopback' ? randomBytes(18).toString('base64url') : undefined;
  app.decorate('devOutboxPath', config.mail.outbox === 'off' ? undefined : `/dev/outbox${outboxKey ? `?key=${outboxKey}` : ''}`);
  const mailer = deps.mailer ?? createMailer(db, { smtpUrl: config.mail.smtpUrl, from: config.mail.from, outboxPage: config.mail.outbox !== 'off' ? (app.devOutboxPath ?? '/dev/outbox') : undefined, log: (line) => app.log.info(line), warn: (error) => app.log.warn(String(error)) });
  app.addHook('onClose', async () => mailer.close());
  // What the answers promised to mail, for callers that must see the outbox settled (tests, shutdown).
  app.decorate('mailIdle', () => mailer.idle());
  const google = config.google ? createGoogleSignIn(db, key, config.google) : undefined;

  healthRoutes(app, deps);
  analyticsRoutes(app, { database: deps.database, forwardUrl: config.analyticsForwardUrl, ipAllowlist: config.rateLimitAllowlist });
  authRoutes(app, { db, key, mailer, siteUrl: config.siteUrl, ipAllowlist: config.rateLimitAllowlist, codeTtlSeconds: config.codeTtlSeconds });
  oauthRoutes(app, { google, siteUrl: config.siteUrl });
  const payments = paymentSetup(config);
  // The embedded paraphraser, when no endpoint is set and its files are here: it backs the humanizer and the
  // rewriter's Expand and Creative modes; it writes no drafts, so the AI writer still needs the endpoint.
  const embedded = embeddedFor(config);
  const rewriterModel = config.llm !== undefined || embedded !== undefined;
  commerceRoutes(app, { db, key, providers: payments.providers, siteOrigins: { siteUrl: config.siteUrl, corsOrigins: config.corsOrigins }, llmConfigured: rewriterModel, pricing: { writerDrafts: config.llm !== undefined }, ipAllowlist: config.rateLimitAllowlist });
  if (payments.stripe) await app.register(stripeWebhookRoutes, { db, ...payments.stripe });
  if (payments.wechat) await app.register(wechatNotifyRoutes, { db, ...payments.wechat });
  rewardRoutes(app, { db, key, siteUrl: config.siteUrl });
  // PDFs, Word files, reference parsing and plagiarism alignment run in a thread of their own (issue 29), started
  // with the first of them; the files are rendered once per input.
  const compute = createComputePool();
  app.addHook('onClose', async () => compute.close());
  const render = renderCache(compute);
  const ipAllowlist = config.rateLimitAllowlist;
  // What each tool can do here, for the static pages to say before a run.
  engineRoutes(app, { db, status: { humanizer: { model: rewriterModel }, writer: { llm: config.llm !== undefined }, references: { online: config.references !== undefined } }, plagiarismWeb: config.plagiarismWeb !== undefined });
  toolRoutes(app, { db, key, render, ipAllowlist });
  detectorRoutes(app, { db, key, render, ipAllowlist });
  plagiarismRoutes(app, { db, key, render, ipAllowlist });
  rewriterRoutes(app, { db, key, llmConfigured: rewriterModel });
  writerRoutes(app, { db, key });
  editorRoutes(app, { db, key });
  accountRoutes(app, { db, key, providers: payments.providers });
  if (config.worker) {
    // Engines run in worker threads: a long run never holds up other requests.
    // Runners that need the database (the plagiarism library, the reference checker's lookup cache) run here,
    // beside the connection.
    const pool = await createEnginePool({ config: { llm: config.llm, embedded }, size: config.engineThreads, types: [...engineRunners({ llm: undefined }).keys()] });
    const inThread = databaseRunners(db, { references: config.references, llm: config.llm, web: config.plagiarismWeb, log: app.log, compute });
    const byLane = (waiting: boolean) => new Map([...inThread].filter(([type]) => waitingTypes.has(type) === waiting));
    const engine = combineEngines(pool, inProcessEngine(byLane(false)));
    const workers = [startWorker(db, engine, app.log, { concurrency: config.engineThreads, claimTimeoutMs: config.claimTimeoutMs })];
    // Runs that mostly wait on the network (a reference check's Crossref/OpenAlex lookups) claim in a lane of their
    // own, three side by side: a long check never holds up the engines, and the lookups' per-provider gates keep
    // the providers' rate limits however many checks run (docs/decisions/0019).
    const waiting = byLane(true);
    if (waiting.size > 0) workers.push(startWorker(db, waiting, app.log, { concurrency: 3, claimTimeoutMs: config.claimTimeoutMs }));
    app.addHook('onClose', async () => {
      await Promise.all(workers.map((worker) => worker.stop()));
    });
  }
  startMaintenance(app, db);
  if (config.mail.outbox !== 'off') devRoutes(app, { db, mode: config.mail.outbox, key: outboxKey });
  if (config.distDir) await siteRoutes(app, { distDir: config.distDir });
  return app;
}
