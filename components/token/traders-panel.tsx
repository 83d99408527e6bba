"use client";

import { useQuery } from "@tanstack/react-query";
import { memo, useMemo, useState } from "react";
import { Age } from "@/components/ui/age";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { type ChainId, type CohortId, sortTraders, type TraderSort } from "@/lib/api/core";
import { tradersOptions } from "@/lib/client/queries";
import { formatCount, formatDateTimeUtc } from "@/lib/format";
import { PanelSkeleton } from "./panel-skeleton";
import { TraderRowView } from "./trader-row";

const SORTS: readonly { value: TraderSort; label: string; title: string }[] = [
  { value: "pnl", label: "PnL", title: "Realized + unrealized PnL (average cost), largest first" },
  { value: "bought", label: "Bought", title: "USD bought, largest first" },
  { value: "sold", label: "Sold", title: "USD sold, largest first" },
];

export interface TradersPanelProps {
  chain: ChainId;
  address: string;
  /** Shows a cohort's evidence (the Cohorts tab, its trades marked on the chart). */
  onEvidence(id: CohortId): void;
  className?: string;
}

/**
 * Top traders of a token: what each wallet bought, sold and made, from the server's traders report. Memoised: the
 * token page re-renders on each live token update; the report redraws on its own query only.
 */
export const TradersPanel = memo(function TradersPanel({ chain, address, onEvidence, className }: TradersPanelProps) {
  const q = useQuery(tradersOptions({ chain, address }));
  const [sort, setSort] = useState<TraderSort>("pnl");
  const rows = useMemo(() => (q.data ? sortTraders(q.data.data.traders, sort) : []), [q.data, sort]);
  const report = q.data?.data;

  return (
    <section
      aria-label="Top traders"
      data-testid="traders-panel"
      className={cn("flex min-h-0 flex-col rounded-md border border-border bg-panel text-xs", className)}
    >
      <div className="flex h-8 shrink-0 items-center gap-2 border-b border-border px-2">
        <span className="text-mini text-muted">Sort</span>
        <SegmentedControl
          options={SORTS}
          value={sort}
          onValueChange={setSort}
          label="Sort traders by"
          size="xs"
        />
        {report ? (
          <p className="ml-auto truncate text-mini text-muted" data-testid="traders-coverage">
            <span className="num text-fg">{formatCount(report.wallets)}</span> wallets in{" "}
            <span className="num text-fg">{formatCount(report.tape.rows)}</span> trades
            {report.tape.complete ? (
              " · whole history"
            ) : report.tape.fromAt !== null ? (
              <>
                {" "}
                · since <Age at={report.tape.fromAt} suffix=" ago" className="text-fg" />
              </>
            ) : null}
          </p>
        ) : null}
      </div>
      <div className="relative min-h-0 flex-1 overflow-auto overscroll-contain">
        {q.isPending ? (
          <PanelSkeleton rows={10} label="Loading top traders" />
        ) : q.error ? (
          <ErrorState error={q.error} onRetry={() => q.refetch()} compact title="Top traders could not load" />
        ) : rows.length === 0 ? (
          <EmptyState compact title="No trades yet" />
        ) : (
          <table className="w-full border-collapse" data-testid="traders-table" data-sort={sort}>
            <thead className="sticky top-0 z-[1] bg-panel text-micro uppercase tracking-wide text-muted">
              <tr className="border-b border-border">
                <th scope="col" className="w-7 px-2 py-1 text-right font-medium">
                  #
                </th>
                <th scope="col" className="px-1 py-1 text-left font-medium">
                  Wallet
                </th>
                <th scope="col" className="px-1 py-1 text-right font-medium" aria-sort={ariaSort(sort, "bought")}>
                  Bought
                </th>
                <th scope="col" className="px-1 py-1 text-right font-medium" aria-sort={ariaSort(sort, "sold")}>
                  Sold
                </th>
                <th scope="col" className="px-1 py-1 text-right font-medium" aria-sort={ariaSort(sort, "pnl")}>
                  PnL
                </th>
                <th scope="col" className="hidden px-1 py-1 text-right font-medium md:table-cell">
                  Holding
                </th>
                <th scope="col" className="hidden px-1 py-1 text-right font-medium sm:table-cell">
                  Trades
                </th>
                <th scope="col" className="hidden px-2 py-1 text-right font-medium sm:table-cell" title="First buy">
                  1st buy
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <TraderRowView
                  key={r.wallet}
                  rank={i + 1}
                  row={r}
                  chain={chain}
                  tapeFrom={report?.tape.fromAt ?? null}
                  onEvidence={onEvidence}
                />
              ))}
            </tbody>
          </table>
        )}
        {report && !report.tape.complete && report.tape.fromAt !== null ? (
          <p className="px-2 py-1.5 text-mini text-muted">
            Figures cover the trades since {formatDateTimeUtc(report.tape.fromAt)}; rows marked{" "}
            <span className="text-amber-300">older</span> traded before it.
          </p>
        ) : null}
      </div>
    </section>
  );
});

function ariaSort(sort: TraderSort, col: TraderSort): "descending" | undefined {
  return sort === col ? "descending" : undefined;
}
