"use client";

import { useQueries } from "@tanstack/react-query";
import { useRef } from "react";
import type { BatchSlot, ChainId, TokenDetail, TokenPrice } from "@/lib/api/core";
import { tokenBatchOptions, tokenPriceBatchOptions } from "@/lib/client/queries";
import { type WatchItem, watchKey } from "@/lib/client/watchlist/items";
import { chunk, slotsByKey } from "./watch-rows";

/** Rows without a live subscription are refreshed this often from the price batch. */
export const WATCH_REFETCH_MS = 15_000;
const DETAIL_STALE_MS = 10 * 60_000;

type Slots<T> = Map<string, BatchSlot<T>>;

/** Keeps the last answer per token so adding or removing a star does not blank the other rows while the new batch loads. */
function useLastKnown<T>(items: readonly WatchItem[], fresh: Slots<T>): Slots<T> {
  const last = useRef<Slots<T>>(new Map());
  const keep = new Set(items.map((i) => watchKey(i.chain, i.address)));
  for (const k of last.current.keys()) if (!keep.has(k)) last.current.delete(k); // bounded by the list
  for (const [k, v] of fresh) last.current.set(k, v);
  return last.current;
}

export function useWatchData(items: readonly WatchItem[]) {
  const batches = chunk(items.map((i) => ({ chain: i.chain as ChainId, address: i.address })));
  const prices = useQueries({
    queries: batches.map((b) => ({ ...tokenPriceBatchOptions({ items: b }), refetchInterval: WATCH_REFETCH_MS })),
  });
  const details = useQueries({
    queries: batches.map((b) => ({ ...tokenBatchOptions({ items: b }), staleTime: DETAIL_STALE_MS })),
  });
  const freshPrices: Slots<TokenPrice> = new Map();
  const freshDetails: Slots<TokenDetail> = new Map();
  batches.forEach((b, i) => {
    for (const [k, v] of slotsByKey(b, prices[i]?.data?.data)) freshPrices.set(k, v);
    for (const [k, v] of slotsByKey(b, details[i]?.data?.data)) freshDetails.set(k, v);
  });
  const failed = prices.find((q) => q.error && !q.data);
  return {
    prices: useLastKnown(items, freshPrices),
    details: useLastKnown(items, freshDetails),
    error: failed?.error ?? null,
    refetch: () => {
      for (const q of prices) void q.refetch();
    },
  };
}
