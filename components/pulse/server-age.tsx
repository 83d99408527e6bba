"use client";

import { createContext, type ReactNode, useCallback, useContext, useSyncExternalStore } from "react";
import { cn, sharedTicker } from "@/components/ui";
import { useStreamStore } from "@/lib/client/stream/hooks";
import { formatAge, formatDateTimeUtc, isoDateTime } from "@/lib/format";

// Ages on the market's clock: serverNow = local clock + the offset the stream learned from `meta.asOf`, so a skewed
// local clock (or a simulated market running faster than real time) still reads right. One store subscription for
// the whole board, shared through context, instead of one per age on screen.

const ServerOffset = createContext(0);

export function ServerClockProvider({ children }: { children: ReactNode }) {
  // Whole seconds: the offset drifts by milliseconds with every frame; ages only need seconds.
  const offset = useStreamStore((s) => Math.round(s.serverOffsetMs / 1000) * 1000);
  return <ServerOffset.Provider value={offset}>{children}</ServerOffset.Provider>;
}

/** Milliseconds to add to the local clock to get the market's. */
export function useServerOffset(): number {
  return useContext(ServerOffset);
}

/** A ticking age measured on the market's clock; the element carries the real moment (datetime and title). */
export function ServerAge({ at, className, suffix = "" }: { at: number | null; className?: string; suffix?: string }) {
  const offset = useServerOffset();
  const read = useCallback(() => formatAge(at, sharedTicker.now() + offset), [at, offset]);
  const label = useSyncExternalStore(sharedTicker.subscribe, read, () => formatAge(at, Date.now() + offset));
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
