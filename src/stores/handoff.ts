/**
 * Text carried between the humanizer and the AI detector ("Check it with the
 * AI detector", "Humanize this text"): through session storage across a
 * navigation, or straight to the detector island on the same page.
 */
import { atom } from 'nanostores';

/** Session-storage keys of the hand-over. */
export const handoffKeys = { toDetector: 'detector-handoff', toHumanizer: 'humanizer-handoff' } as const;
export type HandoffTarget = keyof typeof handoffKeys;

/** Text for a detector already live on this page (the home page's), with a counter so equal texts still arrive. */
export const $detectorInbox = atom<{ text: string; seq: number } | null>(null);
let seq = 0;

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** Leaves `text` for the other tool (without storage the other tool opens empty; the link still works). */
export function handOff(target: HandoffTarget, text: string): void {
  try {
    storage()?.setItem(handoffKeys[target], text);
  } catch {
    // Storage full or refused: nothing is carried.
  }
  if (target === 'toDetector') $detectorInbox.set({ text, seq: ++seq });
}

/** Takes the text left for `target`, once. */
export function takeHandoff(target: HandoffTarget): string | null {
  const store = storage();
  const text = store?.getItem(handoffKeys[target]) ?? null;
  if (text !== null) store?.removeItem(handoffKeys[target]);
  return text;
}
