"use client";

import { useCallback, useEffect, useState } from "react";
import { useStore } from "zustand";
import { useShallow } from "zustand/react/shallow";
import { createThrottle } from "../../throttle";
import { useStreamStoreApi } from "../provider";
import { worstDelayMs } from "../liveness";
import type { ConnectionInfo } from "../socket";
import type { StreamState } from "../store";

/** Reads the stream store with a narrow selector (a trade re-renders only what selects it). */
export function useStreamStore<T>(selector: (s: StreamState) => T): T {
  return useStore(useStreamStoreApi(), selector);
}

/**
 * One keyed slice of the stream store (a tape, a pulse list) for a view that redraws at most once per `everyMs`: the
 * first change after a quiet spell at once, the ones that follow within the window coalesced into the newest at its
 * end. Under a storm of live events the component re-renders a few times a second instead of once per frame; the
 * store underneath keeps every event. `select` must be a stable (module-level) function; a new `key` reads its own
 * slice at once. `everyMs` 0 passes every change on.
 */
export function useThrottledStreamSlice<T>(
  key: string | null,
  select: (s: StreamState, key: string) => T | undefined,
  everyMs: number,
): T | undefined {
  const store = useStreamStoreApi();
  const read = useCallback(() => (key ? select(store.getState(), key) : undefined), [store, key, select]);
  const [shown, setShown] = useState(() => ({ key, value: read() }));
  useEffect(() => {
    let current = read();
    setShown((prev) => (prev.key === key && prev.value === current ? prev : { key, value: current }));
    const throttle = createThrottle(
      () => {
        const value = read();
        if (value === current) return;
        current = value;
        setShown({ key, value });
      },
      everyMs,
      { leading: "now" },
    );
    const off = store.subscribe(() => {
      if (!throttle.pending && read() !== current) throttle.request();
    });
    return () => {
      off();
      throttle.cancel();
    };
  }, [store, key, read, everyMs]);
  return shown.key === key ? shown.value : read();
}

export type StreamStatus = Pick<ConnectionInfo, "status" | "since" | "attempt">;

/** How many live subscriptions of this tab the stream refused (a limit): "Live" alone would overstate it. */
export function useRefusedCount(): number {
  return useStreamStore((s) => Object.keys(s.subErrors).length);
}

/** connecting / live / reconnecting / offline, for the connection badge. */
export function useStreamStatus(): StreamStatus {
  return useStreamStore(
    useShallow((s) => ({ status: s.connection.status, since: s.connection.since, attempt: s.connection.attempt })),
  );
}

/**
 * The worst delay (ms) among this tab's polled live views, or null when all are streamed: "Delayed ~N s" for a whole
 * page. `pulse` counts only the pulse lists (the board's own indicator).
 */
export function useWorstDelayMs(only?: "pulse"): number | null {
  return useStreamStore((s) => worstDelayMs(s.liveness, only === "pulse" ? Object.keys(s.pulse) : undefined));
}
