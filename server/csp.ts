/**
 * The Content-Security-Policy of the built site (docs/decisions/0015), made after
 * `astro build` from the HTML itself: every inline script of every page is hashed,
 * whoever wrote it (our components, Astro's island loaders, the redirect pages), so
 * no list is kept by hand and `'unsafe-inline'` is never needed for scripts.
 *
 * Output: `dist/_csp.json` (the exact policy of each page, which the Node server
 * sends with it) and one `/*` rule in `dist/_headers` for CDNs, whose script-src
 * carries the hashes of all pages (a CDN combines matching rules, so one rule per
 * page could not override a site-wide one).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Where the site talks to besides its own origin, from the build environment. */
export interface CspSources {
  /** PUBLIC_API_BASE: the API's origin when deployed apart. */
  apiOrigin?: string;
  /** PUBLIC_SUPPORT_WIDGET_SRC: a third-party chat widget's origin. */
  widgetOrigin?: string;
}

/** The build's policy file, read by the Node server. */
export interface CspManifest {
  /** Distinct policies; pages point at one by index. */
  policies: string[];
  /** dist-relative HTML file (with `/`) → index into `policies`. */
  pages: Record<string, number>;
  /** The site-wide policy of `_headers` (every page's hashes). */
  site: string;
}

const executableTypes = new Set(['', 'module', 'text/javascript', 'application/javascript', 'importmap', 'speculationrules']);

/** A page that cannot run under a strict policy: inline event handlers or javascript: URLs. */
export class CspBuildError extends Error {
  override name = 'CspBuildError';
}

/**
 * The SHA-256 sources of a page's inline scripts (`'sha256-…'`), in order of
 * appearance. Data blocks (`application/json`, `ld+json`) are not run and need none.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    const type = (/\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes)?.slice(1).find((v) => v !== undefined) ?? '').trim().toLowerCase();
    if (!executableTypes.has(type)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2] ?? '', 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** What a strict policy cannot allow by hash: inline event handlers and `javascript:` URLs. */
export function unhashableScript(html: string): string | undefined {
  const tags = html.replace(/<script\b[\s\S]*?<\/script\s*>/gi, '').replace(/<!--[\s\S]*?-->/g, '');
  const handler = /<[a-z][^>]*\s(on[a-z]+)\s*=/i.exec(tags);
  if (handler) return `an inline ${handler[1]}= handler`;
  if (/\s(?:href|src|action|formaction)\s*=\s*["']?\s*javascript:/i.test(tags)) return 'a javascript: URL';
  return undefined;
}

/** The policy of a page with these inline-script hashes. */
export function policyFor(hashes: readonly string[], sources: CspSources = {}): string {
  const extra = (origin: string | undefined) => (origin ? ` ${origin}` : '');
  const unique = [...new Set(hashes)];
  return [
    "default-src 'self'",
    `script-src 'self'${unique.length ? ` ${unique.join(' ')}` : ''}${extra(sources.widgetOrigin)}`,
    // Style attributes (the chat bubble's position, island layouts) stay allowed; scripts never inline.
    `style-src 'self' 'unsafe-inline'${extra(sources.widgetOrigin)}`,
    `img-src 'self' data: blob:${extra(sources.widgetOrigin)}`,
    "font-src 'self' data:",
    `connect-src 'self'${extra(sources.apiOrigin)}${extra(sources.widgetOrigin)}`,
    `frame-src 'self'${extra(sources.widgetOrigin)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The policy of a module worker the build made (`*.worker-<hash>.js`, the essay editor's grammar checker): it may
 * import the site's own chunks, fetch the site's own WebAssembly and compile it (`'wasm-unsafe-eval'` allows
 * WebAssembly compilation only, never JavaScript's eval); nothing else. A worker runs under the policy sent with
 * its own script, not the page's (docs/decisions/0024).
 */
export const workerPolicy = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; base-uri 'none'; frame-ancestors 'none'";

/** Whether a built file is a module worker's script (it gets `workerPolicy`). */
export const isWorkerScript = (file: string): boolean => /(?:^|[\\/])[\w-]+\.worker-[\w-]+\.js$/.test(file);

/** The policy sent with API answers and pages the build did not make (the dev outbox): nothing runs. */
export const apiPolicy = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

function* htmlFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(full);
    else if (entry.name.endsWith('.html')) yield full;
  }
}

/** The origin of an absolute URL, or undefined for an empty or relative one. */
export function originOf(url: string | undefined): string | undefined {
  if (!url?.trim()) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Hashes every page of `dist`, writes `_csp.json` and answers it. Throws CspBuildError on a page no strict policy can run. */
export function buildCsp(dist: string, sources: CspSources): CspManifest {
  const policies: string[] = [];
  const pages: Record<string, number> = {};
  const all = new Set<string>();
  const problems: string[] = [];
  for (const file of htmlFiles(dist)) {
    const html = readFileSync(file, 'utf8');
    const name = relative(dist, file).split(sep).join('/');
    const problem = unhashableScript(html);
    if (problem) problems.push(`${name}: ${problem}`);
    const hashes = inlineScriptHashes(html);
    hashes.forEach((h) => all.add(h));
    const policy = policyFor(hashes, sources);
    let index = policies.indexOf(policy);
    if (index < 0) index = policies.push(policy) - 1;
    pages[name] = index;
  }
  if (problems.length) {
    throw new CspBuildError(`These pages run script the Content-Security-Policy cannot allow by hash; move it into a <script> (or a module):\n  ${problems.slice(0, 20).join('\n  ')}`);
  }
  const manifest: CspManifest = { policies, pages, site: policyFor([...all].sort(), sources) };
  writeFileSync(join(dist, '_csp.json'), JSON.stringify(manifest));
  return manifest;
}
