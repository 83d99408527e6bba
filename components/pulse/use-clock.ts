"use client";

import { useSyncExternalStore } from "react";
import { sharedTicker } from "@/components/ui";

const noSubscribe = () => () => {};

/** The shared 1 s clock, only while `enabled` (a column re-filters by age only when an age bound is set). */
export function useClockIf(enabled: boolean): number {
  return useSyncExternalStore(
    enabled ? sharedTicker.subscribe : noSubscribe,
    () => (enabled ? Math.floor(sharedTicker.now() / 1000) * 1000 : 0),
    () => (enabled ? Math.floor(Date.now() / 1000) * 1000 : 0),
  );
}
