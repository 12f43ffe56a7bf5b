/**
 * Whether the browser holds a logged-in user, read without loading the user
 * store: visitors then never download the API client and the store (the
 * account scripts import them only when this says yes, or when another tab logs in).
 */
export function hasStoredLogin(): boolean {
  try {
    return Boolean((JSON.parse(localStorage.getItem('user') ?? '{}') as { isLoginUser?: boolean }).isLoginUser);
  } catch {
    return false;
  }
}

/** Runs `load` now when a user is stored, else as soon as another tab stores one. */
export function whenLoggedIn(load: () => void): void {
  if (hasStoredLogin()) {
    load();
    return;
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key === 'user' && hasStoredLogin()) {
      removeEventListener('storage', onStorage);
      load();
    }
  };
  addEventListener('storage', onStorage);
}

/**
 * Defines a custom element whose behaviour loads only for a logged-in user:
 * visitors download nothing but this line; `load` answers the binder.
 */
export function defineLoggedInElement(name: string, load: () => Promise<(root: HTMLElement) => void>): void {
  if (customElements.get(name)) return;
  customElements.define(
    name,
    class extends HTMLElement {
      connectedCallback() {
        whenLoggedIn(() => void load().then((bind) => bind(this)));
      }
    },
  );
}

/**
 * Window event the user store dispatches when this tab stores a login
 * (`storage` events reach other tabs only); `client:stored-login` listens to it.
 */
export const storedLoginEvent = 'inkwise:stored-login';
