"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { ApiError, ChainId, Envelope, OhlcvInterval, Quote } from "@/lib/api/core";
import { ohlcvInfiniteOptions } from "../../queries";
import { useStreamRuntime, useStreamStoreApi } from "../provider";
import type { BarOp } from "../reducers/candles";
import type { Liveness, StreamSubscriptionError } from "../socket";
import { useRestStatus } from "./use-rest-status";
import { useStreamStore } from "./use-stream-store";
import { useSubscription } from "./use-subscription";

export interface CandleStreamInput {
  chain: ChainId;
  address: string;
  pools: string[];
  interval: OhlcvInterval;
  quote?: Quote;
}

export interface CandleStream {
  fetchOlder(): void;
  hasOlder: boolean;
  isFetchingOlder: boolean;
  isLoading: boolean;
  error: ApiError | null;
  /** Refetches the REST history after an error. */
  retry(): void;
  subscriptionError: StreamSubscriptionError | null;
  /** Streamed (live) or polled (and how far behind), as the gateway says; null until it says. */
  liveness: Liveness | null;
}

/**
 * REST history plus live candles for a chart, delivered as ops (`reset`, `setData`, `update`) through `onBars`,
 * outside React renders: feed them to lightweight-charts' setData / series.update. A change of interval, quote or
 * pools starts a new series with `reset`.
 */
export function useCandleStream(input: CandleStreamInput, onBars: (ops: BarOp[]) => void): CandleStream {
  const store = useStreamStoreApi();
  const runtime = useStreamRuntime();
  const params = {
    chain: input.chain,
    address: input.address,
    pools: input.pools,
    interval: input.interval,
    quote: input.quote ?? "native",
  };
  const query = useInfiniteQuery(ohlcvInfiniteOptions(params));
  const key = useSubscription("ohlcv", params);
  const subscriptionError = useStreamStore((s) => (key ? (s.subErrors[key] ?? null) : null));
  const liveness = useStreamStore((s) => (key ? (s.liveness[key] ?? null) : null));
  const onBarsRef = useRef(onBars);
  useEffect(() => {
    onBarsRef.current = onBars;
  });

  useEffect(() => {
    if (!key) return;
    const emit = (ops: BarOp[]) => onBarsRef.current(ops);
    const off = store.getState().actions.subscribeBars(key, emit);
    emit([{ type: "reset" }, { type: "setData", bars: store.getState().series[key]?.bars ?? [] }]);
    return off;
  }, [store, key]);

  // Pages seeded into the series of `key`. A series released on an interval, pool or quote switch starts empty when
  // it comes back, while the query cache still holds its pages: seed them again for the new key.
  const seeded = useRef<{ key: string | null; pages: WeakSet<Envelope<"ohlcv">> }>({ key: null, pages: new WeakSet() });
  useEffect(() => {
    if (!key || !query.data) return;
    if (seeded.current.key !== key) seeded.current = { key, pages: new WeakSet() };
    for (const page of query.data.pages) {
      if (seeded.current.pages.has(page)) continue;
      seeded.current.pages.add(page);
      if (runtime) runtime.seedSeries(key, page.data, page.meta.asOf);
      else store.getState().actions.upsertBars(key, page.data, page.meta.asOf);
    }
  }, [store, runtime, key, query.data]);

  return {
    fetchOlder: () => void query.fetchNextPage(),
    hasOlder: query.hasNextPage,
    isFetchingOlder: query.isFetchingNextPage,
    ...useRestStatus(query),
    subscriptionError,
    liveness,
  };
}
