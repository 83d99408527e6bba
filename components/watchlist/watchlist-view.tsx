"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { EmptyState, ErrorState, SafeText, SkeletonRows } from "@/components/ui";
import { replaceSearch } from "@/lib/client/replace-search";
import type { WatchItem } from "@/lib/client/watchlist/items";
import { useWatchlist, useWatchlistHydrated } from "@/lib/client/watchlist/store";
import { SortHeader } from "./sort-header";
import { useWatchData } from "./use-watch-data";
import { CELL_VISIBILITY, WatchRow } from "./watch-row";
import { joinRows, parseSort, type SortKey, sortRows } from "./watch-rows";

/** Rows streamed live (one token-updates subscription each); a connection allows 20 subscriptions (§8). */
export const LIVE_ROWS = 15;

export function WatchlistView() {
  const hydrated = useWatchlistHydrated();
  const items = useWatchlist((s) => s.items);
  const remove = useWatchlist((s) => s.remove);
  const restore = useWatchlist((s) => s.restore);
  const [removed, setRemoved] = useState<WatchItem | null>(null);
  const params = useSearchParams();
  const sort = parseSort(params.get("sort"), params.get("dir"));
  const data = useWatchData(items);
  const rows = sortRows(joinRows(items, data.prices, data.details), sort.key, sort.dir);

  function onSort(k: SortKey) {
    const dir = k === sort.key && sort.dir === "desc" ? "asc" : "desc";
    const next = new URLSearchParams(params);
    next.set("sort", k);
    next.set("dir", dir);
    replaceSearch(next);
  }

  if (!hydrated) return <SkeletonRows rows={6} rowClassName="h-9" label="Loading watchlist" />;
  const live = Math.min(LIVE_ROWS, rows.length);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between text-xs text-muted">
        <span className={items.length ? "num" : "invisible"}>
          {items.length} {items.length === 1 ? "token" : "tokens"}
          {items.length ? ` · ${live} live` : ""}
          {rows.length > LIVE_ROWS ? ` · others refresh every 15 s` : ""}
        </span>
        {removed ? (
          <span role="status" className="flex items-center gap-2">
            Removed <SafeText value={removed.symbol} max={14} fallback="token" className="text-fg" />
            <button
              type="button"
              onClick={() => {
                restore(removed);
                setRemoved(null);
              }}
              className="rounded px-1.5 py-0.5 font-medium text-accent hover:bg-accent/10"
            >
              Undo
            </button>
          </span>
        ) : null}
      </div>
      {data.error ? (
        <ErrorState compact error={data.error} onRetry={data.refetch} title="Prices could not be loaded" />
      ) : null}
      {items.length === 0 ? (
        <EmptyState
          title="No tokens on your watchlist yet"
          action={
            <Link
              prefetch={false}
              href="/pulse"
              className="rounded-md bg-accent px-3 py-1.5 text-xs font-semibold text-bg hover:bg-accent/90"
            >
              Find tokens on Pulse
            </Link>
          }
        >
          Star a token on Pulse or on its page (find one with <kbd className="font-mono">/</kbd>) to see it here.
        </EmptyState>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-border bg-panel">
          <table className="w-full table-fixed border-collapse text-left">
            <caption className="sr-only">Watchlist, sortable by column</caption>
            <colgroup>
              <col />
              <col className="w-[5.5rem] sm:w-28" />
              <col className="hidden w-20 lg:table-column" />
              <col className="w-14 sm:w-20" />
              <col className="hidden w-24 lg:table-column" />
              <col className="w-16 sm:w-24" />
              <col className="hidden w-24 sm:table-column" />
              <col className="hidden w-16 md:table-column" />
              <col className="w-8 sm:w-9" />
            </colgroup>
            <thead className="border-b border-border text-mini text-muted">
              <tr>
                <SortHeader k="symbol" active={sort.key} dir={sort.dir} onSort={onSort} align="left" className="pl-3">
                  Token
                </SortHeader>
                <SortHeader k="price" active={sort.key} dir={sort.dir} onSort={onSort}>
                  Price
                </SortHeader>
                <SortHeader
                  k="change1h"
                  active={sort.key}
                  dir={sort.dir}
                  onSort={onSort}
                  className={CELL_VISIBILITY[1]}
                >
                  1h
                </SortHeader>
                <SortHeader k="change" active={sort.key} dir={sort.dir} onSort={onSort}>
                  24h
                </SortHeader>
                <SortHeader k="vol" active={sort.key} dir={sort.dir} onSort={onSort} className={CELL_VISIBILITY[3]}>
                  Vol 24h
                </SortHeader>
                <SortHeader k="mcap" active={sort.key} dir={sort.dir} onSort={onSort}>
                  MCap
                </SortHeader>
                <SortHeader k="liq" active={sort.key} dir={sort.dir} onSort={onSort} className={CELL_VISIBILITY[5]}>
                  Liq
                </SortHeader>
                <SortHeader k="added" active={sort.key} dir={sort.dir} onSort={onSort} className="hidden md:table-cell">
                  Added
                </SortHeader>
                <th scope="col">
                  <span className="sr-only">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <WatchRow
                  key={`${row.item.chain}|${row.item.address}`}
                  row={row}
                  live={i < LIVE_ROWS}
                  onRemove={() => {
                    remove(row.item.chain, row.item.address);
                    setRemoved({ ...row.item, symbol: row.detail?.symbol ?? row.item.symbol });
                  }}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
