import { atom } from 'nanostores';
import { takeFlash } from '../lib/flash.ts';

export { flashToast } from '../lib/flash.ts';

/** A message shown for a moment (spec §9: 3000 ms). */
export interface Toast {
  id: number;
  message: string;
  kind: 'error' | 'success' | 'info' | 'warning';
  /** A button in the toast (an "Undo"); pressing it runs `run` and closes the toast. */
  action?: { label: string; run: () => void };
}

export const toastDurationMs = 3000;
/** A toast with an action stays longer: time to read it and press the button. */
export const actionToastDurationMs = 10_000;
let nextId = 1;

/** The toasts on screen. */
export const $toasts = atom<Toast[]>([]);

/** Shows a toast that disappears after 3 seconds. */
export function showToast(message: string, kind: Toast['kind'] = 'error', action?: Toast['action']): void {
  const toast: Toast = { id: nextId++, message, kind };
  const close = () => $toasts.set($toasts.get().filter((t) => t.id !== toast.id));
  if (action)
    toast.action = {
      label: action.label,
      run: () => {
        close();
        action.run();
      },
    };
  $toasts.set([...$toasts.get(), toast]);
  setTimeout(close, action ? actionToastDurationMs : toastDurationMs);
}

/** Shows the toast kept by the previous page, once. */
export function showFlashedToast(): void {
  try {
    const flash = takeFlash();
    if (flash?.message) showToast(flash.message, flash.kind);
  } catch {
    // A malformed flash is dropped.
  }
}
