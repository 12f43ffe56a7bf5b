/**
 * `client:idle-or-interaction`: hydrate when the browser is idle (at most
 * `timeout` ms after load, default 10 s: spec §9 "editor lazy-load idle
 * timeout"), or at once on hover, focus, touch or a first click, which is
 * replayed. "Idle" starts `settle` ms (default 2.5 s) after the load event, so
 * hydration never competes with the first seconds of reading and scrolling
 * on a phone; reaching for the island skips the wait.
 * `client:idle-or-interaction={{ timeout: 10000, eagerParams: ['orderNo'] }}`:
 * a URL with one of `eagerParams` in its query hydrates at once (a result link),
 * and so does a non-empty session- or local-storage key of `eagerStorage`
 * (text handed over by another tool, a draft kept across sign-up).
 * `{{ visible: true }}`: an island below the fold waits until it nears the
 * viewport (then idle), instead of hydrating while the reader is still above it.
 */
import type { ClientDirective } from 'astro';
import { hydrateOnce, onFirstInteraction } from './interaction.ts';

type Options = { timeout?: number; settle?: number; eagerParams?: string[]; eagerStorage?: string[]; visible?: boolean };

function stored(key: string): boolean {
  try {
    const value = sessionStorage.getItem(key) ?? localStorage.getItem(key);
    return Boolean(value && value !== '{}');
  } catch {
    return false;
  }
}

const directive: ClientDirective = (load, options, el) => {
  const value = (typeof options.value === 'object' && options.value ? options.value : {}) as Options;
  const timeout = value.timeout ?? 10_000;
  const island = hydrateOnce(load);
  island.setReplay(onFirstInteraction(el, island.start));
  const query = new URLSearchParams(location.search);
  const settle = Math.min(value.settle ?? 2500, timeout);
  const whenIdle = () => {
    const idle = () => {
      if ('requestIdleCallback' in window) requestIdleCallback(island.start, { timeout: timeout - settle });
      else setTimeout(island.start, 200);
    };
    const afterLoad = () => setTimeout(idle, settle);
    if (document.readyState === 'complete') afterLoad();
    else addEventListener('load', afterLoad, { once: true });
  };
  if ((value.eagerParams ?? []).some((name) => query.has(name)) || (value.eagerStorage ?? []).some(stored)) island.start();
  else if (value.visible && 'IntersectionObserver' in window) {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        whenIdle();
      },
      { rootMargin: '200px' },
    );
    // The island's own box is display: contents; observe what it renders.
    for (const child of el.children) observer.observe(child);
  } else whenIdle();
};

export default directive;
