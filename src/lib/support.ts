/** Chat bubble geometry of spec §1, in CSS pixels. */
export const bubbleRules = {
  /** Distance from the bottom on wide screens. */
  defaultBottom: 120,
  /** Distance from the bottom under `narrowWidth`. */
  narrowBottom: 20,
  /** The bubble never sits lower than this. */
  minBottom: 20,
  narrowWidth: 1024,
  /** Under this width the bubble is hidden. */
  hiddenWidth: 768,
  /** Tries and interval when looking for a third-party widget's bubble. */
  findTries: 10,
  findIntervalMs: 2000,
} as const;

/** Where the bubble sits for a viewport, and where a drag may move it. */
export interface BubbleLayout {
  hidden: boolean;
  bottom: number;
}

/**
 * The bubble's position: hidden under 768 px, 20 px from the bottom under
 * 1024 px, 120 px otherwise; a dragged position is kept but never below 20 px
 * nor above the top of the viewport.
 */
export function bubbleLayout(viewport: { width: number; height: number }, bubbleHeight: number, dragged?: number): BubbleLayout {
  const hidden = viewport.width < bubbleRules.hiddenWidth;
  const preferred = dragged ?? (viewport.width < bubbleRules.narrowWidth ? bubbleRules.narrowBottom : bubbleRules.defaultBottom);
  const highest = Math.max(bubbleRules.minBottom, viewport.height - bubbleHeight - bubbleRules.minBottom);
  return { hidden, bottom: Math.min(Math.max(preferred, bubbleRules.minBottom), highest) };
}

/** Timer functions, injectable so tests control time. */
export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
}

/**
 * Looks for something that appears later (a third-party chat widget's bubble):
 * tries `find` now and then every `intervalMs`, at most `tries` times in all.
 * Resolves with what was found, or undefined after the last try.
 */
export function findWithRetry<T>(
  find: () => T | null | undefined,
  { tries = bubbleRules.findTries, intervalMs = bubbleRules.findIntervalMs, timers = globalThis as Timers } = {},
): Promise<T | undefined> {
  return new Promise((resolve) => {
    let attempt = 0;
    const tick = () => {
      attempt += 1;
      const found = find();
      if (found) return resolve(found);
      if (attempt >= tries) return resolve(undefined);
      timers.setTimeout(tick, intervalMs);
    };
    tick();
  });
}
