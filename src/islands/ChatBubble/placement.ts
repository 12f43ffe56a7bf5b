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

/** Options of `makeDraggable`. */
export interface DragOptions {
  /**
   * Place the element by the bubble rules itself (a third-party widget's bubble,
   * which our CSS does not reach). Our own bubble is placed by CSS until dragged.
   */
  placeByRules?: boolean;
}

/**
 * Lets a pointer drag a fixed element up and down by `handle`, within the
 * bubble rules (never below 20 px, never above the top), and keeps it there on
 * resize. A click that ends a drag is swallowed, so dragging never toggles the
 * panel. Answers the cleanup.
 */
export function makeDraggable(target: HTMLElement, handle: HTMLElement, { placeByRules = false }: DragOptions = {}): () => void {
  let dragged: number | undefined;
  let start: { y: number; bottom: number } | undefined;
  let moved = false;
  const place = () => {
    const layout = bubbleLayout({ width: innerWidth, height: innerHeight }, target.offsetHeight || 56, dragged);
    if (placeByRules) target.style.display = layout.hidden ? 'none' : '';
    if (placeByRules || dragged !== undefined) target.style.bottom = `${layout.bottom}px`;
  };
  const down = (event: PointerEvent) => {
    start = { y: event.clientY, bottom: parseFloat(getComputedStyle(target).bottom) || 0 };
    moved = false;
    handle.setPointerCapture?.(event.pointerId);
  };
  const move = (event: PointerEvent) => {
    if (!start) return;
    const dy = event.clientY - start.y;
    if (Math.abs(dy) > 4) moved = true;
    if (moved) {
      dragged = start.bottom - dy;
      place();
    }
  };
  const up = () => {
    start = undefined;
  };
  const click = (event: MouseEvent) => {
    if (!moved) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    moved = false;
  };
  handle.addEventListener('pointerdown', down);
  handle.addEventListener('pointermove', move);
  handle.addEventListener('pointerup', up);
  handle.addEventListener('pointercancel', up);
  handle.addEventListener('click', click);
  addEventListener('resize', place);
  if (placeByRules) {
    target.style.position = 'fixed';
    place();
  }
  return () => {
    handle.removeEventListener('pointerdown', down);
    handle.removeEventListener('pointermove', move);
    handle.removeEventListener('pointerup', up);
    handle.removeEventListener('pointercancel', up);
    handle.removeEventListener('click', click);
    removeEventListener('resize', place);
  };
}

/** Adds a third-party chat widget's script once (PUBLIC_SUPPORT_WIDGET_SRC). */
export function loadWidgetScript(src: string): void {
  if (document.querySelector(`script[data-support-widget]`)) return;
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  script.dataset.supportWidget = '';
  document.head.append(script);
}
