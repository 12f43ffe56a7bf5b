import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { refundOrder } from '../services/orders.ts';
import { claimJob, finishJob, maxAttempts, reportProgress } from './queue.ts';
import type { Runner } from './runners.ts';

/** A worker loop: claims paid tool orders, runs their engine, stores the result; a failed run refunds. */
export interface Worker {
  /** Looks for work now instead of at the next tick. */
  kick(): void;
  /** Finishes the current job and stops. */
  stop(): Promise<void>;
}

export function startWorker(db: Db, runners: Map<number, Runner>, log: FastifyBaseLogger, { idleMs = 300 } = {}): Worker {
  const types = [...runners.keys()];
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;

  async function runOne(): Promise<boolean> {
    const order = await claimJob(db, types);
    if (!order) return false;
    const runner = runners.get(order.orderType)!;
    if (order.attempts > maxAttempts) {
      log.error({ orderNo: order.orderNo, attempts: order.attempts }, 'tool run gave up after repeated crashes; refunding');
      await refundOrder(db, order.orderNo);
      return true;
    }
    try {
      const output = await runner(order, { progress: (fraction) => reportProgress(db, order, fraction * 100) });
      await finishJob(db, order, output);
    } catch (error) {
      log.error({ err: error, orderNo: order.orderNo }, 'tool run failed; refunding');
      await refundOrder(db, order.orderNo);
    }
    return true;
  }

  const loop = (async () => {
    while (!stopped) {
      let worked = false;
      try {
        worked = await runOne();
      } catch (error) {
        if (!stopped) log.error({ err: error }, 'worker could not claim a job');
      }
      if (worked || stopped) continue;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, idleMs);
      });
      wake = undefined;
    }
  })();

  return {
    kick: () => wake?.(),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      wake?.();
      await loop;
    },
  };
}
