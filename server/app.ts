import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { healthRoutes } from './routes/health.ts';
import { siteRoutes } from './routes/site.ts';

/** What the app needs besides configuration: opened resources, so tests can pass their own. */
export interface AppDeps {
  database: Database;
}

/** Builds the Fastify app from configuration; listening is the caller's business. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  registerErrorHandling(app);
  // The site's pages carry small inline scripts; a CSP for them is set by the CDN in production.
  await app.register(helmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
  await app.register(cors, { origin: config.corsOrigins.length ? config.corsOrigins : false, credentials: true });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });

  healthRoutes(app, deps);
  analyticsRoutes(app, deps);
  if (config.distDir) await siteRoutes(app, { distDir: config.distDir });
  return app;
}
