import { parentPort, Worker } from 'node:worker_threads';

/**
 * A small pool of worker threads, each running `script`, that answers one request at a time per thread. The engine
 * pool (pool.ts: paid runs) and the compute pool (compute.ts: PDFs, Word files, parsing) are both built on it.
 * A request that throws rejects; one that crashes its thread, runs out of heap or passes `timeoutMs` rejects too,
 * and a fresh thread takes the dead one's place.
 */
export interface ThreadPool<In, Out> {
  run(input: In, onProgress?: (fraction: number) => void): Promise<Out>;
  close(): Promise<void>;
}

/** A message to a pool thread, and its answers (progress any number of times, then one result). */
export type ThreadRequest<In> = { id: number; input: In };
export type ThreadReply<Out> = { id: number; ok: true; output: Out } | { id: number; ok: false; message: string } | { id: number; progress: number };

export interface ThreadPoolOptions {
  script: URL;
  workerData?: unknown;
  size: number;
  timeoutMs: number;
  heapMb: number;
  /** Start the threads with the first request rather than at once (a process that may never need them). */
  lazy?: boolean;
}

interface Task<In, Out> {
  input: In;
  resolve(output: Out): void;
  reject(error: Error): void;
  onProgress?: (fraction: number) => void;
}

interface Slot<In, Out> {
  worker: Worker;
  busy?: Task<In, Out> & { id: number; timer: NodeJS.Timeout };
}

export function createThreadPool<In, Out>(options: ThreadPoolOptions): ThreadPool<In, Out> {
  const slots: Slot<In, Out>[] = [];
  const waiting: Task<In, Out>[] = [];
  const size = Math.max(1, options.size);
  let nextId = 1;
  let closed = false;

  const spawn = (): Slot<In, Out> => {
    const worker = new Worker(options.script, { workerData: options.workerData, resourceLimits: { maxOldGenerationSizeMb: options.heapMb } });
    const slot: Slot<In, Out> = { worker };
    worker.on('message', (reply: ThreadReply<Out>) => {
      const busy = slot.busy;
      if (!busy || busy.id !== reply.id) return;
      if ('progress' in reply) {
        busy.onProgress?.(reply.progress);
        return;
      }
      clearTimeout(busy.timer);
      slot.busy = undefined;
      if (reply.ok) busy.resolve(reply.output);
      else busy.reject(new Error(reply.message));
      next(slot);
    });
    worker.on('error', (error) => fail(slot, error));
    worker.on('exit', (code) => fail(slot, new Error(`thread exited (${code})`)));
    worker.unref();
    return slot;
  };

  /** A thread that died takes its request with it; a fresh thread takes its place. */
  const fail = (slot: Slot<In, Out>, error: Error) => {
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

  const next = (slot: Slot<In, Out>) => {
    if (slot.busy || closed) return;
    const task = waiting.shift();
    if (!task) return;
    const id = nextId++;
    const timer = setTimeout(() => fail(slot, new Error(`passed ${options.timeoutMs} ms`)), options.timeoutMs);
    slot.busy = { ...task, id, timer };
    slot.worker.postMessage({ id, input: task.input } satisfies ThreadRequest<In>);
  };

  const fill = () => {
    while (slots.length < size) slots.push(spawn());
  };
  if (!options.lazy) fill();

  return {
    run(input, onProgress) {
      if (closed) return Promise.reject(new Error('thread pool closed'));
      fill();
      return new Promise<Out>((resolve, reject) => {
        waiting.push({ input, resolve, reject, onProgress });
        const idle = slots.find((s) => !s.busy);
        if (idle) next(idle);
      });
    },
    async close() {
      closed = true;
      for (const task of waiting.splice(0)) task.reject(new Error('thread pool closed'));
      await Promise.all(slots.splice(0).map((slot) => slot.worker.terminate()));
    },
  };
}

/** The thread's side: answers each request with `handle`, which may report progress. */
export function serveRequests<In, Out>(handle: (input: In, progress: (fraction: number) => void) => Promise<Out>) {
  parentPort!.on('message', async ({ id, input }: ThreadRequest<In>) => {
    let reply: ThreadReply<Out>;
    try {
      reply = { id, ok: true, output: await handle(input, (fraction) => parentPort!.postMessage({ id, progress: fraction } satisfies ThreadReply<Out>)) };
    } catch (error) {
      reply = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    parentPort!.postMessage(reply);
  });
}
