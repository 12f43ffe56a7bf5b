/**
 * `client:idle-or-interaction`: hydrate when the browser is idle (at most
 * `timeout` ms, default 10 s: spec §9 "editor lazy-load idle timeout"), or at
 * once on hover, focus, touch or a first click, which is replayed.
 * `client:idle-or-interaction={{ timeout: 10000, eagerParams: ['orderNo'] }}`:
 * a URL with one of `eagerParams` in its query hydrates at once (a result link);
 * `eagerHash: ['ticket']` does the same for a parameter of the fragment (the
 * one-time ticket Google sign-in comes back with).
 */
import type { ClientDirective } from 'astro';
import { hydrateOnce, onFirstInteraction } from './interaction.ts';

type Options = { timeout?: number; eagerParams?: string[]; eagerHash?: string[] };

const directive: ClientDirective = (load, options, el) => {
  const value = (typeof options.value === 'object' && options.value ? options.value : {}) as Options;
  const timeout = value.timeout ?? 10_000;
  const island = hydrateOnce(load);
  island.setReplay(onFirstInteraction(el, island.start));
  const query = new URLSearchParams(location.search);
  const hash = new URLSearchParams(location.hash.slice(1));
  if ((value.eagerParams ?? []).some((name) => query.has(name)) || (value.eagerHash ?? []).some((name) => hash.has(name))) island.start();
  else if ('requestIdleCallback' in window) requestIdleCallback(island.start, { timeout });
  else setTimeout(island.start, Math.min(timeout, 2000));
};

export default directive;
