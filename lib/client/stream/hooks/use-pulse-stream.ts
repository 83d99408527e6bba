"use client";

import { hashKey, type QueryClient, type QueryKey, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import type { ApiError, ChainId, Envelope, PulseToken, PulseView } from "@/lib/api/core";
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
  /** How long a list the page came with as a first screenful waits for the stream's snapshot (SNAPSHOT_WAIT_MS). */
  snapshotWaitMs?: number;
}

export interface PulseStream {
  tokens: PulseToken[];
  /** True once a stream snapshot or REST list is in the live store. */
  live: boolean;
  isLoading: boolean;
  error: ApiError | null;
  /** Fetches the REST list again (after an error). */
  retry(): void;
  subscriptionError: StreamSubscriptionError | null;
  /** Server time of the live list's newest event (null until the stream or REST seeded it). */
  liveAsOf: number | null;
  /** The REST list (the page's first screenful until the whole list is fetched, which it may never be: see below). */
  restData: Envelope<"pulse"> | undefined;
}

/**
 * How long a list the page came with as its first screenful (the server's cut of the list, marked invalidated) waits
 * for the stream's snapshot before the whole list is fetched from REST. The snapshot is that same 100-row list, and
 * the stream has it anyway: fetching both drew the board twice on every load and spent a REST call per column. A
 * snapshot that is late (the stream slow to connect, refused, offline) leaves the REST list to fill the column, as
 * before; a subscription the stream refused fetches it at once.
 */
export const SNAPSHOT_WAIT_MS = 2_000;

/** The list came with the page as a first screenful the browser is to complete (firstPaintLists on the server). */
function isFirstPaintList(qc: QueryClient, queryKey: QueryKey): boolean {
  const s = qc.getQueryState(queryKey);
  return s?.data !== undefined && s.isInvalidated;
}

/**
 * Whether the REST list is held back (its query disabled): from mount while it is a first-paint list, until the wait
 * runs out or the subscription fails; for good once the stream's list supersedes it (the stream repairs its own list
 * after a drop, by REST, without this query). Decided again when the list's key changes (chains).
 */
function useRestHeld(
  qc: QueryClient,
  queryKey: QueryKey,
  superseded: boolean,
  failed: boolean,
  waitMs: number,
): boolean {
  const hash = hashKey(queryKey);
  const [state, setState] = useState(() => ({ hash, waiting: isFirstPaintList(qc, queryKey) }));
  let current = state;
  if (state.hash !== hash) {
    current = { hash, waiting: isFirstPaintList(qc, queryKey) };
    setState(current);
  }
  const waiting = current.waiting && !failed;
  useEffect(() => {
    if (!waiting || superseded) return;
    const timer = setTimeout(() => setState((s) => (s.hash === hash ? { hash, waiting: false } : s)), waitMs);
    return () => clearTimeout(timer);
  }, [waiting, superseded, hash, waitMs]);
  return waiting;
}

const selectPulse = (s: StreamState, key: string) => s.pulse[key];

export function usePulseStream(input: PulseStreamInput): PulseStream {
  const store = useStreamStoreApi();
  const limit = Math.min(Math.max(1, input.limit ?? 30), PULSE_CAP);
  const chains = useStable([...new Set(input.chains)].sort());
  const options = pulseStreamOptions({ view: input.view, chains });
  const key = useSubscription("pulse", { view: input.view, chains });
  const list = useThrottledStreamSlice(key, selectPulse, input.refreshMs ?? 0);
  const liveAsOf = list?.asOf ?? null;
  const subscriptionError = useStreamStore((s) => (key ? (s.subErrors[key] ?? null) : null));
  const qc = useQueryClient();
  const rest = qc.getQueryState<Envelope<"pulse">>(options.queryKey)?.data;
  const superseded = liveAsOf !== null && rest !== undefined && liveAsOf > rest.meta.asOf;
  const held = useRestHeld(
    qc,
    options.queryKey,
    superseded,
    subscriptionError !== null,
    input.snapshotWaitMs ?? SNAPSHOT_WAIT_MS,
  );
  const query = useQuery({ ...options, enabled: !held });
  const data = query.data;
  useEffect(() => {
    if (key && data) store.getState().actions.seedPulse(key, data.data, data.meta.asOf);
  }, [store, key, data]);
  const items = liveAsOf !== null ? list?.items : undefined;
  const tokens = useMemo(() => (items ?? data?.data ?? []).slice(0, limit), [items, data, limit]);
  return {
    tokens,
    live: items !== undefined,
    ...useRestStatus(query),
    subscriptionError,
    liveAsOf,
    restData: data,
  };
}
