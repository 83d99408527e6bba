"use client";

import { useSyncExternalStore } from "react";
import { serverClock } from "./server-clock";

// A hook of its own file: server-clock.ts is imported by api-fetch.ts, which server components also use, and React
// hooks may only be imported from client modules.

/** The offset in whole seconds, for logic that compares ages (filters): changes re-render only when a second moves. */
export function useServerOffset(): number {
  return useSyncExternalStore(
    serverClock.subscribe,
    () => Math.round(serverClock.offsetMs() / 1000) * 1000,
    () => 0,
  );
}
