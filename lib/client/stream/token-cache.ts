import { notifyManager, type QueryClient, type QueryKey } from "@tanstack/react-query";
import type { TokenUpdate } from "@/lib/api/core";
import { apiKeys } from "../query-keys";
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
