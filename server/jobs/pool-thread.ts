import { threadId, workerData } from 'node:worker_threads';
import type { OrderRow } from '../services/orders.ts';
import type { RunOutput } from './queue.ts';
import type { Runner } from './runners.ts';
import { serveRequests } from './threads.ts';

/** One engine thread of the pool (pool.ts): loads the runner registry once, then runs orders as they come. */
const { registry, config } = workerData as { registry: string; config: Parameters<typeof import('./runners.ts').engineRunners>[0] };
const { engineRunners } = (await import(registry)) as { engineRunners: (c: typeof config) => Map<number, Runner> };
const runners = engineRunners(config);

serveRequests<OrderRow, RunOutput>(async (order, progress) => {
  const runner = runners.get(order.orderType);
  if (!runner) throw new Error(`no runner for order type ${order.orderType} in thread ${threadId}`);
  return runner(order, { progress: async (fraction) => progress(fraction) });
});
