/**
 * The one rule for where a user may be sent back after signing in (spec §2 `cb`,
 * kept as `g_cb`): a path on this site, nothing else. Used by the site's `cb`
 * handling and by the server's Google callback (hole 5 of issue 10: browsers drop
 * tabs and newlines inside a URL, so `/%09/evil.example` became `//evil.example`).
 */

const origin = 'https://return-path.invalid';
/** Printable ASCII only: no spaces, controls, or look-alike slashes and dots from other scripts. */
const printableAscii = /^[\x21-\x7e]+$/;

function looksLikeAnotherSite(path: string): boolean {
  return !path.startsWith('/') || path.startsWith('//') || path.includes('\\');
}

/** Percent-decodes repeatedly (at most a few rounds), or undefined when the value is not valid percent-encoding. */
function fullyDecoded(value: string): string | undefined {
  let current = value;
  for (let round = 0; round < 4; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return undefined;
    }
    if (next === current) return current;
    current = next;
  }
  return undefined;
}

/**
 * `value` as a same-site path (`/en/history?page=2#x`), normalized by the URL
 * parser, or undefined when it is anything else: another host (`//host`,
 * `/\host`, a scheme), whitespace or a control character anywhere, non-ASCII
 * characters, or an encoded form of any of these.
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return undefined;
  if (!printableAscii.test(value) || looksLikeAnotherSite(value)) return undefined;
  // What any later decoding would make of its path must pass the same checks (a query or fragment cannot change the host).
  const decoded = fullyDecoded(value.split(/[?#]/, 1)[0]!);
  if (decoded === undefined || !printableAscii.test(decoded) || looksLikeAnotherSite(decoded)) return undefined;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return looksLikeAnotherSite(path) ? undefined : path;
}
