import { MembershipLevel } from './plans.ts';

/** The membership name shown for a level (spec: membershipName, default FREE). */
export function membershipName(level: number): string {
  switch (level) {
    case MembershipLevel.PREMIUM_MONTH:
      return 'PREMIUM_MONTH';
    case MembershipLevel.PREMIUM_ANNUAL:
      return 'PREMIUM_ANNUAL';
    case MembershipLevel.PREMIUM_PRO_MONTH:
      return 'PREMIUM_PRO_MONTH';
    case MembershipLevel.PREMIUM_PRO_ANNUAL:
      return 'PREMIUM_PRO_ANNUAL';
    default:
      return 'FREE';
  }
}

/** Bit of `order_status` set once the user has paid for a membership (spec §5: bit 4). */
export const HAS_BEEN_MEMBER_BIT = 1 << 4;

/** True when the order-status bit field says the user has been a member. */
export function hasBeenMemberBit(orderStatus: number | undefined): boolean {
  return ((orderStatus ?? 0) & HAS_BEEN_MEMBER_BIT) !== 0;
}

/** True for paid levels (Ultra and re-humanize rights). */
export function isPaidLevel(level: number | undefined): boolean {
  return level !== undefined && level >= MembershipLevel.PREMIUM_MONTH;
}
