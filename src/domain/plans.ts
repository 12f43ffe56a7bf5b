/** Membership levels of spec §3. */
export const MembershipLevel = {
  UNKNOWN: -1,
  FREE: 0,
  PREMIUM_MONTH: 1,
  PREMIUM_ANNUAL: 2,
  PREMIUM_PRO_MONTH: 3,
  PREMIUM_PRO_ANNUAL: 4,
} as const;
export type MembershipLevel = (typeof MembershipLevel)[keyof typeof MembershipLevel];

/** Currencies of spec §3 with their numeric ids. */
export const Currency = { USD: 1, AUD: 2, CAD: 3 } as const;
export type CurrencyCode = keyof typeof Currency;
export const currencyCodes = ['USD', 'CAD', 'AUD'] as const satisfies readonly CurrencyCode[];
export const defaultCurrency: CurrencyCode = 'USD';

/** Plan tiers sold as subscriptions. */
export type Tier = 'basic' | 'pro';
export const tiers = ['basic', 'pro'] as const satisfies readonly Tier[];
export type Billing = 'monthly' | 'annual';
export const billings = ['monthly', 'annual'] as const satisfies readonly Billing[];

/** Words per run (spec §9): 300 free, 2000 premium, 3500 pro. */
export const wordLimits = { free: 300, basic: 2000, pro: 3500 } as const satisfies Record<'free' | Tier, number>;

/** Price per month in whole currency units (spec §9): monthly, and annual billed per month. */
export const monthlyPrices: Readonly<Record<CurrencyCode, Record<Tier, Record<Billing, number>>>> = {
  USD: { basic: { monthly: 20, annual: 12 }, pro: { monthly: 30, annual: 18 } },
  CAD: { basic: { monthly: 28, annual: 16 }, pro: { monthly: 42, annual: 25 } },
  AUD: { basic: { monthly: 30, annual: 18 }, pro: { monthly: 45, annual: 27 } },
};

/** What a plan shows on the pricing page for one currency and billing period. */
export interface PlanPrice {
  perMonth: number;
  /** Charged once per billing period. */
  charged: number;
  /** Saving of annual over monthly billing, in whole percent (0 for monthly). */
  savePercent: number;
}

/** The price of a tier in a currency for a billing period. */
export function planPrice(currency: CurrencyCode, tier: Tier, billing: Billing): PlanPrice {
  const prices = monthlyPrices[currency][tier];
  const perMonth = prices[billing];
  const charged = billing === 'annual' ? perMonth * 12 : perMonth;
  const savePercent = billing === 'annual' ? Math.round((1 - prices.annual / prices.monthly) * 100) : 0;
  return { perMonth, charged, savePercent };
}

/** The membership level a tier and billing period grant. */
export function levelOf(tier: Tier, billing: Billing): MembershipLevel {
  if (tier === 'basic') return billing === 'monthly' ? MembershipLevel.PREMIUM_MONTH : MembershipLevel.PREMIUM_ANNUAL;
  return billing === 'monthly' ? MembershipLevel.PREMIUM_PRO_MONTH : MembershipLevel.PREMIUM_PRO_ANNUAL;
}

/** Words per run allowed at a membership level (300 for free and unknown). */
export function wordLimitFor(level: number): number {
  if (level === MembershipLevel.PREMIUM_PRO_MONTH || level === MembershipLevel.PREMIUM_PRO_ANNUAL) return wordLimits.pro;
  if (level === MembershipLevel.PREMIUM_MONTH || level === MembershipLevel.PREMIUM_ANNUAL) return wordLimits.basic;
  return wordLimits.free;
}

/** Formats a whole-unit price for a locale (`$20`, `CA$28`, `20 $US`). */
export function formatPrice(amount: number, currency: CurrencyCode, lang: string): string {
  return new Intl.NumberFormat(lang, { style: 'currency', currency, maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(amount);
}
