import { createHash } from 'node:crypto';
import type { ComputeTasks } from './compute-tasks.ts';
import { createThreadPool } from './threads.ts';

export type TaskName = keyof ComputeTasks;
export type TaskInput<K extends TaskName> = Parameters<ComputeTasks[K]>[0];
export type TaskOutput<K extends TaskName> = Awaited<ReturnType<ComputeTasks[K]>>;

/** Runs the CPU-bound work of a request (compute-tasks.ts) somewhere: in a thread of its own, or in this one. */
export interface Compute {
  run<K extends TaskName>(task: K, input: TaskInput<K>): Promise<TaskOutput<K>>;
  close(): Promise<void>;
}

/**
 * The compute pool: `size` threads, started with the first task (a process that never renders starts none), each
 * task bounded by `timeoutMs` and the thread's heap; a thread that dies is replaced and its task rejects.
 */
export function createComputePool(options: { size?: number; timeoutMs?: number; heapMb?: number } = {}): Compute {
  const threads = createThreadPool<{ task: TaskName; input: unknown }, unknown>({
    script: new URL('./compute-thread.ts', import.meta.url),
    size: options.size ?? 1,
    timeoutMs: options.timeoutMs ?? 60_000,
    heapMb: options.heapMb ?? 512,
    lazy: true,
  });
  return {
    run: (task, input) => threads.run({ task, input }) as Promise<never>,
    close: () => threads.close(),
  };
}

/** The same tasks in this thread: for tests and tools that measure the difference (`npm run bench:hardening`). */
export function inlineCompute(): Compute {
  let tasks: Promise<typeof import('./compute-tasks.ts')> | undefined;
  return {
    run: async (task, input) => {
      tasks ??= import('./compute-tasks.ts');
      return ((await tasks).computeTasks[task] as (input: unknown) => Promise<never>)(input);
    },
    close: async () => {},
  };
}

/** Bytes from a task (a Uint8Array after the thread boundary) as a Buffer, without a copy. */
export const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Files rendered from the same input once (issue 29: anyone holding a share link could have the same 2,000-page PDF
 * rendered again and again): kept by a hash of the task and its input, the least recently used dropped past
 * `maxBytes`; requests for a file being rendered wait for that one rendering.
 */
export function renderCache(compute: Compute, maxBytes = 64 * 1024 * 1024) {
  const files = new Map<string, Promise<Buffer>>();
  const sizes = new Map<string, number>();
  let total = 0;
  const drop = (key: string) => {
    files.delete(key);
    total -= sizes.get(key) ?? 0;
    sizes.delete(key);
  };
  return async function render<K extends 'reportPdf' | 'plagiarismPdf' | 'wordFile'>(task: K, input: TaskInput<K>): Promise<Buffer> {
    const key = createHash('sha256').update(task).update('\0').update(JSON.stringify(input)).digest('base64url');
    const held = files.get(key);
    if (held) {
      // Most recently used goes last.
      files.delete(key);
      files.set(key, held);
      return held;
    }
    const file = compute.run(task, input).then((bytes) => asBuffer(bytes as Uint8Array));
    files.set(key, file);
    try {
      const bytes = await file;
      if (files.get(key) === file) {
        sizes.set(key, bytes.byteLength);
        total += bytes.byteLength;
        for (const oldest of files.keys()) {
          if (total <= maxBytes || oldest === key) break;
          drop(oldest);
        }
        if (bytes.byteLength > maxBytes) drop(key);
      }
      return bytes;
    } catch (error) {
      if (files.get(key) === file) drop(key);
      throw error;
    }
  };
}

export type RenderFile = ReturnType<typeof renderCache>;
