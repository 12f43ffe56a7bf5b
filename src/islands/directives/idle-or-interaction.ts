/**
 * `client:idle-or-interaction`: hydrate when the browser is idle (at most
 * `timeout` ms, default 10 s: spec §9 "editor lazy-load idle timeout"), or at
 * once on hover, focus, touch or a first click, which is replayed.
 * `client:idle-or-interaction={{ timeout: 10000, eagerParams: ['orderNo'] }}`:
 * a URL with one of `eagerParams` in its query hydrates at once (a result link).
 * `{{ visible: true }}`: an island below the fold waits until it nears the
 * viewport (then idle), instead of hydrating while the reader is still above it.
 */
import type { ClientDirective } from 'astro';
import { hydrateOnce, onFirstInteraction } from './interaction.ts';

type Options = { timeout?: number; eagerParams?: string[]; visible?: boolean };

const directive: ClientDirective = (load, options, el) => {
  const value = (typeof options.value === 'object' && options.value ? options.value : {}) as Options;
  const timeout = value.timeout ?? 10_000;
  const island = hydrateOnce(load);
  island.setReplay(onFirstInteraction(el, island.start));
  const query = new URLSearchParams(location.search);
  const whenIdle = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(island.start, { timeout });
    else setTimeout(island.start, Math.min(timeout, 2000));
  };
  if ((value.eagerParams ?? []).some((name) => query.has(name))) island.start();
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
