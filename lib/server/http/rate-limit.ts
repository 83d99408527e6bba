import { LRUCache } from "lru-cache";
import { createTokenBucket, type TokenBucket } from "@/lib/api/token-bucket";

// A token bucket per client IP. The map of buckets is an LRU with a hard cap: under an IP flood the least recently
// seen clients lose their bucket (they start full again), memory never grows past `maxClients`.

export interface RateLimiterOptions {
  /** Tokens refilled per second (> 0). */
  ratePerSec: number;
  /** Bucket size (the burst a client may spend at once). */
  burst: number;
  maxClients?: number;
  now?: () => number;
}

export type RateDecision = { ok: true; remaining: number } | { ok: false; retryAfterSec: number };

export interface RateLimiter {
  take(client: string, cost?: number): RateDecision;
  size(): number;
}

export function createRateLimiter(opts: RateLimiterOptions): RateLimiter {
  const now = opts.now ?? Date.now;
  const buckets = new LRUCache<string, TokenBucket>({ max: opts.maxClients ?? 10_000 });

  return {
    take(client, cost = 1) {
      let bucket = buckets.get(client);
      if (!bucket) {
        bucket = createTokenBucket({ ratePerSec: opts.ratePerSec, burst: opts.burst, now });
        buckets.set(client, bucket);
      }
      if (bucket.take(cost)) return { ok: true, remaining: Math.floor(bucket.available()) };
      return { ok: false, retryAfterSec: Math.max(1, Math.ceil(bucket.waitMs(cost) / 1000)) };
    },
    size: () => buckets.size,
  };
}
