import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { healthRoutes } from './routes/health.ts';
import { siteRoutes } from './routes/site.ts';
import { authRoutes } from './routes/auth.ts';
import { commerceRoutes } from './routes/commerce.ts';
import { rewardRoutes } from './routes/rewards.ts';
import { devRoutes } from './routes/dev.ts';
import { detectorRoutes, toolRoutes } from './routes/tools.ts';
import { plagiarismRoutes } from './routes/plagiarism.ts';
import { runnersFor } from './jobs/runners.ts';
import { rewriterRoutes } from './routes/rewriter.ts';
import { writerRoutes } from './routes/writer.ts';
import { startWorker } from './jobs/worker.ts';
import { oauthRoutes } from './routes/oauth.ts';
import { createGoogleSignIn } from './services/google.ts';
import { createMailer, type Mailer } from './services/mail.ts';
import { signingKey } from './services/secrets.ts';
import { paymentSetup } from './payments/providers.ts';
import { stripeWebhookRoutes } from './routes/stripe-webhook.ts';
import { wechatNotifyRoutes } from './routes/wechat-notify.ts';

/** What the app needs besides configuration: opened resources, so tests can pass their own. */
export interface AppDeps {
  database: Database;
  /** Replaces the mailer built from config (tests that need no SMTP server). */
  mailer?: Mailer;
}

/** Builds the Fastify app from configuration; listening is the caller's business. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  registerErrorHandling(app);
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
  // The site's pages carry small inline scripts; a CSP for them is set by the CDN in production.
  await app.register(helmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
  await app.register(cors, { origin: config.corsOrigins.length ? config.corsOrigins : false, credentials: true });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  // Spec §7 sends several calls as multipart fields (orderNo and friends): they arrive as a plain body.
  // Files (uploadFileAndParse) arrive as { filename, mimetype, data }, within the spec's 10 MB.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 50 },
    async onFile(part) {
      (part as unknown as { value: unknown }).value = { filename: part.filename, mimetype: part.mimetype, data: await part.toBuffer() };
    },
  });

  const { db } = deps.database;
  const key = await signingKey(db, config.jwtSecret);
  const mailer = deps.mailer ?? createMailer(db, { smtpUrl: config.mail.smtpUrl, from: config.mail.from, log: (line) => app.log.info(line) });
  app.addHook('onClose', async () => mailer.close());
  const google = config.google ? createGoogleSignIn(db, key, config.google) : undefined;

  healthRoutes(app, deps);
  analyticsRoutes(app, { database: deps.database, forwardUrl: config.analyticsForwardUrl });
  authRoutes(app, { db, key, mailer, siteUrl: config.siteUrl, ipAllowlist: config.rateLimitAllowlist, codeTtlSeconds: config.codeTtlSeconds });
  oauthRoutes(app, { google, siteUrl: config.siteUrl });
  const payments = paymentSetup(config);
  commerceRoutes(app, { db, key, providers: payments.providers, llmConfigured: config.llm !== undefined });
  if (payments.stripe) await app.register(stripeWebhookRoutes, { db, ...payments.stripe });
  if (payments.wechat) await app.register(wechatNotifyRoutes, { db, ...payments.wechat });
  rewardRoutes(app, { db, key, siteUrl: config.siteUrl });
  toolRoutes(app, { db, key });
  detectorRoutes(app, { db, key });
  plagiarismRoutes(app, { db, key });
  rewriterRoutes(app, { db, key, llmConfigured: config.llm !== undefined });
  writerRoutes(app, { db, key, llmConfigured: config.llm !== undefined });
  if (config.worker) {
    const worker = startWorker(db, runnersFor(config, db), app.log);
    app.addHook('onClose', async () => worker.stop());
  }
  if (config.mail.outboxPage) devRoutes(app, { db });
  if (config.distDir) await siteRoutes(app, { distDir: config.distDir });
  return app;
}
