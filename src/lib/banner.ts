/** Local-storage key that keeps the promotional banner closed once closed. */
export const bannerClosedKey = 'bannerClosed';

/** Closes the promotional banner now and on every later page. */
export function closeBanner(storage: Pick<Storage, 'setItem'> = localStorage, root: HTMLElement = document.documentElement): void {
  try {
    storage.setItem(bannerClosedKey, String(Date.now()));
  } catch {
    // Private mode without storage: the banner still closes for this page.
  }
  root.dataset.bannerClosed = '';
}
