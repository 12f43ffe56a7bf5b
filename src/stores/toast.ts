import { atom } from 'nanostores';

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
const flashKey = 'flash';
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

/** Keeps a toast for the next page (before a redirect). */
export function flashToast(message: string, kind: Toast['kind'] = 'info'): void {
  try {
    sessionStorage.setItem(flashKey, JSON.stringify({ message, kind }));
  } catch {
    // No storage: the message is lost with the page, the redirect still happens.
  }
}

/** Shows the toast kept by the previous page, once. */
export function showFlashedToast(): void {
  try {
    const raw = sessionStorage.getItem(flashKey);
    if (!raw) return;
    sessionStorage.removeItem(flashKey);
    const { message, kind } = JSON.parse(raw) as { message: string; kind: Toast['kind'] };
    if (message) showToast(message, kind);
  } catch {
    // A malformed flash is dropped.
  }
}
