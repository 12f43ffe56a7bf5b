/**
 * What the custom client directives share: start hydration on the first sign
 * of interaction with an island, remember the clicks and file choices made
 * before it was interactive, and replay them once it is. Inlined into each
 * page by Astro (keep it tiny, no imports of app code).
 */

/** An early action to replay: a click on a button, or a file chosen in a file input. */
type Early = { kind: 'click' | 'change'; target: Element };

/**
 * Calls `start` on the first hover, focus, touch, key or click inside `el`
 * (hover and focus are signs of intent, so the island is usually ready before
 * the click). Returns the replay to run after hydration.
 */
export function onFirstInteraction(el: HTMLElement, start: () => void): () => void {
  const early: Early[] = [];
  let listening = true;
  const begin = () => start();
  const onClick = (event: Event) => {
    // Buttons only: a link already navigates and a label already opens its file dialog.
    const button = (event.target as Element).closest('button');
    if (button && !button.disabled && el.contains(button)) early.push({ kind: 'click', target: button });
    start();
  };
  const onChange = (event: Event) => {
    const input = event.target as HTMLInputElement;
    if (input.type === 'file' && input.files?.length) early.push({ kind: 'change', target: input });
    start();
  };
  const options = { capture: true, passive: true } as const;
  const events: [string, EventListener][] = [
    ['pointerenter', begin],
    ['pointerdown', begin],
    ['focusin', begin],
    ['keydown', begin],
    ['click', onClick],
    ['change', onChange],
  ];
  for (const [type, listener] of events) el.addEventListener(type, listener, options);
  return () => {
    if (!listening) return;
    listening = false;
    for (const [type, listener] of events) el.removeEventListener(type, listener, options);
    // React attaches its listeners when hydration starts and hydrates a clicked part at once.
    for (const { kind, target } of early.splice(0)) {
      if (!target.isConnected) continue;
      if (kind === 'click') (target as HTMLElement).click();
      else target.dispatchEvent(new Event('change', { bubbles: true }));
    }
  };
}

/** Runs Astro's `load` then hydrates, once, then replays what came before. */
export function hydrateOnce(load: () => Promise<() => Promise<void>>): { start: () => void; setReplay: (replay: () => void) => void } {
  let started = false;
  let replay = () => {};
  return {
    setReplay: (r) => {
      replay = r;
    },
    start: () => {
      if (started) return;
      started = true;
      void load()
        .then((hydrate) => hydrate())
        .then(() => replay());
    },
  };
}
