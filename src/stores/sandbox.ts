/** The sandbox provider's test checkout page (decision 0009): what is bought, and the buyer's verdict. */
import { atom } from 'nanostores';
import type { Locale } from '../i18n/locales.ts';
import { track } from '../lib/analytics.ts';
import { completeSandbox, fetchCheckoutSession, type CheckoutSession } from '../lib/api/commerce.ts';
import { failureMessage } from '../lib/failure.ts';
import { afterCheckout } from './wechat.ts';

export interface SandboxState {
  session: CheckoutSession | undefined;
  error: string | undefined;
  busy: boolean;
}

export const $sandbox = atom<SandboxState>({ session: undefined, error: undefined, busy: false });

/** Loads the checkout session of `?session=`. */
export async function loadSandboxSession(id: string): Promise<void> {
  try {
    $sandbox.set({ session: await fetchCheckoutSession(id), error: undefined, busy: false });
  } catch (error) {
    $sandbox.set({ ...$sandbox.get(), error: failureMessage(error) });
  }
}

/** The buyer pays, declines or cancels; the subscription page then says what happened. */
export async function finishSandbox(outcome: 'succeeded' | 'failed' | 'abandoned', locale: Locale): Promise<void> {
  const { session } = $sandbox.get();
  if (!session) return;
  $sandbox.set({ ...$sandbox.get(), busy: true, error: undefined });
  try {
    const result = await completeSandbox(session.id, outcome);
    track(outcome === 'succeeded' ? 'beanChargeSuccess' : 'beanChargeFailed', { props: { orderNo: result.orderNo, outcome } });
    location.assign(afterCheckout(locale, result.orderNo));
  } catch (error) {
    $sandbox.set({ ...$sandbox.get(), busy: false, error: failureMessage(error) });
  }
}
