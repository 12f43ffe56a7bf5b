import { describe, expect, it } from 'vitest';

// The module under test reads the user store at call time only; importing it needs no DOM.
const { shouldWelcome } = await import('../../../src/lib/account-dialogs.ts');

describe('welcome coupon modal', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('[COM-13] shows once to accounts created within the last 7 days', () => {
    expect(shouldWelcome('2026-11-20T12:00:00Z', null, now)).toBe(true);
    expect(shouldWelcome('2026-11-15T11:59:00Z', null, now)).toBe(false);
    expect(shouldWelcome('2026-11-20T12:00:00Z', String(now - 1000), now)).toBe(false);
    expect(shouldWelcome(undefined, null, now)).toBe(false);
  });
});
