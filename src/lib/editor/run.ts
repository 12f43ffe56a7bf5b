/** Pieces every tool run shares: the loading overlay with its creeping bar, and polling until a result is in. */
export function progressOverlay(overlay: HTMLElement, bar: HTMLElement, onChange: (running: boolean) => void) {
  let timer: ReturnType<typeof setInterval> | undefined;
  return (on: boolean) => {
    overlay.hidden = !on;
    clearInterval(timer);
    let value = 5;
    bar.style.width = on ? `${value}%` : '0%';
    // The bar creeps towards 90% until the result is in.
    if (on) {
      timer = setInterval(() => {
        value = Math.min(90, value + (90 - value) * 0.12);
        bar.style.width = `${value}%`;
      }, 500);
    }
    onChange(on);
  };
}

/** Spec §4: asks every `intervalMs` until the answer carries `data`. */
export async function pollUntilData<T extends { data: unknown }>(fetchOnce: () => Promise<T>, intervalMs: number): Promise<T> {
  for (;;) {
    const answer = await fetchOnce();
    if (answer.data) return answer;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** The message of a failed call, for an inline error line. */
export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
