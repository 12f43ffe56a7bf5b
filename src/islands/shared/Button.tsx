/**
 * The site's buttons: one look per variant, a visible focus ring everywhere
 * (WCAG 2.2 AA, global.css `:focus-visible`), disabled states that read as
 * disabled. Always `type="button"` unless a form submit is asked for.
 */
import type { ButtonHTMLAttributes, AnchorHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'icon' | 'action';

const base = 'inline-flex items-center justify-center gap-2 rounded-lg font-semibold disabled:cursor-not-allowed disabled:opacity-50';

/** Class names of a variant, also for links that look like buttons. */
export const buttonClass: Record<ButtonVariant, string> = {
  primary: `${base} bg-brand-600 px-6 py-2.5 text-white hover:bg-brand-700`,
  secondary: `${base} border border-brand-600 px-5 py-2.5 text-brand-700 hover:bg-brand-50`,
  ghost: `${base} px-4 py-2 font-medium text-slate-800 hover:bg-slate-100`,
  icon: `${base} h-9 min-w-9 px-2 font-medium text-slate-700 hover:bg-slate-100`,
  action: `${base} border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50`,
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
}

export function Button({ variant = 'ghost', className = '', type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={`${buttonClass[variant]} ${className}`} {...rest} />;
}

export interface LinkButtonProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  variant?: ButtonVariant;
}

/** A link styled as a button (navigation stays a link). */
export function LinkButton({ variant = 'primary', className = '', ...rest }: LinkButtonProps) {
  return <a className={`${buttonClass[variant]} ${className}`} {...rest} />;
}
