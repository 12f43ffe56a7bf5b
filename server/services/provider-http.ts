/**
 * One client for the public APIs the product asks (Crossref and OpenAlex for the reference checker; Wikipedia,
 * OpenAlex, arXiv and Crossref for the plagiarism checker's source retrieval): answers cached in the database, a gate
 * per provider (a few requests at a time, spaced; everyone waits after a 429), Retry-After honoured up to 20 s, a
 * timeout per request, a polite User-Agent, and nothing but the provider's own base answered from (issue 29: a URL
 * may not leave the base's origin or path, a redirect off it is refused).
 */
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { referenceLookups } from '../db/schema.ts';

/** The provider could not be asked or did not answer usably: the caller says what was not checked. */
export class Unavailable extends Error {}

export type Answer = { status: number; body: unknown };

/** The longest we honour a Retry-After before giving up. */
const maxRetryWaitMs = 20_000;

/** A per-provider gate: `concurrency` requests at a time, `minIntervalMs` apart, and everyone waits after a 429. */
export function gate(limits: { concurrency: number; minIntervalMs: number }) {
  let active = 0;
  let last = 0;
  let blockedUntil = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    active--;
    queue.shift()?.();
  };
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active >= limits.concurrency) await new Promise<void>((resolve) => queue.push(resolve));
      active++;
      try {
        const wait = Math.max(blockedUntil, last + limits.minIntervalMs) - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        last = Date.now();
        return await task();
      } finally {
        release();
      }
    },
    block(ms: number) {
      blockedUntil = Math.max(blockedUntil, Date.now() + ms);
    },
  };
}

export type Gate = ReturnType<typeof gate>;

/** Seconds or an HTTP date, as Retry-After allows; 1 s when absent. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (!header) return 1000;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - now) : 1000;
}

/** A provider URL under its configured base; one that would leave the base's origin or path is refused. */
export function endpoint(base: string, path: string): URL {
  const url = new URL(`${base}${path}`);
  const root = new URL(base);
  if (url.origin !== root.origin || !url.pathname.startsWith(`${root.pathname.replace(/\/+$/, '')}/`)) throw new Unavailable();
  return url;
}

function sameBase(final: string, asked: URL): boolean {
  try {
    const got = new URL(final);
    return got.origin === asked.origin && got.pathname === asked.pathname;
  } catch {
    return false;
  }
}

export interface ProviderClientOptions {
  db: Db;
  agent: string;
  fetch?: typeof fetch;
  log?: { warn: (obj: object, msg: string) => void };
  /** Found answers are kept this long, "not found" `missTtlMs`. */
  hitTtlMs: number;
  missTtlMs: number;
  timeoutMs?: number;
  /** The most characters of a body read (a huge page is cut, not held whole). */
  maxBodyChars?: number;
  /** Query parameters every request carries (a polite pool's `mailto`). */
  params?: Record<string, string>;
}

/** `get(provider, gate, key, url, as)`: the provider's answer for a URL, from the cache when fresh. */
export function providerClient(options: ProviderClientOptions) {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBodyChars = options.maxBodyChars ?? 2_000_000;

  async function store(key: string, provider: string, status: number, body: unknown) {
    const row = { key, provider, status, body, fetchedAt: new Date() };
    await options.db.insert(referenceLookups).values(row).onConflictDoUpdate({ target: referenceLookups.key, set: { status, body, fetchedAt: row.fetchedAt } });
  }

  async function readBody(response: Response, as: 'json' | 'text'): Promise<unknown> {
    const text = await response.text();
    if (text.length > maxBodyChars) {
      if (as === 'json') throw new Unavailable();
      return text.slice(0, maxBodyChars);
    }
    if (as === 'text') return text;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new Unavailable();
    }
  }

  return async function get(provider: string, providerGate: Gate, key: string, url: URL, as: 'json' | 'text' = 'json'): Promise<Answer> {
    const [cached] = await options.db
      .select()
      .from(referenceLookups)
      .where(and(eq(referenceLookups.key, key), gt(referenceLookups.fetchedAt, new Date(Date.now() - options.hitTtlMs))));
    if (cached && (cached.status === 200 || cached.fetchedAt.getTime() > Date.now() - options.missTtlMs)) return { status: cached.status, body: cached.body };
    for (const [name, value] of Object.entries(options.params ?? {})) url.searchParams.set(name, value);
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await providerGate
        .run(() => doFetch(url, { headers: { accept: as === 'json' ? 'application/json' : 'application/atom+xml, application/xml, text/xml', 'user-agent': options.agent }, signal: AbortSignal.timeout(timeoutMs) }))
        .catch((error: unknown) => {
          options.log?.warn({ provider, err: error instanceof Error ? error.message : String(error) }, 'provider request failed');
          throw new Unavailable();
        });
      // A redirect to another host or path is not the provider's answer.
      if (response.redirected && !sameBase(response.url, url)) {
        await response.body?.cancel();
        throw new Unavailable();
      }
      if (response.status === 429 || response.status === 503) {
        const wait = retryAfterMs(response.headers.get('retry-after'));
        await response.body?.cancel();
        if (wait > maxRetryWaitMs) break;
        providerGate.block(wait);
        continue;
      }
      if (response.status === 404) {
        await response.body?.cancel();
        await store(key, provider, 404, null);
        return { status: 404, body: null };
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new Unavailable();
      }
      const body = await readBody(response, as).catch((error: unknown) => {
        if (error instanceof Unavailable) throw error;
        throw new Unavailable();
      });
      await store(key, provider, 200, body);
      return { status: 200, body };
    }
    options.log?.warn({ provider }, 'provider rate-limited; left unchecked');
    throw new Unavailable();
  };
}
