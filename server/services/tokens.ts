import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A random opaque token (refresh tokens, links, tickets): 256 bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a high-entropy token, for storage: a database leak reveals no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A numeric one-time code of `length` digits from a CSPRNG. */
export function randomCode(length: number): string {
  return Array.from({ length }, () => randomInt(10)).join('');
}

/** Keyed hash of a short code: without the key, a leaked hash cannot be brute-forced offline. */
export function hashCode(key: Uint8Array, ...parts: string[]): string {
  return createHmac('sha256', key).update(parts.join('\u0000')).digest('base64url');
}

/** Compares two hashes in constant time. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
