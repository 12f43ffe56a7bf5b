import { describe, expect, it } from 'vitest';
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
