/**
 * What the tool islands do the same way around their stores: paste into the text, copy a result, open the finished
 * run a history link names (?orderNo=), and send a visitor to sign-up when a store answers 'signup'.
 */
import { redirectToSignup } from '../../../lib/session.ts';
import { showToast } from '../../../stores/toast.ts';

type T = (key: string) => string;

/** Puts the clipboard's text into the tool (a toast when the browser cannot or will not read it). */
export async function pasteInto(t: T, setText: (text: string) => void): Promise<void> {
  if (!navigator.clipboard?.readText) return showToast(t('humanizer.clipboardUnsupported'), 'warning');
  try {
    const value = await navigator.clipboard.readText();
    if (value.trim()) setText(value);
  } catch {
    showToast(t('humanizer.clipboardDenied'), 'warning');
  }
}

/** Copies a result to the clipboard and says so with the tool's own `copiedKey`. */
export async function copyText(t: T, text: string, copiedKey: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showToast(t(copiedKey), 'success');
  } catch {
    showToast(t('humanizer.clipboardDenied'), 'warning');
  }
}

/** Runs a store action; a visitor (the action answers 'signup') goes to sign-up. */
export async function orSignup(action: Promise<'signup' | void>): Promise<void> {
  if ((await action) === 'signup') redirectToSignup();
}

/** Opens the finished run named by the page's ?orderNo= (a link from the history), if there is one. */
export function openFromQuery(open: (orderNo: string) => Promise<'signup' | void>): void {
  const params = new URLSearchParams(location.search);
  if (params.has('orderNo')) void orSignup(open(params.get('orderNo') ?? ''));
}
