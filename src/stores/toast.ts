import { atom } from 'nanostores';

/** A message shown for a moment (spec §9: 3000 ms). */
export interface Toast {
  id: number;
  message: string;
  kind: 'error' | 'success' | 'info' | 'warning';
}

export const toastDurationMs = 3000;
const flashKey = 'flash';
let nextId = 1;

/** The toasts on screen. */
export const $toasts = atom<Toast[]>([]);

/** Shows a toast that disappears after 3 seconds. */
export function showToast(message: string, kind: Toast['kind'] = 'error'): void {
  const toast = { id: nextId++, message, kind };
  $toasts.set([...$toasts.get(), toast]);
  setTimeout(() => $toasts.set($toasts.get().filter((t) => t.id !== toast.id)), toastDurationMs);
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
