import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Bytes of JavaScript a page loads before any interaction, raw and gzip. */
export interface PageWeight {
  page: string;
  htmlBytes: number;
  htmlGzip: number;
  jsFiles: string[];
  jsBytes: number;
  jsGzip: number;
  inlineScriptBytes: number;
  renderBlocking: string[];
}

const gzip = (data: string | Buffer) => gzipSync(data, { level: 9 }).length;

/** Follows static `import` statements of a built module to every chunk it loads. */
function moduleGraph(dist: string, entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const code = readFileSync(join(dist, entry), 'utf8');
  for (const match of code.matchAll(/(?:import|from)\s*["']([^"']+\.js)["']/g)) {
    const spec = match[1]!;
    const next = spec.startsWith('/') ? spec.slice(1) : join(dirname(entry), spec);
    if (existsSync(join(dist, next))) moduleGraph(dist, next, seen);
  }
  return seen;
}

/** Measures the script a built page ships: module scripts and their static imports, plus inline scripts. */
export function pageWeight(dist: string, page: string): PageWeight {
  const file = resolve(dist, page.replace(/^\//, ''), 'index.html');
  const html = readFileSync(file, 'utf8');
  const files = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*\bsrc="([^"]+)"[^>]*>/g)) {
    const src = match[1]!.replace(/^\//, '');
    for (const f of moduleGraph(dist, src)) files.add(f);
  }
  // Inline scripts that run; JSON data blocks (the islands' messages) are part of the HTML, not JavaScript.
  const inline = [...html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/json"))[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).join('');
  const renderBlocking = [...html.matchAll(/<script(?![^>]*\b(?:type="module"|async|defer))[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!)
    .concat([...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]!));
  const sources = [...files].map((f) => readFileSync(join(dist, f)));
  return {
    page,
    htmlBytes: Buffer.byteLength(html),
    htmlGzip: gzip(html),
    jsFiles: [...files],
    jsBytes: sources.reduce((n, s) => n + s.length, 0),
    jsGzip: sources.reduce((n, s) => n + gzip(s), 0) + (inline ? gzip(inline) : 0),
    inlineScriptBytes: Buffer.byteLength(inline),
    renderBlocking,
  };
}
