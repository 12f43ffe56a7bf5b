import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../shared/i18n.tsx';
import type { AccountMenuMessages } from './AccountMenu.tsx';

interface Props {
  email: string;
  initial: string;
  balance: string;
  paths: { profile: string; history: string; subscription: string; invite: string };
  onCoupon: () => void;
  onLogout: () => void;
}

const item = 'block w-full px-4 py-2 text-start text-sm text-slate-700 hover:bg-slate-100';

/**
 * The account button and its menu (the disclosure pattern, as the Tools menu):
 * the button shows the account's initial and is named by "Account menu" and the
 * e-mail; Enter/Space toggles, arrows move between items, Escape closes and
 * gives focus back, a click or focus outside closes.
 */
export function AccountDropdown({ email, initial, balance, paths, onCoupon, onLogout }: Props) {
  const t = useT<AccountMenuMessages>();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = 'account-menu';

  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('click', outside);
    return () => document.removeEventListener('click', outside);
  }, [open]);

  const items = () => [...(root.current?.querySelectorAll<HTMLElement>(`#${panelId} a[href], #${panelId} button`) ?? [])];
  const onKeyDown = (event: KeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape' && open) {
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = index < 0 ? (step > 0 ? 0 : list.length - 1) : (index + step + list.length) % list.length;
      // The panel may have just opened: move focus after React shows it.
      requestAnimationFrame(() => items()[next]?.focus());
    }
  };

  return (
    <div
      ref={root}
      className="relative"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (event.relatedTarget && !root.current?.contains(event.relatedTarget as Node)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="inline-flex items-center gap-1 rounded-full p-1 text-slate-700 hover:bg-slate-100"
        aria-expanded={open}
        aria-controls={panelId}
        title={email || undefined}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white">
          {initial}
        </span>
        <span className="sr-only">
          {t('account.menu')} {email}
        </span>
        <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      <div id={panelId} hidden={!open} className="absolute end-0 top-full z-40 mt-1 w-64 rounded-lg border border-slate-200 bg-white py-2 shadow-lg">
        <p className="truncate px-4 pb-2 text-sm font-medium text-slate-900">{email}</p>
        <p className="flex items-center justify-between border-y border-slate-100 px-4 py-2 text-sm">
          <span className="text-slate-600">{t('account.balanceLabel')}</span>
          <strong className="text-slate-900">{balance}</strong>
        </p>
        <ul className="py-1">
          <li>
            <a className={item} href={paths.profile}>
              {t('account.profile')}
            </a>
          </li>
          <li className="lg:hidden">
            <a className={item} href={paths.history}>
              {t('account.history')}
            </a>
          </li>
          <li>
            <a className={item} href={paths.subscription}>
              {t('account.subscription')}
            </a>
          </li>
          <li>
            <button
              type="button"
              className={item}
              onClick={() => {
                // The modal gives focus back to where it was opened from: the account button, which stays visible.
                setOpen(false);
                button.current?.focus();
                onCoupon();
              }}
            >
              {t('account.coupon')}
            </button>
          </li>
          <li>
            <a className={item} href={paths.invite}>
              {t('account.refer')}
            </a>
          </li>
        </ul>
        <button type="button" className="block w-full border-t border-slate-100 px-4 py-2 text-start text-sm text-red-700 hover:bg-red-50" onClick={onLogout}>
          {t('account.logout')}
        </button>
      </div>
    </div>
  );
}
