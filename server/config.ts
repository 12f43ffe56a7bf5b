import { resolve } from 'node:path';

/** Where the API keeps its data. */
export type DatabaseTarget =
  | { kind: 'pglite'; dir: string }
  | { kind: 'memory' }
  | { kind: 'postgres'; url: string };

/** Everything the server reads from the environment, validated. */
export interface Config {
  port: number;
  host: string;
  database: DatabaseTarget;
  /** Origin the site's islands call; empty means same origin. */
  publicApiBase: string;
  siteUrl: string;
  /** Folder of the built site served next to the API; undefined serves the API only. */
  distDir: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Origins allowed to call the API from a browser (CORS), besides the same origin. */
  corsOrigins: string[];
}

/** A bad environment value: the message names the variable and what it expects. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Readonly<Record<string, string | undefined>>;

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined) return 4321;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${raw}"`);
  }
  return port;
}

function parseDatabase(raw: string | undefined, cwd: string): DatabaseTarget {
  if (raw === undefined) return { kind: 'pglite', dir: resolve(cwd, 'data/pglite') };
  if (raw === 'memory://') return { kind: 'memory' };
  if (raw.startsWith('file://')) {
    const dir = raw.slice('file://'.length);
    if (!dir) throw new ConfigError('DATABASE_URL file:// needs a folder, e.g. file://./data/pglite');
    return { kind: 'pglite', dir: resolve(cwd, dir) };
  }
  if (/^postgres(ql)?:\/\//.test(raw)) {
    try {
      new URL(raw);
    } catch {
      throw new ConfigError(`DATABASE_URL is not a valid postgres:// URL: "${redact(raw)}"`);
    }
    return { kind: 'postgres', url: raw };
  }
  throw new ConfigError(
    `DATABASE_URL must be memory://, file://FOLDER (PGlite on disk) or postgres://user:pass@host:5432/db, got "${redact(raw)}"`,
  );
}

function parseOrigin(name: string, raw: string | undefined, fallback: string): string {
  if (raw === undefined) return fallback;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
    return url.origin + url.pathname.replace(/\/$/, '');
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL such as https://example.com, got "${raw}"`);
  }
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Hides the password of a connection string before it is shown anywhere. */
export function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

/**
 * Builds the configuration from environment variables, each with an embedded
 * default. Pure: tests pass their own `env`. Throws ConfigError on a bad value.
 */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const host = read(env, 'HOST') ?? '127.0.0.1';
  const port = parsePort(read(env, 'PORT'));
  const logLevel = (read(env, 'LOG_LEVEL') ?? 'info') as Config['logLevel'];
  if (!logLevels.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')}, got "${logLevel}"`);
  }
  const serveSite = read(env, 'SERVE_SITE') ?? 'true';
  if (serveSite !== 'true' && serveSite !== 'false') {
    throw new ConfigError(`SERVE_SITE must be true or false, got "${serveSite}"`);
  }
  const publicApiBase = read(env, 'PUBLIC_API_BASE');
  const corsOrigins = (read(env, 'CORS_ORIGINS') ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => parseOrigin('CORS_ORIGINS', o, o));
  return {
    port,
    host,
    database: parseDatabase(read(env, 'DATABASE_URL'), cwd),
    publicApiBase: publicApiBase === undefined ? '' : parseOrigin('PUBLIC_API_BASE', publicApiBase, ''),
    siteUrl: parseOrigin('SITE_URL', read(env, 'SITE_URL'), `http://localhost:${port}`),
    distDir: serveSite === 'true' ? resolve(cwd, read(env, 'DIST_DIR') ?? 'dist') : undefined,
    logLevel,
    corsOrigins,
  };
}
