/** A toast kept for the next page (before a redirect), in session storage; the toast store shows it (stores/toast.ts). */
const flashKey = 'flash';

export type FlashKind = 'info' | 'success' | 'warning' | 'error';

/** Keeps a toast for the next page (before a redirect). */
export function flashToast(message: string, kind: FlashKind = 'info'): void {
  try {
    sessionStorage.setItem(flashKey, JSON.stringify({ message, kind }));
  } catch {
    // No storage: the message is lost with the page, the redirect still happens.
  }
}

/** The toast the previous page kept, once (throws on a malformed one). */
export function takeFlash(): { message: string; kind: FlashKind } | null {
  const raw = sessionStorage.getItem(flashKey);
  if (!raw) return null;
  sessionStorage.removeItem(flashKey);
  return JSON.parse(raw) as { message: string; kind: FlashKind };
}
