"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import type { ApiError, ChainId, PulseToken, PulseView } from "@/lib/api/core";
import { pulseStreamOptions } from "../../queries";
import { useStreamStoreApi } from "../provider";
import { PULSE_CAP } from "../reducers/pulse";
import type { StreamSubscriptionError } from "../socket";
import type { StreamState } from "../store";
import { useStable } from "./use-stable";
import { useRestStatus } from "./use-rest-status";
import { useStreamStore, useThrottledStreamSlice } from "./use-stream-store";
import { useSubscription } from "./use-subscription";

export interface PulseStreamInput {
  view: PulseView;
  chains: ChainId[];
  /** Entries shown (default 30); the list underneath keeps up to 100 so leavers are backfilled. */
  limit?: number;
  /** The list redraws at most this often (ms) under a busy market (the first change after a quiet spell at once). */
  refreshMs?: number;
}

export interface PulseStream {
  tokens: PulseToken[];
  /** True once a stream snapshot or REST list is in the live store. */
  live: boolean;
  isLoading: boolean;
  error: ApiError | null;
  subscriptionError: StreamSubscriptionError | null;
  /** Server time of the live list's newest event (null until the stream or REST seeded it). */
  liveAsOf: number | null;
}

const selectPulse = (s: StreamState, key: string) => s.pulse[key];

export function usePulseStream(input: PulseStreamInput): PulseStream {
  const store = useStreamStoreApi();
  const limit = Math.min(Math.max(1, input.limit ?? 30), PULSE_CAP);
  const chains = useStable([...new Set(input.chains)].sort());
  const query = useQuery(pulseStreamOptions({ view: input.view, chains }));
  const key = useSubscription("pulse", { view: input.view, chains });
  const data = query.data;
  useEffect(() => {
    if (key && data) store.getState().actions.seedPulse(key, data.data, data.meta.asOf);
  }, [store, key, data]);
  const list = useThrottledStreamSlice(key, selectPulse, input.refreshMs ?? 0);
  const liveAsOf = list?.asOf ?? null;
  const items = liveAsOf !== null ? list?.items : undefined;
  const subscriptionError = useStreamStore((s) => (key ? (s.subErrors[key] ?? null) : null));
  const tokens = useMemo(() => (items ?? data?.data ?? []).slice(0, limit), [items, data, limit]);
  return {
    tokens,
    live: items !== undefined,
    ...useRestStatus(query),
    subscriptionError,
    liveAsOf,
  };
}
