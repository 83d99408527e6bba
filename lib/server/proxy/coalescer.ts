import { ApiError } from "@/lib/api/errors";

// Identical in-flight requests share one upstream promise. The map holds only unsettled calls (each ends within the
// upstream timeout) and is capped, so a flood of distinct keys is refused instead of queueing without bound.

export interface Coalescer<T> {
  /** The in-flight promise for this key, if any. */
  join(key: string): Promise<T> | undefined;
  /** Starts `fn` as the one call for `key`; later `join`s share it until it settles. */
  lead(key: string, fn: () => Promise<T>): Promise<T>;
  size(): number;
}

export function createCoalescer<T>(maxInFlight = 1024): Coalescer<T> {
  const inflight = new Map<string, Promise<T>>();
  return {
    join: (key) => inflight.get(key),
    lead(key, fn) {
      if (inflight.size >= maxInFlight) {
        return Promise.reject(
          new ApiError("upstream_unavailable", "too many upstream requests in flight; retry shortly", {
            retryAfterSec: 1,
          }),
        );
      }
      const p = Promise.resolve()
        .then(fn)
        .finally(() => {
          if (inflight.get(key) === p) inflight.delete(key);
        });
      inflight.set(key, p);
      return p;
    },
    size: () => inflight.size,
  };
}
