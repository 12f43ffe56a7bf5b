/**
 * The page's side of the grammar worker (docs/decisions/0024): sends the
 * paragraphs not linted before, answers every paragraph's suggestions, and
 * keeps answers by paragraph text so an unchanged paragraph is never linted
 * twice. The worker is created on the first request, never at load.
 */
import type { GrammarLint, GrammarRequest, GrammarResponse } from './lints.ts';

/** What the client needs of a worker (a real `Worker`, or a fake in tests). */
export interface WorkerLike {
  postMessage(message: GrammarRequest): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<GrammarResponse>) => void): void;
  addEventListener(type: 'error', listener: (event: ErrorEvent) => void): void;
  terminate(): void;
}

/** Paragraph texts whose answers are kept (the oldest go first). */
const cacheSize = 2_000;

export function createGrammarClient(makeWorker: () => WorkerLike) {
  let worker: WorkerLike | undefined;
  let nextId = 1;
  const waiting = new Map<number, { resolve: (lints: GrammarLint[][]) => void; reject: (error: Error) => void }>();
  const cache = new Map<string, GrammarLint[]>();

  function start(): WorkerLike {
    if (worker) return worker;
    const created = makeWorker();
    created.addEventListener('message', (event: MessageEvent<GrammarResponse>) => {
      const answer = event.data;
      const pending = waiting.get(answer.id);
      if (!pending) return;
      waiting.delete(answer.id);
      if ('error' in answer) pending.reject(new Error(answer.error));
      else pending.resolve(answer.lints);
    });
    created.addEventListener('error', (event: ErrorEvent) => {
      // A worker that cannot start (no WebAssembly, a blocked script) fails every request, now and later.
      for (const pending of waiting.values()) pending.reject(new Error(event.message || 'grammar worker failed'));
      waiting.clear();
    });
    worker = created;
    return created;
  }

  /** Every paragraph's suggestions, in order. */
  async function lint(paragraphs: readonly string[]): Promise<GrammarLint[][]> {
    const missing = [...new Set(paragraphs.filter((p) => p.trim() && !cache.has(p)))];
    if (missing.length > 0) {
      const id = nextId++;
      const target = start();
      const lints = await new Promise<GrammarLint[][]>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        target.postMessage({ id, paragraphs: missing });
      });
      missing.forEach((p, i) => {
        cache.set(p, lints[i] ?? []);
        if (cache.size > cacheSize) cache.delete(cache.keys().next().value as string);
      });
    }
    return paragraphs.map((p) => cache.get(p) ?? []);
  }

  /** Stops the worker (the island unmounts). */
  function dispose() {
    worker?.terminate();
    worker = undefined;
    for (const pending of waiting.values()) pending.reject(new Error('grammar worker stopped'));
    waiting.clear();
  }

  return { lint, dispose, started: () => worker !== undefined };
}

export type GrammarClient = ReturnType<typeof createGrammarClient>;
