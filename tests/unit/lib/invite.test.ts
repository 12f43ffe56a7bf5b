import { describe, expect, it, vi } from 'vitest';
import { inviteCodeFromUrl, inviteCodeKey, redeemStoredInvite, storeInviteCode } from '../../../src/lib/invite.ts';

class MemoryStorage {
  data = new Map<string, string>();
  get length() { return this.data.size; }
  clear() { this.data.clear(); }
  key(i: number) { return [...this.data.keys()][i] ?? null; }
  getItem(k: string) { return this.data.get(k) ?? null; }
  setItem(k: string, v: string) { this.data.set(k, v); }
  removeItem(k: string) { this.data.delete(k); }
}

describe('invite codes', () => {
  it('[COM-14] reads the code from the invite landing URL', () => {
    expect(inviteCodeFromUrl(new URL('https://x.test/fr/invite/ab12cd34'))).toBe('AB12CD34');
    expect(inviteCodeFromUrl(new URL('https://x.test/fr/invite?code=XY34ZW56'))).toBe('XY34ZW56');
    expect(inviteCodeFromUrl(new URL('https://x.test/fr/invite/<script>'))).toBeUndefined();
  });

  it('[COM-14] redeems a stored code after load and then removes it, whatever the answer', async () => {
    const storage = new MemoryStorage() as unknown as Storage;
    storeInviteCode('AB12CD34', storage);
    const redeem = vi.fn(async () => {
      throw new Error('already used');
    });
    await redeemStoredInvite(redeem, storage);
    expect(redeem).toHaveBeenCalledWith('AB12CD34');
    expect(storage.getItem(inviteCodeKey)).toBeNull();
    await redeemStoredInvite(redeem, storage);
    expect(redeem).toHaveBeenCalledTimes(1);
  });
});
