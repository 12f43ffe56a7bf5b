/**
 * The header's account area (spec §2, SITE-11/12) and its mirror in the mobile
 * menu: Start for free and Log in for a visitor; for a logged-in user the
 * membership badge or Try Premium, history, and the account menu (balance,
 * profile, history on small screens, subscription, coupon, refer and earn,
 * logout). Hydrates only when a login is stored (`client:stored-login`): the
 * server renders both states and the CSS of `html[data-auth]` shows the right
 * one before any script, so a visitor downloads no React for it.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { AreaMessages } from '../../i18n/island-messages.ts';
import type { Locale } from '../../i18n/locales.ts';
import { localizedPath } from '../../i18n/routes.ts';
import { $accountEmail, $accountInitial, logoutAndLeave, openCouponModal, syncAuthAttributes } from '../../stores/account.ts';
import { $balance, $membershipLevel } from '../../stores/user.ts';
import { MessagesProvider, useT } from '../shared/i18n.tsx';
import { useHydrated } from '../shared/useHydrated.ts';
import { AccountDropdown } from './AccountDropdown.tsx';
import { MemberBadge } from './MemberBadge.tsx';

export type AccountMenuMessages = AreaMessages<'account.' | 'membership.' | 'header.startFree' | 'header.login' | 'auth.loggedOut'>;

export interface AccountMenuProps {
  locale: Locale;
  variant: 'desktop' | 'mobile';
  /** BCP 47 tag for number formats. */
  lang: string;
  messages: AccountMenuMessages;
}

export function AccountMenu(props: AccountMenuProps) {
  return (
    <MessagesProvider messages={props.messages}>
      {props.variant === 'desktop' ? <DesktopAccount {...props} /> : <MobileAccount {...props} />}
    </MessagesProvider>
  );
}

/** What both variants show once live; empty in the server render (no login is known there). */
function useAccount(lang: string) {
  const hydrated = useHydrated();
  const email = useStore($accountEmail);
  const initial = useStore($accountInitial);
  const balance = useStore($balance);
  const level = useStore($membershipLevel);
  const t = useT<AccountMenuMessages>();
  return {
    hydrated,
    email: hydrated ? email : '',
    initial: hydrated ? initial : '',
    level: hydrated ? level : undefined,
    balance: hydrated ? t('account.balance', { count: new Intl.NumberFormat(lang).format(balance ?? 0) }) : '',
  };
}

const link = 'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900';

function DesktopAccount({ locale, lang }: AccountMenuProps) {
  const t = useT<AccountMenuMessages>();
  const account = useAccount(lang);
  const path = (route: Parameters<typeof localizedPath>[1]) => localizedPath(locale, route);
  // One place keeps <html data-auth / data-member-level> in step with logins, logouts and upgrades.
  useEffect(() => syncAuthAttributes(), []);
  return (
    <div className="hidden items-center gap-2 md:flex" data-account="desktop">
      <div className="auth-out flex items-center gap-2">
        <a className={link} href={path('login')}>
          {t('header.login')}
        </a>
        <a className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700" href={path('signup')}>
          {t('header.startFree')}
        </a>
      </div>
      <div className="auth-in flex items-center gap-2">
        <a className="member-free rounded-full bg-amber-100 px-3 py-1.5 text-sm font-semibold text-amber-950 hover:bg-amber-200" href={path('tryPremium')}>
          {t('account.tryPremium')}
        </a>
        <MemberBadge level={account.level} href={path('userSubscription')} className="rounded-full bg-brand-100 px-3 py-1.5 text-sm font-semibold text-brand-900" />
        <a className={`${link} hidden lg:inline-block`} href={path('history')}>
          {t('account.history')}
        </a>
        <AccountDropdown
          email={account.email}
          initial={account.initial}
          balance={account.balance}
          paths={{ profile: path('userProfile'), history: path('history'), subscription: path('userSubscription'), invite: path('userInvite') }}
          onCoupon={openCouponModal}
          onLogout={() => void logoutAndLeave(locale, t('auth.loggedOut'))}
        />
      </div>
    </div>
  );
}

const mobileItem = 'block w-full rounded-md px-3 py-2 text-start text-base text-slate-800 hover:bg-slate-100';

function MobileAccount({ locale, lang }: AccountMenuProps) {
  const t = useT<AccountMenuMessages>();
  const account = useAccount(lang);
  const path = (route: Parameters<typeof localizedPath>[1]) => localizedPath(locale, route);
  return (
    <div className="mt-4 border-t border-slate-200 pt-4" data-account="mobile">
      <div className="auth-out flex flex-col gap-2">
        <a className="rounded-md bg-brand-600 px-4 py-2 text-center font-semibold text-white hover:bg-brand-700" href={path('signup')}>
          {t('header.startFree')}
        </a>
        <a className="rounded-md border border-slate-300 px-4 py-2 text-center font-medium text-slate-800 hover:bg-slate-50" href={path('login')}>
          {t('header.login')}
        </a>
      </div>
      <div className="auth-in">
        <p className="flex items-center gap-2 px-3 text-sm font-medium">
          <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-600 font-semibold text-white">
            {account.initial}
          </span>
          <span className="min-h-5 truncate">{account.email}</span>
        </p>
        <p className="flex justify-between px-3 py-1 text-sm">
          <span className="text-slate-600">{t('account.balanceLabel')}</span>
          <strong className="min-h-5">{account.balance}</strong>
        </p>
        <a className="member-free mx-3 my-2 block rounded-full bg-amber-100 px-3 py-1.5 text-center text-sm font-semibold text-amber-950" href={path('tryPremium')}>
          {t('account.tryPremium')}
        </a>
        <MemberBadge level={account.level} href={path('userSubscription')} className="mx-3 my-2 block rounded-full bg-brand-100 px-3 py-1.5 text-center text-sm font-semibold text-brand-900" />
        <ul className="space-y-1">
          <li>
            <a className={mobileItem} href={path('history')}>
              {t('account.history')}
            </a>
          </li>
          <li>
            <a className={mobileItem} href={path('userProfile')}>
              {t('account.profile')}
            </a>
          </li>
          <li>
            <a className={mobileItem} href={path('userSubscription')}>
              {t('account.subscription')}
            </a>
          </li>
          <li>
            <button type="button" className={mobileItem} onClick={openCouponModal}>
              {t('account.coupon')}
            </button>
          </li>
          <li>
            <a className={mobileItem} href={path('userInvite')}>
              {t('account.refer')}
            </a>
          </li>
          <li>
            <button type="button" className={`${mobileItem} text-red-700`} onClick={() => void logoutAndLeave(locale, t('auth.loggedOut'))}>
              {t('account.logout')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
