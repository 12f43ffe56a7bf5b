import { describe, expect, it, vi } from 'vitest';
import { callbackKey, rememberCallback, safePath, takeCallback } from '../../../src/lib/session.ts';

class MemoryStorage {
  private data = new Map<string, string>();
  getItem(k: string) { return this.data.get(k) ?? null; }
  setItem(k: string, v: string) { this.data.set(k, v); }
  removeItem(k: string) { this.data.delete(k); }
}

describe('login return path', () => {
  it('[ACC-11] keeps cb in session storage under g_cb and hands it back once after login', () => {
    const storage = new MemoryStorage() as unknown as Storage;
    rememberCallback(new URL('https://x.test/en/login?cb=%2Fen%2Fhistory%3Fpage%3D2'), storage);
    expect(storage.getItem(callbackKey)).toBe('/en/history?page=2');
    expect(takeCallback('en', storage)).toBe('/en/history?page=2');
    expect(takeCallback('fr', storage)).toBe('/fr');
  });

  it('never keeps a return path to another site', () => {
    for (const cb of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) expect(safePath(cb)).toBeUndefined();
    const storage = new MemoryStorage() as unknown as Storage;
    rememberCallback(new URL('https://x.test/en/login?cb=https%3A%2F%2Fevil.example'), storage);
    expect(storage.getItem(callbackKey)).toBeNull();
  });
});

describe('a logged-in person on login, sign-up or welcome', () => {
  const at = (href: string) => {
    const url = new URL(href, 'https://inkwise.test');
    return { pathname: url.pathname, href: url.href, replace: vi.fn() } as unknown as Location & { replace: ReturnType<typeof vi.fn> };
  };
  it('is sent on to the return path, else home; other pages and visitors stay', async () => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) });
    const session = new Map<string, string>();
    vi.stubGlobal('sessionStorage', { getItem: (k: string) => session.get(k) ?? null, setItem: (k: string, v: string) => session.set(k, v), removeItem: (k: string) => session.delete(k) });
    const { sentOnIfLoggedIn } = await import('../../../src/lib/session.ts');
    const visitor = at('/en/login');
    expect(sentOnIfLoggedIn(visitor)).toBe(false);
    store.set('user', JSON.stringify({ isLoginUser: true }));
    const login = at('/fr/login');
    expect(sentOnIfLoggedIn(login)).toBe(true);
    expect(login.replace).toHaveBeenCalledWith('/fr');
    const welcome = at('/en/welcome?cb=%2Fen%2Fhistory%3Fpage%3D2');
    sentOnIfLoggedIn(welcome);
    expect(welcome.replace).toHaveBeenCalledWith('/en/history?page=2');
    const reset = at('/en/reset-password');
    expect(sentOnIfLoggedIn(reset)).toBe(false);
    vi.unstubAllGlobals();
  });
});
