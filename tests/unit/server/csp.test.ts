import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, originOf, policyFor, unhashableScript } from '../../../server/csp.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('the build’s Content-Security-Policy', () => {
  it('hashes every inline script that runs, whatever wrote it, and skips data blocks and files', () => {
    const island = '(self.Astro||(self.Astro={})).idle=1;';
    const html = `<html><head><script>var a = 1;</script><script type="module">import "x"</script><script type=module>b()</script>
      <script src="/_astro/a.js"></script><script type="application/json">{"a":1}</script><script type="application/ld+json">{}</script>
      </head><body><astro-island></astro-island><script>${island}</script><SCRIPT TYPE='text/javascript'>c()</SCRIPT></body></html>`;
    expect(inlineScriptHashes(html)).toEqual([sha('var a = 1;'), sha('import "x"'), sha('b()'), sha(island), sha('c()')]);
  });

  it('refuses pages whose script no hash can allow', () => {
    expect(unhashableScript('<button onclick="go()">x</button>')).toBe('an inline onclick= handler');
    expect(unhashableScript('<a href="javascript:alert(1)">x</a>')).toBe('a javascript: URL');
    expect(unhashableScript('<script>if (a onclick= b) {}</script><p>fine</p>')).toBeUndefined();
  });

  it('allows no inline script, frame or plug-in, and names the API and widget origins only when set', () => {
    const policy = policyFor([sha('x')]);
    expect(policy).toContain(`script-src 'self' ${sha('x')};`);
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    const apart = policyFor([], { apiOrigin: originOf('https://api.example.com/v1'), widgetOrigin: originOf('https://widget.example.net/chat.js') });
    expect(apart).toContain("connect-src 'self' https://api.example.com https://widget.example.net");
    expect(apart).toContain("script-src 'self' https://widget.example.net");
    expect(originOf('')).toBeUndefined();
  });
});
