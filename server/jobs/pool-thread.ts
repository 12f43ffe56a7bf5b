import { parentPort, threadId, workerData } from 'node:worker_threads';
import type { PoolReply, PoolRequest } from './pool.ts';
import type { Runner } from './runners.ts';

/** One engine thread of the pool (pool.ts): loads the runner registry once, then runs orders as they come. */
const { registry, config } = workerData as { registry: string; config: Parameters<typeof import('./runners.ts').engineRunners>[0] };
const { engineRunners } = (await import(registry)) as { engineRunners: (c: typeof config) => Map<number, Runner> };
const runners = engineRunners(config);

parentPort!.on('message', async ({ id, order }: PoolRequest) => {
  const runner = runners.get(order.orderType);
  let reply: PoolReply;
  try {
    if (!runner) throw new Error(`no runner for order type ${order.orderType} in thread ${threadId}`);
    reply = { id, ok: true, output: await runner(order) };
  } catch (error) {
    reply = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
