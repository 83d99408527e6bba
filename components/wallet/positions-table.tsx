"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { tokenHref } from "@/components/search/search-target";
import { Age } from "@/components/ui/age";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Num, Usd } from "@/components/ui/num";
import { Price } from "@/components/ui/price";
import { SafeText } from "@/components/ui/safe-text";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { SkeletonRows } from "@/components/ui/skeleton";
import { WatchStar } from "@/components/watchlist/watch-star";
import { type ChainId, chainInfo } from "@/lib/api/core";
import type { WalletPageQueries } from "@/lib/client/queries";
import { isOpen, type PositionTotals, positionTotals, visiblePositions } from "./positions";
import type { PositionFilter, PositionSort } from "./view-state";
import { WalletPanel } from "./wallet-panel";

const POSITIONS_REFRESH_MS = 30_000;

const COLUMNS: { key: PositionSort | null; label: string; className?: string }[] = [
  { key: "token", label: "Token", className: "text-left" },
  { key: null, label: "Amount" },
  { key: "value", label: "Value" },
  { key: null, label: "Entry" },
  { key: null, label: "Price" },
  { key: "realized", label: "Realized" },
  { key: "unrealized", label: "Unrealized" },
  { key: "pnl", label: "Total PnL" },
  { key: null, label: "B / S" },
  { key: "first", label: "Opened" },
  { key: "last", label: "Last trade" },
];

export interface PositionsTableProps {
  chain: ChainId;
  wallet: string;
  /** The page's queries: this table reads `positions`. */
  page: WalletPageQueries;
  show: PositionFilter;
  sort: PositionSort;
  dir: "asc" | "desc";
  onChange(next: { show?: PositionFilter; sort?: PositionSort; dir?: "asc" | "desc" }): void;
}

export function PositionsTable({ chain, wallet, page, show, sort, dir, onChange }: PositionsTableProps) {
  // Values move with prices: refresh while the tab is visible (React Query pauses it in background tabs).
  const q = useQuery({ ...page.positions, refetchInterval: POSITIONS_REFRESH_MS });
  const all = q.data?.data ?? [];
  const rows = visiblePositions(all, show, sort, dir);
  const totals = positionTotals(rows);
  const openCount = all.filter(isOpen).length;
  return (
    <WalletPanel
      title="Positions"
      testId="positions"
      controls={
        <SegmentedControl
          label="Positions shown"
          size="xs"
          value={show}
          onValueChange={(v) => onChange({ show: v })}
          options={[
            { value: "open", label: `Open ${openCount}` },
            { value: "sold", label: `Sold ${all.length - openCount}` },
            { value: "all", label: "All" },
          ]}
        />
      }
    >
      {q.isPending ? (
        <SkeletonRows rows={6} label="Loading positions" />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => q.refetch()} compact />
      ) : rows.length === 0 ? (
        <EmptyState
          compact
          title={
            all.length === 0
              ? `No positions on ${chainInfo(chain)?.name ?? chain}`
              : show === "sold"
                ? "No fully sold positions"
                : "No open positions"
          }
          action={
            all.length > 0 ? (
              <button
                type="button"
                className="rounded border border-border px-2 py-1 text-xs text-accent hover:bg-panel-raised"
                onClick={() => onChange({ show: show === "sold" ? "open" : "sold" })}
              >
                {show === "sold" ? `Show ${openCount} open` : `Show ${all.length - openCount} sold`}
              </button>
            ) : null
          }
        />
      ) : (
        <div className="relative overflow-x-auto">
          <table className="num w-full min-w-[56rem] whitespace-nowrap text-right text-xs">
            <thead className="text-micro uppercase tracking-wide text-muted">
              <tr>
                {COLUMNS.map((c) => (
                  <th
                    key={c.label}
                    scope="col"
                    className={cn("px-2 py-1.5 font-medium", c.className)}
                    aria-sort={c.key === sort ? (dir === "asc" ? "ascending" : "descending") : undefined}
                  >
                    {c.key ? (
                      <button
                        type="button"
                        className={cn("uppercase hover:text-fg", c.key === sort && "text-fg")}
                        onClick={() =>
                          onChange(
                            c.key === sort
                              ? { dir: dir === "asc" ? "desc" : "asc" }
                              : { sort: c.key as PositionSort, dir: "desc" },
                          )
                        }
                      >
                        {c.label}
                        {c.key === sort ? (dir === "asc" ? " ▲" : " ▼") : ""}
                      </button>
                    ) : (
                      c.label
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr
                  key={`${p.chain}:${p.address}`}
                  className="border-t border-border/60 hover:bg-panel-raised"
                  data-testid="position-row"
                  data-token={p.address}
                  data-amount={p.amount}
                >
                  <td className="px-2 py-1 text-left">
                    <span className="flex items-center gap-0.5">
                      <WatchStar chain={p.chain} address={p.address} symbol={p.symbol} name={p.name} />
                      <Link
                        href={`${tokenHref(p.chain, p.address)}?maker=${encodeURIComponent(wallet)}`}
                        prefetch={false}
                        className="flex min-w-0 items-baseline gap-1.5 hover:text-accent"
                      >
                        <span className="font-semibold">
                          <SafeText value={p.symbol} max={10} fallback="?" />
                        </span>
                        <span className="max-w-[10rem] truncate text-mini text-muted">
                          <SafeText value={p.name} max={20} />
                        </span>
                      </Link>
                    </span>
                  </td>
                  <td className="px-2">
                    <Num value={Number(p.amount)} />
                  </td>
                  <td className="px-2" data-testid="position-value" data-usd={p.amountUsd}>
                    <Usd value={p.amountUsd} />
                  </td>
                  <td className="px-2">
                    <Price value={p.entryPriceUsd} />
                  </td>
                  <td className="px-2">
                    <Price value={p.currentPriceUsd} />
                  </td>
                  <PnlCells figures={p} totalClassName="px-2 font-semibold" totalTestId="position-pnl" />
                  <td className="px-2 text-muted">
                    <Age at={p.firstTradeAt} />
                  </td>
                  <td className="px-2 text-muted">
                    <Age at={p.lastTradeAt} />
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t border-border font-semibold" data-testid="positions-totals">
                <td className="px-2 py-1.5 text-left text-muted">Total · {totals.count}</td>
                <td />
                <td className="px-2" data-testid="total-value" data-usd={totals.amountUsd}>
                  <Usd value={totals.amountUsd} />
                </td>
                <td />
                <td />
                <PnlCells figures={totals} totalClassName="px-2" totalTestId="total-pnl" />
                <td />
                <td />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </WalletPanel>
  );
}

/** Realized, unrealized and total PnL, then buys / sells: the same columns for a position and for the totals row. */
function PnlCells({
  figures: f,
  totalClassName,
  totalTestId,
}: {
  figures: Pick<PositionTotals, "realizedPnlUsd" | "unrealizedPnlUsd" | "totalPnlUsd" | "buys" | "sells">;
  totalClassName: string;
  totalTestId: string;
}) {
  return (
    <>
      <td className="px-2">
        <Usd value={f.realizedPnlUsd} signed />
      </td>
      <td className="px-2">
        <Usd value={f.unrealizedPnlUsd} signed />
      </td>
      <td className={totalClassName} data-testid={totalTestId} data-usd={f.totalPnlUsd}>
        <Usd value={f.totalPnlUsd} signed />
      </td>
      <td className="px-2">
        <span className="text-up">{f.buys}</span> / <span className="text-down">{f.sells}</span>
      </td>
    </>
  );
}
