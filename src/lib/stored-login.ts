/**
 * Whether the browser holds a logged-in user, read without loading the user
 * store: visitors then never download the API client and the store
 * (`client:stored-login` hydrates the account islands only when this says yes).
 */
export function hasStoredLogin(): boolean {
  try {
    return Boolean((JSON.parse(localStorage.getItem('user') ?? '{}') as { isLoginUser?: boolean }).isLoginUser);
  } catch {
    return false;
  }
}

/**
 * Window event the user store dispatches when this tab stores a login
 * (`storage` events reach other tabs only); `client:stored-login` listens to it.
 */
export const storedLoginEvent = 'inkwise:stored-login';
