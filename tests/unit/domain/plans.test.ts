import { describe, expect, it } from 'vitest';
import { Currency, MembershipLevel, formatPrice, levelOf, monthlyPrices, planPrice, wordLimitFor, wordLimits } from '../../../src/domain/plans.ts';

describe('plans and prices', () => {
  it('[COM-02] has the monthly and annual-per-month prices of spec §9 in USD, CAD and AUD', () => {
    expect(monthlyPrices).toEqual({
      USD: { basic: { monthly: 20, annual: 12 }, pro: { monthly: 30, annual: 18 } },
      CAD: { basic: { monthly: 28, annual: 16 }, pro: { monthly: 42, annual: 25 } },
      AUD: { basic: { monthly: 30, annual: 18 }, pro: { monthly: 45, annual: 27 } },
    });
    expect(Currency).toEqual({ USD: 1, AUD: 2, CAD: 3 });
  });

  it('[COM-02] bills annual plans once a year and shows the saving', () => {
    expect(planPrice('USD', 'basic', 'annual')).toEqual({ perMonth: 12, charged: 144, savePercent: 40 });
    expect(planPrice('CAD', 'basic', 'annual')).toEqual({ perMonth: 16, charged: 192, savePercent: 43 });
    expect(planPrice('AUD', 'pro', 'monthly')).toEqual({ perMonth: 45, charged: 45, savePercent: 0 });
  });

  it('[ACC-07] numbers the membership levels as the spec does', () => {
    expect(MembershipLevel).toEqual({ UNKNOWN: -1, FREE: 0, PREMIUM_MONTH: 1, PREMIUM_ANNUAL: 2, PREMIUM_PRO_MONTH: 3, PREMIUM_PRO_ANNUAL: 4 });
    expect(levelOf('pro', 'annual')).toBe(MembershipLevel.PREMIUM_PRO_ANNUAL);
    expect(levelOf('basic', 'monthly')).toBe(MembershipLevel.PREMIUM_MONTH);
  });

  it('[HUM-17] allows 300 words free, 2000 premium and 3500 pro per run', () => {
    expect(wordLimits).toEqual({ free: 300, basic: 2000, pro: 3500 });
    expect(wordLimitFor(MembershipLevel.UNKNOWN)).toBe(300);
    expect(wordLimitFor(MembershipLevel.FREE)).toBe(300);
    expect(wordLimitFor(MembershipLevel.PREMIUM_ANNUAL)).toBe(2000);
    expect(wordLimitFor(MembershipLevel.PREMIUM_PRO_MONTH)).toBe(3500);
  });

  it('formats prices for the reader’s locale', () => {
    expect(formatPrice(20, 'USD', 'en')).toBe('$20');
    expect(formatPrice(28, 'CAD', 'en')).toBe('CA$28');
    expect(formatPrice(30, 'AUD', 'en')).toBe('A$30');
    expect(formatPrice(20, 'USD', 'fr')).toMatch(/20\s?\$US/);
  });
});
