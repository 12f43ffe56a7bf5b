import { Worker } from 'node:worker_threads';
import type { OrderRow } from '../services/orders.ts';
import type { RunOutput } from './queue.ts';
import type { EngineConfig, RunHooks } from './runners.ts';

/** Runs paid orders' engines somewhere: in worker threads (the pool) or, in tests, in this thread. */
export interface JobEngine {
  /** Order types it can run. */
  readonly types: readonly number[];
  /** Runs one order; `hooks.progress` hears how far the run has got (from a pool thread too). */
  run(order: OrderRow, hooks?: RunHooks): Promise<RunOutput>;
  close(): Promise<void>;
}

/** A message to a pool thread, and its answer. */
export type PoolRequest = { id: number; order: OrderRow };
export type PoolReply = { id: number; ok: true; output: RunOutput } | { id: number; ok: false; message: string } | { id: number; progress: number };

/** The registry a pool thread loads: `engineRunners` of server/jobs/runners.ts (tests pass a module of their own). */
export const defaultRegistry = new URL('./runners.ts', import.meta.url);

interface Slot {
  worker: Worker;
  busy?: { id: number; resolve(output: RunOutput): void; reject(error: Error): void; timer: NodeJS.Timeout; hooks?: RunHooks };
}

/**
 * A small pool of worker threads that run any registered runner off the event
 * loop (hole 11 of issue 10: a 2,000-word humanizer run blocked it for 277 ms).
 * Each thread loads the runner registry itself, so registering a tool's runner in
 * `runnersFor` is all it takes. A run that throws rejects; a run that crashes its
 * thread, runs out of heap or passes `runTimeoutMs` rejects too and the thread is
 * replaced, so the worker loop refunds the order as for any failed run.
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
  const runTimeoutMs = options.runTimeoutMs ?? 10 * 60_000;
  const slots: Slot[] = [];
  const waiting: { order: OrderRow; resolve(output: RunOutput): void; reject(error: Error): void; hooks?: RunHooks }[] = [];
  let nextId = 1;
  let closed = false;

  const spawn = (): Slot => {
    const worker = new Worker(new URL('./pool-thread.ts', import.meta.url), {
      workerData: { registry: registry.href, config: { llm: options.config.llm, embedded: options.config.embedded } },
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? 512 },
    });
    const slot: Slot = { worker };
    worker.on('message', (reply: PoolReply) => {
      const busy = slot.busy;
      if (!busy || busy.id !== reply.id) return;
      if ('progress' in reply) {
        busy.hooks?.progress?.(reply.progress).catch(() => {});
        return;
      }
      clearTimeout(busy.timer);
      slot.busy = undefined;
      if (reply.ok) busy.resolve(reply.output);
      else busy.reject(new Error(reply.message));
      next(slot);
    });
    worker.on('error', (error) => fail(slot, error));
    worker.on('exit', (code) => fail(slot, new Error(`engine thread exited (${code})`)));
    worker.unref();
    return slot;
  };

  /** A thread that died takes its run with it; a fresh thread takes its place. */
  const fail = (slot: Slot, error: Error) => {
    const index = slots.indexOf(slot);
    if (index < 0) return;
    slots.splice(index, 1);
    const busy = slot.busy;
    slot.busy = undefined;
    if (busy) {
      clearTimeout(busy.timer);
      busy.reject(error);
    }
    void slot.worker.terminate();
    if (closed) return;
    const fresh = spawn();
    slots.push(fresh);
    next(fresh);
  };

  const next = (slot: Slot) => {
    if (slot.busy || closed) return;
    const task = waiting.shift();
    if (!task) return;
    const id = nextId++;
    const timer = setTimeout(() => fail(slot, new Error(`engine run passed ${runTimeoutMs} ms`)), runTimeoutMs);
    slot.busy = { id, resolve: task.resolve, reject: task.reject, timer, hooks: task.hooks };
    slot.worker.postMessage({ id, order: task.order } satisfies PoolRequest);
  };

  for (let i = 0; i < Math.max(1, options.size); i++) slots.push(spawn());

  return {
    types: options.types,
    run(order, hooks) {
      if (closed) return Promise.reject(new Error('engine pool closed'));
      return new Promise<RunOutput>((resolve, reject) => {
        waiting.push({ order, resolve, reject, hooks });
        const idle = slots.find((s) => !s.busy);
        if (idle) next(idle);
      });
    },
    async close() {
      closed = true;
      for (const task of waiting.splice(0)) task.reject(new Error('engine pool closed'));
      await Promise.all(slots.splice(0).map((slot) => slot.worker.terminate()));
    },
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
