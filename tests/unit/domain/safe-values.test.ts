import { describe, expect, it } from 'vitest';
import { MAX_VALUES, TOO_MANY_VALUES, findUnstorableText, int32, isStorableText } from '../../../src/domain/endpoints/safe-values.ts';

describe('[API-02] values PostgreSQL can store', () => {
  it('refuses NUL and lone surrogates, keeps every other character', () => {
    expect(isStorableText('plain, émojis 😀, 中文, العربية')).toBe(true);
    for (const bad of ['a\u0000b', '\ud800', 'x\udfffy', '\ud83d']) expect(isStorableText(bad)).toBe(false);
  });

  it('finds a bad string or key anywhere, skips buffers, and never overflows on deep nesting', () => {
    expect(findUnstorableText({ a: [{ b: 'fine' }, ['x\u0000']] })).toBe('x\u0000');
    expect(findUnstorableText({ ['k\ud800']: 1 })).toBe('k\ud800');
    expect(findUnstorableText({ file: Buffer.from([0, 0xd8, 0]) })).toBeUndefined();
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toBe('end\u0000');
  });

  it('refuses a body of more values than it walks, so a NUL behind padding is never let through', () => {
    expect(findUnstorableText(['x\u0000', ...new Array<number>(MAX_VALUES + 1).fill(0)])).toBe(TOO_MANY_VALUES);
    expect(findUnstorableText(new Array<number>(MAX_VALUES - 1).fill(0))).toBeUndefined();
  });

  it('bounds whole numbers to a PostgreSQL integer', () => {
    expect(int32.safeParse(2 ** 31 - 1).success).toBe(true);
    expect(int32.safeParse('-2147483648').success).toBe(true);
    for (const bad of [2 ** 31, -(2 ** 31) - 1, 1e20, 1.5, 'NaN', Infinity]) expect(int32.safeParse(bad).success).toBe(false);
  });
});
