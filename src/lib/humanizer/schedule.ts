/**
 * Loads the humanizer's editor and flow late (spec §9: idle, at most 10 s),
 * or at once when the person reaches for it; a click that came first is
 * replayed once the flow is bound. This file is all that ships before that.
 */
type Pending = { action: string; file?: File };

export function scheduleHumanizer(): void {
  if (customElements.get('humanizer-editor')) return;
  customElements.define(
    'humanizer-editor',
    class extends HTMLElement {
      connectedCallback() {
        const root = this;
        let started = false;
        const pending: Pending[] = [];
        const start = () => {
          if (started) return;
          started = true;
          // Clicks keep being recorded until the flow is bound, then they are replayed.
          void import('./controller.ts').then((m) => {
            root.removeEventListener('click', onEarlyClick, true);
            root.removeEventListener('change', onEarlyChange, true);
            m.bindHumanizer(root, pending);
          });
        };
        const onEarlyClick = (event: Event) => {
          const button = (event.target as HTMLElement).closest<HTMLElement>('[data-sample],[data-paste],[data-humanize]');
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
