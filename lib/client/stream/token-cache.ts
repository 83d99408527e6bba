import { notifyManager, type QueryClient, type QueryKey } from "@tanstack/react-query";
import type { TokenUpdate } from "@/lib/api/core";
import { apiKeys } from "../query-keys";
import { createThrottle } from "../throttle";
import {
  coalesceTokenUpdates,
  mergeBatchEnvelope,
  mergeDetail,
  mergeEnvelope,
  mergePrice,
} from "./reducers/token-updates";

// Writes live token state into the REST cache (token detail, lean price, their batch twins) in one notify batch.

function update<T>(qc: QueryClient, key: QueryKey, fn: (old: T | undefined) => T | undefined) {
  const old = qc.getQueryData<T>(key);
  const next = fn(old);
  if (next !== undefined && next !== old) qc.setQueryData<T>(key, next);
}

export function applyTokenUpdates(qc: QueryClient, updates: readonly TokenUpdate[]): void {
  const ups = coalesceTokenUpdates(updates);
  if (ups.length === 0) return;
  notifyManager.batch(() => {
    for (const u of ups) {
      update(qc, apiKeys.token(u.chain, u.address), (old) => mergeEnvelope(old as never, [u], mergeDetail));
      update(qc, apiKeys.tokenPrice(u.chain, u.address), (old) => mergeEnvelope(old as never, [u], mergePrice));
    }
    for (const [key, old] of qc.getQueriesData({ queryKey: apiKeys.scope("tokenBatch") })) {
      const next = mergeBatchEnvelope(old as never, ups, mergeDetail);
      if (next !== old) qc.setQueryData(key, next);
    }
    for (const [key, old] of qc.getQueriesData({ queryKey: apiKeys.scope("tokenPriceBatch") })) {
      const next = mergeBatchEnvelope(old as never, ups, mergePrice);
      if (next !== old) qc.setQueryData(key, next);
    }
  });
}

/** Live token figures reach the cache (and the pages) at most this often: the tape's own refresh. */
export const TOKEN_CACHE_REFRESH_MS = 200;

export interface TokenCacheWriter {
  write(updates: readonly TokenUpdate[]): void;
  dispose(): void;
}

/**
 * `applyTokenUpdates` at most once per `everyMs`: the first update after a quiet spell is written at once, those
 * that follow within the window wait for its end, coalesced to each token's newest. The service sends a token's
 * updates once a second at most (§6), so one token's page sees no delay; a page showing many tokens (a watchlist, a
 * board) or a storm re-renders a few times a second instead of once per update.
 */
export function createTokenCacheWriter(qc: QueryClient, everyMs = TOKEN_CACHE_REFRESH_MS): TokenCacheWriter {
  let pending: TokenUpdate[] = [];
  const throttle = createThrottle(
    () => {
      const ups = pending;
      pending = [];
      applyTokenUpdates(qc, ups);
    },
    everyMs,
    { leading: "now" },
  );
  return {
    write(updates) {
      if (updates.length === 0) return;
      pending = pending.length ? coalesceTokenUpdates([...pending, ...updates]) : [...updates];
      throttle.request();
    },
    dispose() {
      throttle.cancel();
      pending = [];
    },
  };
}
