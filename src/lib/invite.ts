/** Local-storage key of an invite code kept by the invite landing until it is redeemed. */
export const inviteCodeKey = 'inviteCode';

const codePattern = /^[A-Za-z0-9_-]{4,32}$/;

/** The invite code in an invite landing URL: `/{locale}/invite/{code}` or `?code=`. */
export function inviteCodeFromUrl(url: URL): string | undefined {
  const segments = url.pathname.split('/').filter(Boolean);
  const index = segments.indexOf('invite');
  const code = (index >= 0 ? segments[index + 1] : undefined) ?? url.searchParams.get('code') ?? undefined;
  const clean = code ? decodeURIComponent(code).trim() : undefined;
  return clean && codePattern.test(clean) ? clean.toUpperCase() : undefined;
}

/** Keeps the code for the sign-up form, or for redemption after login. */
export function storeInviteCode(code: string, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(inviteCodeKey, code);
}

/** The kept code, if any. */
export function storedInviteCode(storage: Pick<Storage, 'getItem'> = localStorage): string | undefined {
  const code = storage.getItem(inviteCodeKey) ?? undefined;
  return code && codePattern.test(code) ? code : undefined;
}

/** Forgets the kept code (after sign-up or redemption). */
export function forgetInviteCode(storage: Pick<Storage, 'removeItem'> = localStorage): void {
  storage.removeItem(inviteCodeKey);
}

/** Spec §4: a stored invite code is redeemed after load, then removed, whatever the answer. */
export async function redeemStoredInvite(redeem: (code: string) => Promise<unknown>, storage: Storage = localStorage): Promise<void> {
  const code = storedInviteCode(storage);
  if (!code) return;
  try {
    await redeem(code);
  } catch {
    // Invalid, own or late codes are dropped too: the person cannot act on them.
  } finally {
    forgetInviteCode(storage);
  }
}
