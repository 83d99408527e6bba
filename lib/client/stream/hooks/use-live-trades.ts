"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useReducer } from "react";
import { type ApiError, type ChainId, PRECONFIRM_TTL_MS, type TokenTrade } from "@/lib/api/core";
import { tokenTradesInfiniteOptions } from "../../queries";
import { matchesTradeFilters, type TradeFilters } from "../../trade-filters";
import { useStreamRuntime, useStreamStoreApi } from "../provider";
import { tapeView } from "../reducers/trades";
import type { Liveness, StreamSubscriptionError } from "../socket";
import type { StreamState } from "../store";
import { useStable } from "./use-stable";
import { useRestStatus } from "./use-rest-status";
import { useStreamStore, useThrottledStreamSlice } from "./use-stream-store";
import { useSubscription } from "./use-subscription";

export interface TapeParams {
  chain: ChainId;
  address: string;
  /** The pools REST reads (1-50); the live subscription uses the same ones, so both show the same trades. */
  pools: string[];
}

/** A tape row: the spec's row; `preconfirmed: true` until confirmed, reverted or PRECONFIRM_TTL_MS old. */
export type LiveTrade = TokenTrade;

function useServerNow(): number {
  const store = useStreamStoreApi();
  return Date.now() + store.getState().serverOffsetMs;
}

/** Re-renders when the first preconfirmed row shown expires, so it leaves on time without a clock in the store. */
function useExpiryTick(rows: readonly TokenTrade[], serverNow: number): void {
  const [, bump] = useReducer((n: number) => n + 1, 0);
  const nextExpiry = useMemo(() => {
    let min = Number.POSITIVE_INFINITY;
    for (const r of rows) if (r.preconfirmed) min = Math.min(min, r.at + PRECONFIRM_TTL_MS + 1);
    return min;
  }, [rows]);
  useEffect(() => {
    if (!Number.isFinite(nextExpiry)) return;
    const t = setTimeout(bump, Math.max(0, nextExpiry - serverNow));
    return () => clearTimeout(t);
  }, [nextExpiry, serverNow]);
}

/** Live ring only (newest first, bounded), without REST history. */
export function useTradesStream(params: TapeParams): LiveTrade[] {
  const key = useSubscription("trades", params);
  const ring = useStreamStore((s) => (key ? s.tapes[key] : undefined));
  const serverNow = useServerNow();
  const view = useMemo(() => tapeView(ring, [], { serverNow }), [ring, serverNow]);
  useExpiryTick(view.rows, serverNow);
  return view.rows;
}

export interface LiveTradesInput extends TapeParams {
  limit?: number;
  filters?: TradeFilters;
  /** The rows redraw at most this often (ms) under a storm of live trades (the first after a quiet spell at once). */
  refreshMs?: number;
}

const selectTape = (s: StreamState, key: string) => s.tapes[key];

export interface LiveTrades {
  rows: LiveTrade[];
  fetchNextPage(): void;
  hasNextPage: boolean;
  /** Paging stopped at this tab's page cap while the service still has older rows (the tape does not end here). */
  olderBeyondCap: boolean;
  isFetchingNextPage: boolean;
  isLoading: boolean;
  error: ApiError | null;
  /** Refetches the REST pages after an error. */
  retry(): void;
  subscriptionError: StreamSubscriptionError | null;
  /** Streamed (live) or polled (and how far behind), as the gateway says; null until it says. */
  liveness: Liveness | null;
}

/** The tape: live rows merged with REST pages, unique by txHash+block+logIndex, newest first, no holes. */
export function useLiveTrades(input: LiveTradesInput): LiveTrades {
  const runtime = useStreamRuntime();
  const { chain, address, pools, limit, filters } = input;
  const query = useInfiniteQuery(tokenTradesInfiniteOptions({ chain, address, pools, limit, filters }));
  const key = useSubscription("trades", { chain, address, pools });
  const ring = useThrottledStreamSlice(key, selectTape, input.refreshMs ?? 0);
  const subscriptionError = useStreamStore((s) => (key ? (s.subErrors[key] ?? null) : null));
  const liveness = useStreamStore((s) => (key ? (s.liveness[key] ?? null) : null));
  const stableFilters = useStable(filters);
  const filter = useMemo(
    () => (stableFilters ? (r: TokenTrade) => matchesTradeFilters(r, stableFilters) : undefined),
    [stableFilters],
  );
  const restRows = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  const restAsOf = query.data?.pages[0]?.meta.asOf;
  const serverNow = useServerNow();
  const view = useMemo(
    () => tapeView(ring, restRows, { restAsOf, serverNow, filter }),
    [ring, restRows, restAsOf, filter, serverNow],
  );
  useExpiryTick(view.rows, serverNow);
  // Live rows reach back past the REST snapshot: refetch its first page so nothing between them is missing. Asked
  // again while the hole stays (a refetch too soon after the last one waits its turn; the proxy may have answered
  // with a copy from before the hole), so a hole never stays for good.
  const [gapRecheck, recheckGap] = useReducer((n: number) => n + 1, 0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: gapRecheck runs the effect again once the wait is over
  useEffect(() => {
    if (!view.gap || query.isFetching || !runtime) return;
    const waitMs = runtime.refreshTapeRest(chain, address);
    if (waitMs <= 0) return;
    const t = setTimeout(recheckGap, waitMs);
    return () => clearTimeout(t);
  }, [view.gap, query.isFetching, runtime, chain, address, gapRecheck]);
  return {
    rows: view.rows,
    fetchNextPage: () => void query.fetchNextPage(),
    hasNextPage: query.hasNextPage,
    olderBeyondCap: !query.hasNextPage && (query.data?.pages.at(-1)?.meta.hasMore ?? false),
    isFetchingNextPage: query.isFetchingNextPage,
    ...useRestStatus(query),
    subscriptionError,
    liveness,
  };
}
