import { membershipName } from '../../domain/membership.ts';
import { MembershipLevel } from '../../domain/plans.ts';
import { useT } from '../shared/i18n.tsx';
import type { AccountMenuMessages } from './AccountMenu.tsx';

const paidLevels = [MembershipLevel.PREMIUM_MONTH, MembershipLevel.PREMIUM_ANNUAL, MembershipLevel.PREMIUM_PRO_MONTH, MembershipLevel.PREMIUM_PRO_ANNUAL] as const;

/**
 * The membership badge of a paid member, linking to the subscription. Before
 * hydration (`level` undefined) it holds every paid level's name and the CSS
 * of `html[data-member-level]` (set by the head script) shows the right one, so
 * a member sees their badge at first paint, not Try Premium replaced later.
 */
export function MemberBadge({ level, href, className }: { level: number | undefined; href: string; className: string }) {
  const t = useT<AccountMenuMessages>();
  const name = (l: number) => t(`membership.${membershipName(l)}` as keyof AccountMenuMessages & string);
  return (
    <a className={`member-paid ${className}`} href={href}>
      {level === undefined ? (
        paidLevels.map((l) => (
          <span key={l} data-level-name={l}>
            {name(l)}
          </span>
        ))
      ) : (
        <span>{name(level)}</span>
      )}
    </a>
  );
}
