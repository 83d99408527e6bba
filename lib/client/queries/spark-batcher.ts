// Sparklines cost a credit per pool (§4.13), so cards never ask alone: requests made in the same short window are
// grouped per chain into POSTs of at most 100 pools, and each pool is answered from its slice of the reply.

export const SPARK_BATCH_MAX = 100;
export const SPARK_BATCH_WINDOW_MS = 60;
/** Pools waiting at once, across chains; past this, new asks are refused rather than piling up. */
export const SPARK_MAX_PENDING = 1_000;

export type FetchSparklines = (chain: string, pools: string[]) => Promise<Record<string, number[]>>;

export interface SparkBatcher {
  load(chain: string, pool: string): Promise<number[]>;
  /** Pools currently waiting for a batch (for tests and the bound). */
  pending(): number;
}

interface Waiter {
  resolve(v: number[]): void;
  reject(e: unknown): void;
}

export class SparkQueueFullError extends Error {
  readonly code = "spark_queue_full";
  constructor() {
    super("too many sparklines waiting");
  }
}

export function createSparkBatcher(
  fetchBatch: FetchSparklines,
  schedule: (fn: () => void) => void = (fn) => void setTimeout(fn, SPARK_BATCH_WINDOW_MS),
): SparkBatcher {
  let queue = new Map<string, Map<string, Waiter[]>>();
  let size = 0;
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const batch = queue;
    queue = new Map();
    size = 0;
    for (const [chain, pools] of batch) {
      const list = [...pools.keys()];
      for (let i = 0; i < list.length; i += SPARK_BATCH_MAX) {
        const chunk = list.slice(i, i + SPARK_BATCH_MAX);
        fetchBatch(chain, chunk).then(
          (data) => {
            for (const p of chunk) for (const w of pools.get(p) ?? []) w.resolve(Array.isArray(data[p]) ? data[p] : []);
          },
          (err) => {
            for (const p of chunk) for (const w of pools.get(p) ?? []) w.reject(err);
          },
        );
      }
    }
  };

  return {
    load(chain, pool) {
      return new Promise<number[]>((resolve, reject) => {
        let pools = queue.get(chain);
        const waiting = pools?.get(pool);
        if (!waiting && size >= SPARK_MAX_PENDING) return reject(new SparkQueueFullError());
        if (!pools) queue.set(chain, (pools = new Map()));
        if (waiting) waiting.push({ resolve, reject });
        else {
          pools.set(pool, [{ resolve, reject }]);
          size++;
        }
        if (!scheduled) {
          scheduled = true;
          schedule(flush);
        }
      });
    },
    pending: () => size,
  };
}
