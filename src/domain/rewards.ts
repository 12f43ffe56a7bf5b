/** Welcome and referral rewards (docs/decisions/0008); the spec fixes only the 7-day window. */
export const rewards = {
  /** Beans every new account receives. */
  welcomeBeans: 100,
  /** Extra beans for an account created through an invitation. */
  invitedBonusBeans: 50,
  /** Discount on a first plan, as a welcome coupon, in percent. */
  welcomeDiscountPercent: 20,
  /** Spec §4: the welcome coupon modal shows to accounts younger than 7 days; the coupon lives as long. */
  welcomeWindowDays: 7,
  /** Beans for the inviter when the invitee signs up, and when the invitee first pays. */
  referralSignupBeans: 100,
  referralPaymentBeans: 300,
} as const;

/** The spec's coupon response types. */
export type CouponType = 'beans' | 'coupon' | 'others';

/** A money price after a percent-off coupon, in whole cents (docs/decisions/0013). */
export function discountedCents(cents: number, percent: number): number {
  const pct = Math.min(100, Math.max(0, percent));
  return Math.round((cents * (100 - pct)) / 100);
}
