"use client";

import { Age } from "@/components/ui/age";
import { Chip } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { SafeText } from "@/components/ui/safe-text";
import type { TokenPool } from "@/lib/api/core";
import { formatUsd, shortAddress } from "@/lib/format";
import { DEFAULT_POOL_COUNT, rankedPools } from "./pools";

export interface PoolsPanelProps {
  pools: readonly TokenPool[];
  /** The chosen pool, or null when the top pools are aggregated. */
  selected: string | null;
  factoryName(address: string | null): string | null;
  onSelect(pool: string | null): void;
}

/** Pools ranked by the service (rank 1 prices the token); choosing one points the chart and tape at it. */
export function PoolsPanel({ pools, selected, factoryName, onSelect }: PoolsPanelProps) {
  const ranked = rankedPools(pools);
  if (ranked.length === 0) return <EmptyState compact title="No pools known yet" />;
  const top = Math.min(DEFAULT_POOL_COUNT, ranked.length);
  return (
    <div className="flex flex-col text-xs" data-testid="pools-panel">
      <button
        type="button"
        aria-pressed={selected === null}
        onClick={() => onSelect(null)}
        className={cn(
          "flex items-center justify-between border-b border-border px-2 py-1.5 text-left hover:bg-panel-raised",
          selected === null && "bg-accent/10 text-fg",
        )}
      >
        <span className="font-medium">Top {top} pools, aggregated</span>
        <span className="text-mini text-muted">chart + tape</span>
      </button>
      <ul>
        {ranked.map((p) => {
          const active = selected === p.address;
          const factory = factoryName(p.factory);
          return (
            <li key={p.address}>
              <button
                type="button"
                aria-pressed={active}
                data-pool={p.address}
                onClick={() => onSelect(active ? null : p.address)}
                className={cn(
                  "grid w-full grid-cols-[1.75rem_minmax(0,1fr)_auto] items-center gap-x-2 border-b border-border/50 px-2 py-1.5 text-left hover:bg-panel-raised",
                  active && "bg-accent/10",
                )}
              >
                <span className="num text-muted">#{p.rank}</span>
                <span className="flex min-w-0 flex-col gap-0.5">
                  <span className="flex min-w-0 items-center gap-1">
                    <Chip>
                      <SafeText value={p.type} max={14} />
                    </Chip>
                    {factory ? <SafeText value={factory} max={18} className="text-fg" /> : null}
                    <span className="text-muted">
                      / <SafeText value={p.quoteSymbol} max={8} />
                    </span>
                  </span>
                  <span className="num font-mono text-micro text-muted" title={p.address}>
                    {shortAddress(p.address, 4, 4)} · <Age at={p.createdAt} />
                  </span>
                </span>
                <span className="flex flex-col items-end">
                  <span className="num" title="Liquidity">
                    {formatUsd(p.liquidityUsd)}
                  </span>
                  <span className="num text-micro text-muted" title="Volume 24h">
                    vol {formatUsd(p.volume24hUsd)}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
