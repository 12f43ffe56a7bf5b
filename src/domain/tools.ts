/**
 * The tools that are live: their order types can be quoted, ordered and paid. Data only, read by the server's order
 * checks (services/orders.ts) and by the runner registry (jobs/runners.ts), which refuses to start when a live tool
 * has no runner — a paid order with nothing to run it would lose the buyer's beans (hole 9 of issue 10). Here rather
 * than derived from the registry, so the order service does not load the engines (issue 31: `npm run admin -- beans
 * grant` loaded 49 engine files through that import).
 */
import { OrderType } from './orders.ts';

export const liveToolTypes: ReadonlySet<number> = new Set<number>([
  OrderType.PLAGIARISM_CHECK,
  OrderType.REFERENCE_CHECK,
  OrderType.HUMANIZER,
  OrderType.AI_DETECTION,
  OrderType.COPY_REWRITE,
  OrderType.AI_WRITE,
  OrderType.HUMANIZER_ULTRA,
  OrderType.AI_DETECTION_TURNITIN,
]);
