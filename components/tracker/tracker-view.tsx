"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useMemo, useState } from "react";
import { useStore } from "zustand";
import { Chip } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { SkeletonRows } from "@/components/ui/skeleton";
import { type FeedFilters, filterFeed, followKey, steadyCreditsPerMinute } from "@/lib/client/tracker";
import { trackerRuntime } from "@/lib/client/tracker/instance";
import { useFollows, useFollowsHydrated } from "@/lib/client/tracker/store";
import { replaceSearch } from "@/lib/client/replace-search";
import { AddWalletForm } from "./add-wallet-form";
import { FeedFilterBar } from "./feed-filter-bar";
import { feedFilterParams, isFiltered, parseFeedFilters } from "./feed-filters";
import { FeedList } from "./feed-list";
import { ImportExport } from "./import-export";
import { TrackerAlertToggle } from "./tracker-alert-toggle";
import { useTokenSymbols } from "./use-token-symbols";
import { useTrackerPolling } from "./use-tracker";
import { WalletList } from "./wallet-list";
import { FOLLOW_MAX } from "@/lib/client/tracker";

/** The wallet tracker: followed wallets on the left, their trades merged on the right (stacked on phones). */
export function TrackerView() {
  useTrackerPolling();
  const hydrated = useFollowsHydrated();
  const wallets = useFollows((s) => s.wallets);
  const rt = trackerRuntime();
  const rows = useStore(rt.store, (s) => s.rows);
  const status = useStore(rt.store, (s) => s.status);
  const delayMs = useStore(rt.store, (s) => s.delayMs);
  const polling = useStore(rt.store, (s) => s.polling);
  const reads = useStore(rt.store, (s) => s.reads);
  const sp = useSearchParams();
  // Read from the URL once; then held here (a checkbox answers at once) and written back to the URL.
  const [filters, setFilters] = useState(() => parseFeedFilters(new URLSearchParams(sp.toString())));
  const onFilters = useCallback((f: FeedFilters) => {
    setFilters(f);
    replaceSearch(feedFilterParams(f));
  }, []);
  const symbolOf = useTokenSymbols(rows);
  const names = useMemo(() => new Map(wallets.map((w) => [followKey(w.chain, w.address), w.name])), [wallets]);
  const shown = useMemo(() => filterFeed(rows, filters, symbolOf), [rows, filters, symbolOf]);
  const chains = useMemo(() => [...new Set(wallets.map((w) => w.chain))].sort(), [wallets]);

  if (!hydrated) return <SkeletonRows rows={8} rowClassName="h-8" label="Loading tracker" />;

  // The gateway's stated delay, whole seconds rounded up (never "~0 s": a poll is never instant).
  const delayS = delayMs === null ? null : Math.max(1, Math.ceil(delayMs / 1000));
  const budget = steadyCreditsPerMinute(wallets.length);
  return (
    <div
      className="grid min-h-0 gap-2 lg:h-[calc(100dvh-9rem)] lg:grid-cols-[24rem_minmax(0,1fr)]"
      data-testid="tracker"
    >
      <section
        aria-label="Followed wallets"
        className="order-2 flex min-h-0 flex-col rounded-md border border-border bg-panel lg:order-1"
      >
        <header className="flex items-center justify-between gap-2 border-b border-border px-3 py-2">
          <h2 className="text-xs font-semibold tracking-wide text-muted uppercase">
            Following{" "}
            <span className="num text-fg" data-testid="followed-count">
              {wallets.length}
            </span>
            <span className="num">/{FOLLOW_MAX}</span>
          </h2>
          <TrackerAlertToggle />
        </header>
        <AddWalletForm />
        {wallets.length > 0 ? <WalletList wallets={wallets} status={status} /> : null}
        <div className="mt-auto border-t border-border">
          <ImportExport />
        </div>
      </section>
      <section
        aria-label="Trades of followed wallets"
        data-testid="tracker-feed"
        className="order-1 flex h-[75dvh] min-h-[24rem] flex-col rounded-md border border-border bg-panel lg:order-2 lg:h-auto lg:min-h-0"
      >
        <header className="flex flex-wrap items-center gap-2 border-b border-border px-3 py-1.5">
          <h2 className="text-xs font-semibold">Trades</h2>
          {wallets.length > 0 ? (
            <Chip
              tone="warn"
              title={`No live stream carries wallet trades: the server polls each followed wallet within the shared credit budget, ${delayS === null ? "at a cadence it states once connected" : `currently ~${delayS} s behind`}; this tab reads each wallet's first page and its 7d PnL itself (at most ${budget} credits a minute for PnL).${polling ? "" : " Summaries paused while the tab is hidden."}`}
            >
              <span data-testid="tracker-delay" data-delay-ms={delayS === null ? "" : delayS * 1000} data-reads={reads}>
                {delayS === null ? "Delayed" : `Delayed ~${delayS} s`}
              </span>
            </Chip>
          ) : null}
          <span className="num ml-auto text-mini text-muted" data-testid="feed-count">
            {isFiltered(filters) ? `${shown.length} of ${rows.length}` : rows.length} trades
          </span>
        </header>
        <FeedFilterBar filters={filters} chains={chains} onChange={onFilters} />
        {wallets.length === 0 ? (
          <EmptyState title="Follow wallets to see their trades here" className="flex-1">
            <p>
              Open any wallet (search it with <kbd className="rounded border border-border px-1">/</kbd>, or click a
              maker on a token&apos;s trades) and press <strong className="text-fg">Follow</strong>, paste an address in
              the form, or import a list (JSON or CSV). Up to {FOLLOW_MAX} wallets on any chain; the list stays in this
              browser.
            </p>
          </EmptyState>
        ) : shown.length === 0 ? (
          <EmptyState
            compact
            title={rows.length === 0 ? "No trades yet" : "No trade matches these filters"}
            className="flex-1"
          >
            {rows.length === 0 ? "Trades show here as the followed wallets are read." : null}
          </EmptyState>
        ) : (
          <FeedList rows={shown} nameOf={(c, w) => names.get(followKey(c, w))} symbolOf={symbolOf} />
        )}
      </section>
    </div>
  );
}
