import { threadId } from 'node:worker_threads';
import type { Runner } from '../../server/jobs/runners.ts';

/**
 * A runner registry for the engine-pool tests, loaded by pool threads as the real
 * one is: each order type misbehaves in its own way.
 */
export function engineRunners(): Map<number, Runner> {
  return new Map<number, Runner>([
    // Answers which thread ran it.
    [7, async (order) => ({ engine: 'test', source: order.content ?? '', format: { threadId }, plain: `ran in ${threadId}` })],
    [12, async () => Promise.reject(new Error('engine exploded'))],
    // Takes its thread down with it.
    [8, async () => process.exit(3)],
    // Never finishes.
    [13, () => new Promise(() => undefined)],
    // Runs out of heap.
    [9, async () => {
      const hog: string[][] = [];
      for (;;) hog.push(Array.from({ length: 1e5 }, (_, i) => `x${i}`));
    }],
  ]);
}
