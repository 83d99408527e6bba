"use client";

import { useQuery } from "@tanstack/react-query";
import { nativePricesOptions } from "@/lib/client/queries";
import { formatAge } from "@/lib/format";
import { cn, Price, Skeleton, useNow } from "@/components/ui";
import { tickerItems } from "./native-ticker-model";

/** Native coin prices (§4.12), refreshed every 15 s; a stale price is dimmed and says so. */
export function NativeTicker({ max = 6, className }: { max?: number; className?: string }) {
  const { data, isError } = useQuery(nativePricesOptions());
  const now = useNow();
  const items = tickerItems(data?.data, now, data?.meta.degraded === true, max);
  if (isError && !data)
    return <span className={cn("text-mini text-muted", className)}>Native prices unavailable</span>;
  return (
    <ul aria-label="Native coin prices" className={cn("flex items-center gap-3 text-xs", className)}>
      {items.map((i) => (
        <li
          key={i.chain}
          data-stale={i.stale ? "true" : "false"}
          title={i.stale ? `${i.symbol}: stale, last updated ${formatAge(i.updatedAt, now)} ago` : `${i.symbol}/USD`}
          className="flex items-baseline gap-1 whitespace-nowrap"
        >
          <span className="font-medium text-muted">{i.symbol}</span>
          <Price value={i.priceUsd} className={i.stale ? "text-muted opacity-70" : "text-fg"} />
          {i.stale ? <span className="text-micro font-semibold text-amber-400 uppercase">stale</span> : null}
        </li>
      ))}
      {!data && !isError
        ? [0, 1, 2].map((i) => (
            <li key={i} aria-hidden="true">
              <Skeleton className="h-3 w-16" />
            </li>
          ))
        : null}
    </ul>
  );
}
