import { LRUCache } from "lru-cache";

// Token bucket per client IP. The map of buckets is an LRU with a hard cap: under an IP flood the least recently
// seen clients lose their bucket (they start full again), memory never grows past `maxClients`.

export interface RateLimiterOptions {
  /** Tokens refilled per second. */
  ratePerSec: number;
  /** Bucket size (the burst a client may spend at once). */
  burst: number;
  maxClients?: number;
  now?: () => number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export type RateDecision = { ok: true; remaining: number } | { ok: false; retryAfterSec: number };

export interface RateLimiter {
  take(client: string, cost?: number): RateDecision;
  size(): number;
}

export function createRateLimiter(opts: RateLimiterOptions): RateLimiter {
  const now = opts.now ?? Date.now;
  const buckets = new LRUCache<string, Bucket>({ max: opts.maxClients ?? 10_000 });
  const perMs = opts.ratePerSec / 1000;

  return {
    take(client, cost = 1) {
      const t = now();
      const b = buckets.get(client) ?? { tokens: opts.burst, at: t };
      b.tokens = Math.min(opts.burst, b.tokens + Math.max(0, t - b.at) * perMs);
      b.at = t;
      buckets.set(client, b);
      if (b.tokens >= cost) {
        b.tokens -= cost;
        return { ok: true, remaining: Math.floor(b.tokens) };
      }
      const waitMs = perMs > 0 ? (cost - b.tokens) / perMs : 60_000;
      return { ok: false, retryAfterSec: Math.max(1, Math.ceil(waitMs / 1000)) };
    },
    size: () => buckets.size,
  };
}
