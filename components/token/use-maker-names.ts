"use client";

import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useSyncExternalStore } from "react";
import { walletProfilesBatchOptions } from "@/lib/client/queries";
import { chunk, createNameCache, type MakerName, NO_IDENTITY_TTL_MS, PROFILE_BATCH_MAX } from "./maker-names";

// One name cache per tab; makers on screen are collected for a moment and asked for in batches of up to 100, so a
// fast tape costs one request now and then instead of one per row.

const BATCH_DELAY_MS = 150;
const RETRY_AFTER_ERROR_MS = 15_000;

const cache = createNameCache();
const queue = new Set<string>();
const listeners = new Set<() => void>();
let version = 0;
let timer: ReturnType<typeof setTimeout> | null = null;

function bump() {
  version += 1;
  for (const l of listeners) l();
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

function flush(qc: QueryClient) {
  timer = null;
  const now = Date.now();
  const missing = cache.missing(queue, now).sort();
  queue.clear();
  for (const batch of chunk(missing, PROFILE_BATCH_MAX)) {
    cache.markInFlight(batch);
    qc.fetchQuery(walletProfilesBatchOptions({ addresses: batch }))
      .then((env) => {
        const at = Date.now();
        batch.forEach((a, i) => cache.set(a, env.data[i]?.data ?? null, at));
      })
      .catch(() => {
        // Unknown for now; asked again after a short pause rather than never.
        const at = Date.now() - NO_IDENTITY_TTL_MS + RETRY_AFTER_ERROR_MS;
        for (const a of batch) cache.set(a, null, at);
      })
      .finally(() => {
        cache.clearInFlight(batch);
        bump();
      });
  }
}

/** Names of the given makers as they become known (undefined = not asked yet, null = no identity). */
export function useMakerNames(addresses: readonly string[]): (address: string) => MakerName | null | undefined {
  const qc = useQueryClient();
  const v = useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  );
  const joined = addresses.join(",");
  useEffect(() => {
    if (!joined) return;
    for (const a of joined.split(",")) queue.add(a);
    if (timer === null) timer = setTimeout(() => flush(qc), BATCH_DELAY_MS);
  }, [joined, qc]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `v` changes when names arrive, so readers re-render
  return useCallback((a: string) => cache.get(a), [v]);
}
