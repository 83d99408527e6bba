"use client";

import { useSyncExternalStore } from "react";
import { serverClock } from "@/lib/client/server-clock";
import { formatAge, formatDateTimeUtc, isoDateTime } from "@/lib/format/time";
import { cn } from "./cn";
import { sharedTicker } from "./ticker";

const subscribe = sharedTicker.subscribe;

/**
 * Relative age ("12s", "4m", "3h") on the market's clock (lib/client/server-clock), so a market running ahead of the
 * local clock still reads right. It ticks: all instances share one 1 s timer; each re-renders only when its text changes.
 */
export function Age({
  at,
  className,
  suffix = "",
}: {
  at: number | null | undefined;
  className?: string;
  suffix?: string;
}) {
  const label = useSyncExternalStore(
    subscribe,
    () => formatAge(at, sharedTicker.now() + serverClock.offsetMs()),
    () => formatAge(at, Date.now()),
  );
  return (
    <time
      dateTime={isoDateTime(at)}
      title={formatDateTimeUtc(at)}
      className={cn("num whitespace-nowrap", className)}
      suppressHydrationWarning
    >
      {label}
      {suffix}
    </time>
  );
}

/** The shared clock in whole seconds, for countdowns and "updated Xs ago" logic. */
export function useNow(): number {
  return useSyncExternalStore(
    subscribe,
    () => Math.floor(sharedTicker.now() / 1000) * 1000,
    () => Math.floor(Date.now() / 1000) * 1000,
  );
}
