/**
 * Whether a language model writes the humanizer's versions on this installation, or the rules alone ("light mode");
 * undefined until the server said. The page says so before a run (issue 30: a degraded engine is told beforehand).
 */
import { atom } from 'nanostores';
import { fetchEngineStatus } from '../lib/api/engines.ts';

export const $humanizerModel = atom<boolean | undefined>(undefined);

/** Asks the server once a page. */
export async function loadHumanizerBackend(): Promise<void> {
  if ($humanizerModel.get() !== undefined) return;
  try {
    $humanizerModel.set((await fetchEngineStatus()).humanizer.model);
  } catch (error) {
    console.info('humanizer backend unknown', error);
  }
}
