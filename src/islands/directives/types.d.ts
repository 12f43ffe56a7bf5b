import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when idle (at most `timeout` ms), or at once on interaction; an early click is replayed. */
    'client:idle-or-interaction'?: boolean | { timeout?: number; settle?: number; eagerParams?: string[]; eagerStorage?: string[]; visible?: boolean };
    /** Hydrate on the first interaction only; an early click is replayed. */
    'client:interaction'?: boolean;
    /** Hydrate only when a login is stored (local storage `user`). */
    'client:stored-login'?: boolean;
  }
}
