/**
 * Loads a tool's editor and flow late (spec §9: idle, at most 10 s), or at
 * once when the person reaches for it; a click that came first is replayed
 * once the flow is bound. This file is all that ships before that.
 */
export type PendingAction = { action: string; file?: File };
export type IslandBinder = (root: HTMLElement, pending: PendingAction[]) => void;

/** Actions whose early clicks are replayed (data attributes of the buttons). */
const replayed = '[data-sample],[data-paste],[data-humanize],[data-check]';

export function scheduleEditorIsland(tag: string, load: () => Promise<IslandBinder>): void {
  if (customElements.get(tag)) return;
  customElements.define(
    tag,
    class extends HTMLElement {
      connectedCallback() {
        const root = this;
        let started = false;
        const pending: PendingAction[] = [];
        const start = () => {
          if (started) return;
          started = true;
          // Clicks keep being recorded until the flow is bound, then they are replayed.
          void load().then((bind) => {
            root.removeEventListener('click', onEarlyClick, true);
            root.removeEventListener('change', onEarlyChange, true);
            bind(root, pending);
          });
        };
        const onEarlyClick = (event: Event) => {
          const button = (event.target as HTMLElement).closest<HTMLElement>(replayed);
          if (button) pending.push({ action: Object.keys(button.dataset)[0] ?? '' });
          start();
        };
        const onEarlyChange = (event: Event) => {
          const input = event.target as HTMLInputElement;
          if (input.matches('[data-upload]') && input.files?.[0]) pending.push({ action: 'upload', file: input.files[0] });
          start();
        };
        root.addEventListener('click', onEarlyClick, true);
        root.addEventListener('change', onEarlyChange, true);
        root.addEventListener('focusin', start, { once: true });
        root.addEventListener('pointerenter', start, { once: true });
        const timeout = Number(root.dataset.idleMs) || 10_000;
        // A result link (?orderNo=) or debug mode needs the flow now.
        if (new URLSearchParams(location.search).has('orderNo')) start();
        else if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout });
        else setTimeout(start, Math.min(timeout, 2000));
      }
    },
  );
}
