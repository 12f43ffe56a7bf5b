import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { refundOrder } from '../services/orders.ts';
import type { JobEngine } from './pool.ts';
import { claimJob, defaultClaimTimeoutMs, finishJob, heartbeat, maxAttempts, reportPartial, reportProgress } from './queue.ts';
import { inProcessEngine, type Runner } from './runners.ts';

/** A worker loop: claims paid tool orders, runs their engine, stores the result; a failed run refunds. */
export interface Worker {
  /** Looks for work now instead of at the next tick. */
  kick(): void;
  /** Finishes the current jobs and stops. */
  stop(): Promise<void>;
}

/**
 * Starts `concurrency` claim loops over the engine (the thread pool, or runners
 * run in this thread). While a job runs its claim is touched every third of the
 * claim timeout, so a worker that dies is noticed within that timeout and its
 * job claimed again by any worker; after `maxAttempts` claims the order is refunded.
 */
export function startWorker(
  db: Db,
  engine: JobEngine | Map<number, Runner>,
  log: FastifyBaseLogger,
  { idleMs = 300, concurrency = 1, claimTimeoutMs = defaultClaimTimeoutMs } = {},
): Worker {
  const jobs = engine instanceof Map ? inProcessEngine(engine) : engine;
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const wakers = new Set<() => void>();

  async function runOne(): Promise<boolean> {
    const order = await claimJob(db, jobs.types, claimTimeoutMs);
    if (!order) return false;
    if (order.attempts > maxAttempts) {
      log.error({ orderNo: order.orderNo, attempts: order.attempts }, 'tool run gave up after repeated crashes; refunding');
      await refundOrder(db, order.orderNo);
      return true;
    }
    const beat = setInterval(() => {
      heartbeat(db, order).catch((error: unknown) => log.warn({ err: error, orderNo: order.orderNo }, 'claim heartbeat failed'));
    }, Math.max(50, Math.floor(claimTimeoutMs / 3)));
    try {
      // Progress (the LLM humanizer's paragraphs) reaches the order from the pool's thread or from this one; a partial
      // result (the AI writer's streamed draft) from the runners of this thread.
      const output = await jobs.run(order, { progress: (fraction) => reportProgress(db, order, fraction * 100), partial: (data) => reportPartial(db, order, data) });
      if (output.notice) log.warn({ orderNo: order.orderNo, engine: output.engine, notice: output.notice }, 'tool run degraded');
      await finishJob(db, order, output);
    } catch (error) {
      log.error({ err: error, orderNo: order.orderNo }, 'tool run failed; refunding');
      await refundOrder(db, order.orderNo);
    } finally {
      clearInterval(beat);
    }
    return true;
  }

  const loop = async () => {
    while (!stopped) {
      let worked = false;
      try {
        worked = await runOne();
      } catch (error) {
        if (!stopped) log.error({ err: error }, 'worker could not claim a job');
      }
      if (worked || stopped) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, idleMs);
        function done() {
          clearTimeout(timer);
          timers.delete(timer);
          wakers.delete(done);
          resolve();
        }
        timers.add(timer);
        wakers.add(done);
      });
    }
  };
  const loops = Array.from({ length: Math.max(1, concurrency) }, loop);

  return {
    kick: () => [...wakers].forEach((wake) => wake()),
    async stop() {
      stopped = true;
      [...wakers].forEach((wake) => wake());
      await Promise.all(loops);
      await jobs.close();
    },
  };
}
