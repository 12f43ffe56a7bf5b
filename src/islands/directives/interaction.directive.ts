/**
 * `client:interaction`: hydrate only on the first hover, focus, touch, key or
 * click inside the island (a click is replayed), so a visitor who never
 * reaches for it downloads no React for it.
 */
import type { ClientDirective } from 'astro';
import { hydrateOnce, onFirstInteraction } from './interaction.ts';

const directive: ClientDirective = (load, _options, el) => {
  const island = hydrateOnce(load);
  island.setReplay(onFirstInteraction(el, island.start));
};

export default directive;
