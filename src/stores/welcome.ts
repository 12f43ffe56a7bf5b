import { persistentAtom } from '@nanostores/persistent';

/** Spec §4: local-storage key of the welcome flag, a timestamp stored once the registration rights are fetched. */
export const welcomeFlagKey = 'welcome';

/** The welcome flag: empty until the welcome coupon modal was shown (spec §4, COM-12/13). */
export const $welcomeFlag = persistentAtom<string>(welcomeFlagKey, '', { listen: true });

/** Marks the welcome modal as shown, with the time. */
export function markWelcomed(now = Date.now()): void {
  $welcomeFlag.set(String(now));
}
