import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { resolvePath } from '../../src/i18n/routes.ts';
import { isWorkerScript, policyFor, workerPolicy, type CspManifest } from '../csp.ts';

const immutable = 'public, max-age=31536000, immutable';
const revalidate = 'public, max-age=0, must-revalidate';
const short = 'public, max-age=3600';

/** Cache policy: hashed build assets forever, HTML always revalidated, the rest an hour. */
export function cacheControlFor(file: string): string {
  if (file.startsWith(`_astro${sep}`) || file.startsWith('_astro/')) return immutable;
  if (file.endsWith('.html')) return revalidate;
  return short;
}

/** The build's per-page policies (server/csp.ts); a site built before them gets the strictest policy and a warning. */
function readCspManifest(app: FastifyInstance, distDir: string): CspManifest | undefined {
  try {
    return JSON.parse(readFileSync(join(distDir, '_csp.json'), 'utf8')) as CspManifest;
  } catch {
    if (existsSync(join(distDir, 'index.html'))) app.log.warn(`No ${join(distDir, '_csp.json')}: pages get a policy without inline scripts. Run "npm run build" again.`);
    return undefined;
  }
}

/**
 * Serves the built site from `distDir` with the real redirects of spec §2:
 * permanent redirects for aliases and legacy paths, temporary ones for unknown
 * locales, a translated 404 page for unknown paths, the locale chooser at `/`, and precompressed files
 * (brotli, gzip) when the browser accepts them.
 */
export async function siteRoutes(app: FastifyInstance, { distDir }: { distDir: string }) {
  await app.register(fastifyStatic, { root: distDir, serve: false, preCompressed: true, cacheControl: false, etag: true, lastModified: true });
  const csp = readCspManifest(app, distDir);
  // A page the build did not hash (none should exist) may run no inline script at all.
  const strictest = policyFor([]);

  const sendFile = (reply: FastifyReply, file: string, status = 200) => {
    reply.header('Cache-Control', cacheControlFor(file));
    reply.header('Vary', 'Accept-Encoding');
    if (file.endsWith('.html')) {
      const index = csp?.pages[file.split(sep).join('/')];
      reply.header('Content-Security-Policy', (index === undefined ? undefined : csp?.policies[index]) ?? strictest);
    } else if (isWorkerScript(file)) {
      // A worker runs under its own script's policy (not the page's, not the API's that allows nothing).
      reply.header('Content-Security-Policy', workerPolicy);
    }
    return reply.status(status).sendFile(file);
  };

  const isFile = (relative: string) => {
    const full = normalize(join(distDir, relative));
    if (!full.startsWith(distDir)) return false;
    try {
      return statSync(full).isFile();
    } catch {
      return false;
    }
  };

  if (!existsSync(join(distDir, 'index.html'))) {
    app.log.warn(`No built site in ${distDir}: run "npm run build" first`);
  }

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: (request, reply) => {
      const url = request.url;
      const pathname = url.split('?')[0] ?? '/';
      if (pathname.startsWith('/api/')) return reply.callNotFound();
      const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
      const resolved = resolvePath(pathname);
      switch (resolved.kind) {
        case 'redirect':
          reply.header('Cache-Control', resolved.status === 301 ? short : 'no-store');
          return reply.redirect(resolved.location + (resolved.status === 301 ? query : ''), resolved.status);
        case 'page':
        case 'chooser':
          if (isFile(resolved.file)) return sendFile(reply, resolved.file);
          return sendFile(reply, '404.html', 404);
        case 'notFound':
          // The translated not-found page of the path's locale, with a real 404 status.
          return sendFile(reply, isFile(resolved.file) ? resolved.file : '404.html', 404);
        case 'asset': {
          let relative: string;
          try {
            relative = decodeURIComponent(pathname).replace(/^\/+/, '');
          } catch {
            return sendFile(reply, '404.html', 404);
          }
          if (isFile(relative)) return sendFile(reply, relative);
          return sendFile(reply, '404.html', 404);
        }
      }
    },
  });
}
