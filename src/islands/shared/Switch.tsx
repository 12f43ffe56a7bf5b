/**
 * An on/off switch (`role="switch"` on a real checkbox, so forms and
 * keyboards work) with a strong focus ring on its track.
 */
import type { ReactNode } from 'react';

export interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: ReactNode;
  title?: string;
  disabled?: boolean;
}

export function Switch({ checked, onCheckedChange, label, title, disabled }: SwitchProps) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-800" title={title}>
      <input
        type="checkbox"
        role="switch"
        className="peer sr-only"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onCheckedChange(event.currentTarget.checked)}
      />
      <span
        aria-hidden="true"
        className="relative h-6 w-11 rounded-full bg-slate-400 transition peer-checked:bg-brand-600 peer-disabled:opacity-50 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-900 after:absolute after:top-0.5 after:left-0.5 after:h-5 after:w-5 after:rounded-full after:bg-white after:shadow after:transition peer-checked:after:translate-x-5"
      />
      {label}
    </label>
  );
}
