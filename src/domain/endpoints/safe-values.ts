import { z } from 'zod';

/**
 * Values every endpoint must refuse before they reach PostgreSQL (hole 7 of issue
 * 10): `text` and `jsonb` cannot hold a NUL character, `jsonb` (and any UTF-8)
 * cannot hold a lone surrogate, and `integer` columns stop at 32 bits.
 */

/** The message key of a refused string (the server answers it translated). */
export const unstorableTextKey = 'error.invalidText';

/** True when PostgreSQL can store the string as text and inside JSON. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && value.isWellFormed();
}

/** The most values (strings, numbers, keys' values) a request may hold; more is refused as too large. */
export const MAX_VALUES = 100_000;
/** What `findUnstorableText` answers for a body with more than MAX_VALUES values. */
export const TOO_MANY_VALUES = Symbol('too many values');

/**
 * The first string, or object key, anywhere in `value` that PostgreSQL cannot
 * store, or undefined. Walks without recursion, so a deeply nested body cannot
 * overflow the stack; buffers (uploaded files) are not text and are skipped.
 */
export function findUnstorableText(value: unknown): string | typeof TOO_MANY_VALUES | undefined {
  const stack: unknown[] = [value];
  let visited = 0;
  while (stack.length > 0) {
    const item = stack.pop();
    // A body of more values than any form of ours sends is refused whole: a NUL behind the padding would otherwise
    // go unseen and reach PostgreSQL (issue 29).
    if (++visited > MAX_VALUES) return TOO_MANY_VALUES;
    if (typeof item === 'string') {
      if (!isStorableText(item)) return item;
    } else if (Array.isArray(item)) {
      stack.push(...item);
    } else if (item !== null && typeof item === 'object' && !ArrayBuffer.isView(item)) {
      for (const [key, inner] of Object.entries(item)) {
        if (!isStorableText(key)) return key;
        stack.push(inner);
      }
    }
  }
  return undefined;
}

/** The largest value of a PostgreSQL `integer`. */
export const int32Max = 2_147_483_647;

/** A whole number that fits an `integer` column (order status, page), from JSON or a form field. */
export const int32 = z.coerce.number().int().min(-int32Max - 1).max(int32Max);

/** An order number, as every endpoint that takes one reads it (issue 31: it was written three times). */
export const orderNo = z.string().trim().min(1, { message: 'commerce.error.orderNoMissing' }).max(64);
