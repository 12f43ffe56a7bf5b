import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { refundOrder } from '../services/orders.ts';
import { claimJob, finishJob, maxAttempts } from './queue.ts';
import { waitingTypes, type Runner } from './runners.ts';

/** A worker loop: claims paid tool orders, runs their engine, stores the result; a failed run refunds. */
export interface Worker {
  /** Looks for work now instead of at the next tick. */
  kick(): void;
  /** Finishes the current jobs and stops. */
  stop(): Promise<void>;
}

/** Order types claimed together, `concurrency` of them running at once. */
export interface Lane {
  types: readonly number[];
  concurrency: number;
}

/**
 * Engines that compute (humanizer, detector) share one lane, one run at a time, so they never compete for the CPU;
 * runs that mostly wait on the network (a reference check's Crossref/OpenAlex lookups) get a lane of their own, so a
 * long check never holds up other tools, and a few of them wait side by side (their providers' rate limits are kept
 * by the lookup's per-provider gates, shared by every run of the process).
 */
export function lanesFor(types: readonly number[], waiting: ReadonlySet<number> = waitingTypes, waitingConcurrency = 3): Lane[] {
  const lanes: Lane[] = [];
  const computing = types.filter((t) => !waiting.has(t));
  const waits = types.filter((t) => waiting.has(t));
  if (computing.length > 0) lanes.push({ types: computing, concurrency: 1 });
  if (waits.length > 0) lanes.push({ types: waits, concurrency: waitingConcurrency });
  return lanes;
}

export function startWorker(db: Db, runners: Map<number, Runner>, log: FastifyBaseLogger, { idleMs = 300, lanes = lanesFor([...runners.keys()]) }: { idleMs?: number; lanes?: Lane[] } = {}): Worker {
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const wakers = new Set<() => void>();

  async function runOne(types: readonly number[]): Promise<boolean> {
    const order = await claimJob(db, types);
    if (!order) return false;
    const runner = runners.get(order.orderType)!;
    if (order.attempts > maxAttempts) {
      log.error({ orderNo: order.orderNo, attempts: order.attempts }, 'tool run gave up after repeated crashes; refunding');
      await refundOrder(db, order.orderNo);
      return true;
    }
    try {
      const output = await runner(order);
      await finishJob(db, order, output);
    } catch (error) {
      log.error({ err: error, orderNo: order.orderNo }, 'tool run failed; refunding');
      await refundOrder(db, order.orderNo);
    }
    return true;
  }

  const loop = async (types: readonly number[]) => {
    while (!stopped) {
      let worked = false;
      try {
        worked = await runOne(types);
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
  const loops = lanes.flatMap((lane) => Array.from({ length: Math.max(1, lane.concurrency) }, () => loop(lane.types)));

  return {
    kick: () => [...wakers].forEach((wake) => wake()),
    async stop() {
      stopped = true;
      [...wakers].forEach((wake) => wake());
      await Promise.all(loops);
    },
  };
}
