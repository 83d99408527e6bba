"use client";

import { useState } from "react";
import { chainInfo } from "@/lib/api/core";
import type { FeedFilters } from "@/lib/client/tracker";
import { MIN_USD_MAX } from "./feed-filters";

const INPUT = "h-6 rounded border border-border bg-panel-raised px-1.5 text-mini text-fg placeholder:text-muted";

/** Buys only, a USD floor, one chain, one token (address or symbol). */
export function FeedFilterBar({
  filters,
  chains,
  onChange,
}: {
  filters: FeedFilters;
  chains: readonly string[];
  onChange(f: FeedFilters): void;
}) {
  // The text as typed ("0." on its way to "0.5"); the filter takes its value.
  const [min, setMin] = useState(filters.minUsd ? String(filters.minUsd) : "");
  const [token, setToken] = useState(filters.token);
  return (
    <fieldset className="m-0 flex flex-wrap items-center gap-x-3 gap-y-1 border-0 border-b border-border px-3 py-1.5 text-mini text-muted">
      <legend className="sr-only">Feed filters</legend>
      <label className="flex items-center gap-1">
        <input
          type="checkbox"
          checked={filters.buysOnly}
          onChange={(e) => onChange({ ...filters, buysOnly: e.target.checked })}
          className="accent-accent"
        />
        Buys only
      </label>
      <label className="flex items-center gap-1">
        Min $
        <input
          inputMode="decimal"
          aria-label="Minimum USD"
          value={min}
          placeholder="0"
          onChange={(e) => {
            setMin(e.target.value);
            const v = Number(e.target.value);
            onChange({ ...filters, minUsd: Number.isFinite(v) && v > 0 ? Math.min(v, MIN_USD_MAX) : 0 });
          }}
          className={`${INPUT} num w-20 text-right`}
        />
      </label>
      <label className="flex items-center gap-1">
        Chain
        <select
          aria-label="Chain filter"
          value={filters.chain ?? ""}
          onChange={(e) => onChange({ ...filters, chain: (e.target.value || null) as FeedFilters["chain"] })}
          className={INPUT}
        >
          <option value="">All</option>
          {[...new Set([...chains, ...(filters.chain ? [filters.chain] : [])])].map((c) => (
            <option key={c} value={c}>
              {chainInfo(c)?.name ?? c}
            </option>
          ))}
        </select>
      </label>
      <label className="flex min-w-0 items-center gap-1">
        Token
        <input
          aria-label="Token filter"
          placeholder="Symbol or address"
          value={token}
          maxLength={64}
          spellCheck={false}
          onChange={(e) => {
            setToken(e.target.value);
            onChange({ ...filters, token: e.target.value });
          }}
          className={`${INPUT} w-40 min-w-0`}
        />
      </label>
    </fieldset>
  );
}
