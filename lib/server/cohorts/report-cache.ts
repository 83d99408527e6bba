import { LRUCache } from "lru-cache";
import { ApiError, type ChainId } from "@/lib/api";
import { createCoalescer } from "@/lib/server/proxy/coalescer";

// The app's per-token reports (cohorts, traders): one report per token per `ttlMs` whoever asks, concurrent askers
// join the computation in flight, and the cache is bounded by count. `meta.credits` is what this answer's own round
// spent upstream: a report served from the cache, joined in flight or kept after a failed round cost nothing now (its
// credits were counted once, on the answer of the round that built it).

export type ReportCacheStatus = "hit" | "miss" | "coalesced";

export interface ReportEnvelope {
  meta: { asOf: number; credits: number; degraded?: boolean };
}

export interface TokenRef {
  chain: ChainId;
  address: string;
}

export interface ReportCache<E extends ReportEnvelope> {
  get(ref: TokenRef): Promise<{ envelope: E; cache: ReportCacheStatus }>;
  size(): number;
}

/** Reports computed at once across tokens (more wait for a slot). */
const MAX_COMPUTING = 32;

export function createReportCache<E extends ReportEnvelope, S>(o: {
  max: number;
  ttlMs: number;
  maxComputing?: number;
  now?: () => number;
  /** One round: the report, and what the next round of the same token starts from (`prior`). `t`: the round's start. */
  compute(ref: TokenRef, prior: S | undefined, t: number): Promise<{ envelope: E; keep: S }>;
}): ReportCache<E> {
  const cache = new LRUCache<string, { envelope: E; storedAt: number; keep: S }>({ max: o.max });
  const inflight = createCoalescer<E>(o.maxComputing ?? MAX_COMPUTING);
  const now = o.now ?? Date.now;
  const free = (e: E): E => ({ ...e, meta: { ...e.meta, credits: 0 } });

  async function compute(key: string, ref: TokenRef): Promise<E> {
    const prior = cache.get(key);
    const t = now();
    const { envelope, keep } = await o.compute(ref, prior?.keep, t);
    cache.set(key, { envelope, storedAt: t, keep });
    return envelope;
  }

  return {
    async get(ref) {
      const key = `${ref.chain}|${ref.address}`;
      const hit = cache.get(key);
      if (hit && now() - hit.storedAt < o.ttlMs) return { envelope: free(hit.envelope), cache: "hit" };
      const shared = inflight.join(key);
      try {
        const envelope = await (shared ?? inflight.lead(key, () => compute(key, ref)));
        return shared ? { envelope: free(envelope), cache: "coalesced" } : { envelope, cache: "miss" };
      } catch (error) {
        // The upstream failed: an older report, flagged, beats an error page.
        if (hit && error instanceof ApiError && error.status >= 500) {
          const e = free(hit.envelope);
          return { envelope: { ...e, meta: { ...e.meta, degraded: true } }, cache: "hit" };
        }
        throw error;
      }
    },
    size: () => cache.size,
  };
}
