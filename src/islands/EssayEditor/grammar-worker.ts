/** Starts the grammar worker (its own module, so component tests replace it with a fake). */
import type { WorkerLike } from '../../lib/grammar/client.ts';

export function makeGrammarWorker(): WorkerLike {
  return new Worker(new URL('../../lib/grammar/grammar.worker.ts', import.meta.url), { type: 'module', name: 'grammar' }) as unknown as WorkerLike;
}

/** Whether this browser can run the worker at all (WebAssembly in a module worker). */
export const grammarSupported = (): boolean => typeof Worker !== 'undefined' && typeof WebAssembly !== 'undefined';
