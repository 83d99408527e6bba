"use client";

import { useCallback, useSyncExternalStore } from "react";
import { cn, sharedTicker } from "@/components/ui";
import { useStreamStore } from "@/lib/client/stream/hooks";
import { formatAge, formatDateTimeUtc, isoDateTime } from "@/lib/format";

/**
 * A ticking age measured on the market's clock (serverNow = local clock + the offset the stream learned from
 * `meta.asOf`), so a skewed local clock or a simulated market running faster than real time still reads right.
 * The element carries the real moment (datetime and title).
 */
export function ServerAge({ at, className, suffix = "" }: { at: number | null; className?: string; suffix?: string }) {
  // Whole seconds: the offset drifts by milliseconds with every frame; ages only need seconds.
  const offset = useStreamStore((s) => Math.round(s.serverOffsetMs / 1000) * 1000);
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
