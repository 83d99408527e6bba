"use client";

import { useStore } from "zustand";
import { useShallow } from "zustand/react/shallow";
import { useStreamContext } from "../provider";
import { worstDelayMs } from "../liveness";
import type { ConnectionInfo } from "../socket";
import type { StreamState } from "../store";

/** Reads the stream store with a narrow selector (a trade re-renders only what selects it). */
export function useStreamStore<T>(selector: (s: StreamState) => T): T {
  return useStore(useStreamContext().store, selector);
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
