import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '../../../src/domain/return-path.ts';
import { callbackKey, rememberCallback, takeCallback } from '../../../src/lib/session.ts';

class MemoryStorage {
  private data = new Map<string, string>();
  getItem(k: string) { return this.data.get(k) ?? null; }
  setItem(k: string, v: string) { this.data.set(k, v); }
  removeItem(k: string) { this.data.delete(k); }
}

/** Return paths that would take the user to another site, as raw values and as they arrive in ?cb=. */
const hostile = [
  '/\t/evil.example/phish',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '\t//evil.example',
  ' //evil.example',
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  'https://evil.example/',
  'HTTPS://evil.example',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'evil.example',
  '/%09/evil.example',
  '/%2F/evil.example',
  '/%2f%2fevil.example',
  '%2F%2Fevil.example',
  '/%5Cevil.example',
  '/%252F%252Fevil.example',
  '/%E0%A4%A',
  '/\u3002evil.example',
  '\uFF0F\uFF0Fevil.example',
  '/\uFF0Fevil.example',
  '/\u2215evil.example',
  '/\u2044evil.example',
  '/\u00A0/evil.example',
  '/\u2028/evil.example',
  '/\u0000/evil.example',
  '/\u007f/evil.example',
  '',
  '/'.padEnd(3000, 'a'),
];

describe('[ACC-11] the return path after login', () => {
  it.each(hostile.map((v) => [JSON.stringify(v), v]))('refuses %s', (_label, value) => {
    expect(safeReturnPath(value)).toBeUndefined();
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 42, {}, ['/en']]) expect(safeReturnPath(value)).toBeUndefined();
  });

  it('keeps paths of this site with their query and fragment, normalized', () => {
    expect(safeReturnPath('/en/history?page=2')).toBe('/en/history?page=2');
    expect(safeReturnPath('/en/essay-humanizer?orderNo=IW1#result')).toBe('/en/essay-humanizer?orderNo=IW1#result');
    expect(safeReturnPath('/en/try-premium/wechat')).toBe('/en/try-premium/wechat');
    expect(safeReturnPath('/en/../fr/login')).toBe('/fr/login');
    expect(safeReturnPath('/en/search?q=a%20b')).toBe('/en/search?q=a%20b');
  });

  it('is what the site keeps in g_cb from ?cb=, with every hostile value dropped', () => {
    for (const value of hostile) {
      const storage = new MemoryStorage() as unknown as Storage;
      const url = new URL('https://x.test/en/login');
      url.searchParams.set('cb', value);
      rememberCallback(url, storage);
      expect(storage.getItem(callbackKey), JSON.stringify(value)).toBeNull();
      storage.setItem(callbackKey, value);
      expect(takeCallback('en', storage), JSON.stringify(value)).toBe('/en');
    }
    // The issue's own example, exactly as typed in the address bar.
    const storage = new MemoryStorage() as unknown as Storage;
    rememberCallback(new URL('https://x.test/en/login?cb=/%09/evil.example/phish'), storage);
    expect(storage.getItem(callbackKey)).toBeNull();
  });
});
