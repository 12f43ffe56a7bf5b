/**
 * A memory budget for untrusted parsing in a worker thread. A thread's heap limit
 * does not cover ArrayBuffers, which is where a decompression bomb lands (issue 10:
 * one 1 MB PDF inflated a 1 GiB stream). Installed in the extraction thread before
 * any parser loads, it counts every typed array, ArrayBuffer and Buffer the thread
 * allocates and stops the parse when one allocation or their sum passes its bound.
 * Each extraction gets a fresh thread, so the patched globals never leak elsewhere.
 */

/** Thrown (and reported through `onExceeded`) when the budget runs out. */
export class AllocationBudgetExceeded extends Error {
  override name = 'AllocationBudgetExceeded';
}

export interface AllocationBudget {
  /** Bytes allocated so far (cumulative: freed memory still counts, so the bound holds whatever the GC does). */
  spent(): number;
}

const typedArrayNames = [
  'Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array',
  'Float16Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array',
] as const;

/**
 * Wraps the allocating constructors and Buffer factories of this realm. A parser may
 * catch the error it throws and carry on, so `onExceeded` is told first: the caller
 * reports the file as too complex and ends the thread.
 */
export function installAllocationBudget(limits: { perAllocation: number; total: number }, onExceeded: () => void): AllocationBudget {
  let spent = 0;
  let exceeded = false;
  const charge = (bytes: number) => {
    if (!(bytes > 0)) return;
    spent += bytes;
    if (bytes > limits.perAllocation || spent > limits.total) {
      if (!exceeded) {
        exceeded = true;
        onExceeded();
      }
      throw new AllocationBudgetExceeded(`allocation budget exceeded (${bytes} bytes asked, ${spent} in all)`);
    }
  };
  const global = globalThis as unknown as Record<string, unknown>;
  const wrap = (name: string, bytesPer: number) => {
    const Original = global[name] as (new (...args: unknown[]) => object) | undefined;
    if (typeof Original !== 'function') return;
    const proxy: unknown = new Proxy(Original, {
      construct(target, args, newTarget) {
        const [first, second] = args as [unknown, unknown];
        if (typeof first === 'number') charge(first * bytesPer);
        else if (name === 'ArrayBuffer' || name === 'SharedArrayBuffer') charge(Number((second as { maxByteLength?: number } | undefined)?.maxByteLength ?? 0));
        else if (first !== null && typeof first === 'object' && !(first instanceof ArrayBuffer) && !(typeof SharedArrayBuffer !== 'undefined' && first instanceof SharedArrayBuffer)) {
          // A copy of an array-like or iterable: as large as its source.
          const length = (first as { length?: unknown }).length;
          if (typeof length === 'number') charge(length * bytesPer);
        }
        return Reflect.construct(target, args, newTarget === proxy ? target : newTarget) as object;
      },
    });
    global[name] = proxy;
  };
  wrap('ArrayBuffer', 1);
  wrap('SharedArrayBuffer', 1);
  for (const name of typedArrayNames) wrap(name, (global[name] as { BYTES_PER_ELEMENT?: number } | undefined)?.BYTES_PER_ELEMENT ?? 1);

  // Node's Buffer allocates through its own captured constructor, so its factories are wrapped too.
  const B = Buffer as unknown as Record<string, (...args: unknown[]) => Buffer>;
  for (const name of ['alloc', 'allocUnsafe', 'allocUnsafeSlow'] as const) {
    const original = B[name]!.bind(Buffer);
    B[name] = (size: unknown, ...rest: unknown[]) => {
      charge(Number(size));
      return original(size, ...rest);
    };
  }
  const concat = Buffer.concat.bind(Buffer);
  Buffer.concat = (list: readonly Uint8Array[], totalLength?: number) => {
    charge(totalLength ?? list.reduce((n, b) => n + b.length, 0));
    return concat(list, totalLength);
  };
  const from = B.from!.bind(Buffer);
  B.from = (...args: unknown[]) => {
    const result = from(...args);
    // A view of an existing ArrayBuffer costs nothing; a copy is already made, but its size counts.
    if (!(args[0] instanceof ArrayBuffer)) charge(result.length);
    return result;
  };
  return { spent: () => spent };
}
