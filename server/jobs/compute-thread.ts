import { computeTasks } from './compute-tasks.ts';
import { serveRequests } from './threads.ts';

/** A thread of the compute pool (compute.ts): runs the named task of compute-tasks.ts. */
serveRequests<{ task: keyof typeof computeTasks; input: never }, unknown>(async ({ task, input }) => {
  const run = computeTasks[task] as ((input: never) => Promise<unknown>) | undefined;
  if (!run) throw new Error(`no compute task ${String(task)}`);
  return run(input);
});
