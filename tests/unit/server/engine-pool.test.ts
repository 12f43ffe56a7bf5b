import { threadId } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { createEnginePool } from '../../../server/jobs/pool.ts';
import type { OrderRow } from '../../../server/services/orders.ts';

// Hole 11 of issue 10: engine runs blocked the event loop (277 ms for 2,000 words); they run in a pool of threads now.
const registry = new URL('../../support/test-runners.ts', import.meta.url);
const order = (orderType: number) => ({ orderNo: `T${orderType}`, orderType, content: 'text' }) as OrderRow;

describe('the engine pool runs registered runners off the event loop', () => {
  it('runs in another thread, survives a throwing, a crashing, a hanging and a heap-hungry run, and keeps going', async () => {
    const pool = await createEnginePool({ config: { llm: undefined }, size: 1, types: [7, 8, 9, 12, 13], registry, runTimeoutMs: 2_000, heapMb: 64 });
    try {
      const first = await pool.run(order(7));
      expect((first.format as { threadId: number }).threadId).not.toBe(threadId);
      await expect(pool.run(order(12))).rejects.toThrow('engine exploded');
      await expect(pool.run(order(8))).rejects.toThrow(/exited/);
      await expect(pool.run(order(13))).rejects.toThrow(/passed 2000 ms/);
      await expect(pool.run(order(9))).rejects.toThrow();
      // A fresh thread took the place of each one that died.
      expect((await pool.run(order(7))).plain).toMatch(/^ran in \d+$/);
    } finally {
      await pool.close();
    }
  });

  it('runs as many orders at once as it has threads', async () => {
    const pool = await createEnginePool({ config: { llm: undefined }, size: 2, types: [7], registry });
    try {
      const outputs = await Promise.all(Array.from({ length: 6 }, () => pool.run(order(7))));
      expect(new Set(outputs.map((o) => (o.format as { threadId: number }).threadId)).size).toBe(2);
    } finally {
      await pool.close();
    }
  });
});

