import type { OrderRow } from '../services/orders.ts';
import type { RunOutput } from './queue.ts';
import type { EngineConfig, RunHooks } from './runners.ts';
import { createThreadPool } from './threads.ts';

/** Runs paid orders' engines somewhere: in worker threads (the pool) or, in tests, in this thread. */
export interface JobEngine {
  /** Order types it can run. */
  readonly types: readonly number[];
  /** Runs one order; `hooks.progress` hears how far the run has got (from a pool thread too). */
  run(order: OrderRow, hooks?: RunHooks): Promise<RunOutput>;
  close(): Promise<void>;
}

/** The registry a pool thread loads: `engineRunners` of server/jobs/runners.ts (tests pass a module of their own). */
export const defaultRegistry = new URL('./runners.ts', import.meta.url);

/**
 * A small pool of worker threads that run any registered runner off the event
 * loop (hole 11 of issue 10: a 2,000-word humanizer run blocked it for 277 ms).
 * Each thread loads the runner registry itself, so registering a tool's runner in
 * `runnersFor` is all it takes. A run that throws rejects; a run that crashes its
 * thread, runs out of heap or passes `runTimeoutMs` rejects too and the thread is
 * replaced (threads.ts), so the worker loop refunds the order as for any failed run.
 */
export async function createEnginePool(options: {
  config: EngineConfig;
  size: number;
  types: readonly number[];
  registry?: URL;
  runTimeoutMs?: number;
  heapMb?: number;
}): Promise<JobEngine> {
  const registry = options.registry ?? defaultRegistry;
  const threads = createThreadPool<OrderRow, RunOutput>({
    script: new URL('./pool-thread.ts', import.meta.url),
    workerData: { registry: registry.href, config: { llm: options.config.llm, embedded: options.config.embedded } },
    size: options.size,
    timeoutMs: options.runTimeoutMs ?? 10 * 60_000,
    heapMb: options.heapMb ?? 512,
  });
  return {
    types: options.types,
    run: (order, hooks) => threads.run(order, (fraction) => void hooks?.progress?.(fraction).catch(() => {})),
    close: () => threads.close(),
  };
}

/** One engine over several: each order goes to the first engine that runs its type. */
export function combineEngines(...engines: JobEngine[]): JobEngine {
  const byType = new Map<number, JobEngine>();
  for (const engine of engines) for (const type of engine.types) if (!byType.has(type)) byType.set(type, engine);
  return {
    types: [...byType.keys()],
    run(order, hooks) {
      const engine = byType.get(order.orderType);
      return engine ? engine.run(order, hooks) : Promise.reject(new Error(`no engine runs order type ${order.orderType}`));
    },
    async close() {
      await Promise.all(engines.map((engine) => engine.close()));
    },
  };
}
