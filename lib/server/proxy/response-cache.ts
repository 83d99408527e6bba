import { LRUCache } from "lru-cache";

// The REST response cache: LRU bounded by bytes. Freshness is judged here with the injectable clock (not
// lru-cache's own timers), so tests run on virtual time and SWR / stale-if-error windows are exact.

export interface CacheEntry {
  /** Upstream body, verbatim (the spec's envelope). */
  text: string;
  storedAt: number;
  /** The envelope's `meta.asOf` (the market's clock), when it has one. */
  asOf?: number;
  ttlMs: number;
  swrMs: number;
  staleIfErrorMs: number;
  immutable: boolean;
}

/** fresh: serve; stale: serve and refresh in the background; expired: only usable when the upstream fails. */
export type Freshness = "fresh" | "stale" | "expired";

export interface CacheLookup {
  entry: CacheEntry;
  state: Freshness;
  ageMs: number;
}

export interface ResponseCacheOptions {
  maxBytes: number;
  /** Larger responses are not cached at all (default maxBytes / 8). */
  maxEntryBytes?: number;
  now?: () => number;
}

export interface ResponseCache {
  get(key: string): CacheLookup | undefined;
  set(key: string, entry: CacheEntry): void;
  delete(key: string): void;
  clear(): void;
  stats(): { entries: number; bytes: number; maxBytes: number; evictions: number };
}

const ENTRY_OVERHEAD_BYTES = 256;
/** Bytes an entry holds in memory (JS strings are UTF-16). */
export const entrySize = (key: string, e: CacheEntry) => 2 * (key.length + e.text.length) + ENTRY_OVERHEAD_BYTES;

export function createResponseCache(opts: ResponseCacheOptions): ResponseCache {
  const now = opts.now ?? Date.now;
  let evictions = 0;
  const lru = new LRUCache<string, CacheEntry>({
    maxSize: opts.maxBytes,
    maxEntrySize: opts.maxEntryBytes ?? Math.floor(opts.maxBytes / 8),
    sizeCalculation: (e, key) => entrySize(key, e),
    dispose: (_v, _k, reason) => {
      if (reason === "evict") evictions++;
    },
  });

  return {
    get(key) {
      const entry = lru.get(key);
      if (!entry) return undefined;
      const ageMs = Math.max(0, now() - entry.storedAt);
      if (entry.immutable || ageMs < entry.ttlMs) return { entry, state: "fresh", ageMs };
      if (ageMs < entry.ttlMs + entry.swrMs) return { entry, state: "stale", ageMs };
      if (ageMs < entry.ttlMs + Math.max(entry.swrMs, entry.staleIfErrorMs)) return { entry, state: "expired", ageMs };
      lru.delete(key);
      return undefined;
    },
    set(key, entry) {
      lru.set(key, entry);
    },
    delete(key) {
      lru.delete(key);
    },
    clear() {
      lru.clear();
    },
    stats: () => ({ entries: lru.size, bytes: lru.calculatedSize, maxBytes: opts.maxBytes, evictions }),
  };
}
