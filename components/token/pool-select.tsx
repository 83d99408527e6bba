"use client";

import type { TokenPool } from "@/lib/api/core";
import { formatUsd, safeText, shortAddress } from "@/lib/format";
import { DEFAULT_POOL_COUNT, rankedPools } from "./pools";

/** Compact pool picker for the chart toolbar: the top pools aggregated (default) or one pool. */
export function PoolSelect({
  pools,
  selected,
  factoryName,
  onSelect,
}: {
  pools: readonly TokenPool[];
  selected: string | null;
  factoryName(address: string | null): string | null;
  onSelect(pool: string | null): void;
}) {
  const ranked = rankedPools(pools);
  if (ranked.length <= 1) return null;
  const label = (p: TokenPool) => {
    const f = factoryName(p.factory);
    const kind = safeText(f ?? p.type, { maxGraphemes: 16 }).text;
    return `#${p.rank} ${kind} / ${safeText(p.quoteSymbol, { maxGraphemes: 8 }).text} · ${formatUsd(p.liquidityUsd)} · ${shortAddress(p.address, 3, 3)}`;
  };
  return (
    <label className="flex items-center gap-1 text-mini text-muted">
      <span className="sr-only">Pools</span>
      <select
        value={selected ?? ""}
        onChange={(e) => onSelect(e.target.value || null)}
        data-testid="pool-select"
        className="max-w-56 rounded border border-border bg-panel px-1 py-0.5 text-mini text-fg"
      >
        <option value="">Top {Math.min(DEFAULT_POOL_COUNT, ranked.length)} pools (aggregated)</option>
        {ranked.map((p) => (
          <option key={p.address} value={p.address}>
            {label(p)}
          </option>
        ))}
      </select>
    </label>
  );
}
