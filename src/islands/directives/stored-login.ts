/**
 * `client:stored-login`: hydrate only when a login is stored (local storage
 * `user` with isLoginUser, spec §3), at once; otherwise as soon as one is
 * stored, by another tab (a `storage` event) or by this one (the user store
 * dispatches `storedLoginEvent`). Visitors download no React for the island.
 */
import type { ClientDirective } from 'astro';
import { hasStoredLogin, storedLoginEvent } from '../../lib/stored-login.ts';

const directive: ClientDirective = (load) => {
  let started = false;
  const start = () => {
    if (started || !hasStoredLogin()) return;
    started = true;
    removeEventListener('storage', start);
    removeEventListener(storedLoginEvent, start);
    void load().then((hydrate) => hydrate());
  };
  addEventListener('storage', start);
  addEventListener(storedLoginEvent, start);
  start();
};

export default directive;
