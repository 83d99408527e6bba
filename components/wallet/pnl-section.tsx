"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Metric } from "@/components/ui/metric";
import { Count, Usd } from "@/components/ui/num";
import { Pct } from "@/components/ui/pct";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { Skeleton } from "@/components/ui/skeleton";
import { type ChainId, KNOWN_CHAINS, PNL_PERIODS, type PnlPeriod } from "@/lib/api/core";
import type { WalletPageQueries } from "@/lib/client/queries";
import { PnlChart } from "./pnl-chart";
import { pnlDays } from "./pnl-days";
import { useChainNames } from "./use-chain-names";

const BASIS: Record<string, string> = {
  spot: "USD basis: spot — native PnL valued at today's native price.",
  trade: "USD basis: trade time — each trade valued at the native price when it happened.",
};
const EVM_CHAINS = KNOWN_CHAINS.filter((c) => c.family === "evm");

export interface PnlSectionProps {
  family: "evm" | "solana";
  /** The page's queries: this section reads `pnl` (for the wallet, `pnlChain` and `period`). */
  page: WalletPageQueries;
  /** undefined = all EVM chains combined (§4.9). */
  pnlChain: ChainId | undefined;
  period: PnlPeriod;
  onPeriod(p: PnlPeriod): void;
  onChain(c: ChainId | undefined): void;
}

export function PnlSection({ family, page, pnlChain, period, onPeriod, onChain }: PnlSectionProps) {
  const q = useQuery(page.pnl);
  const chainName = useChainNames();
  const pnl = q.data?.data;
  // The market's clock (meta.asOf), not the browser's, decides which day is today.
  const asOf = q.data?.meta.asOf;
  const days = useMemo(() => (pnl && asOf ? pnlDays(pnl.history, period, asOf) : []), [pnl, period, asOf]);
  return (
    <section
      aria-label="Realized PnL"
      data-testid="pnl-section"
      className="flex flex-col gap-2 rounded-md border border-border bg-panel p-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xs font-semibold uppercase tracking-wide text-muted">Realized PnL</h2>
        <div className="flex flex-wrap items-center gap-2">
          {family === "evm" ? (
            <select
              aria-label="PnL chain"
              data-testid="pnl-chain"
              value={pnlChain ?? ""}
              onChange={(e) => onChain((e.target.value || undefined) as ChainId | undefined)}
              className="h-6 rounded border border-border bg-panel-raised px-1.5 text-mini text-fg"
            >
              <option value="">All EVM chains</option>
              {EVM_CHAINS.map((c) => (
                <option key={c.chain} value={c.chain}>
                  {chainName(c.chain)}
                </option>
              ))}
            </select>
          ) : null}
          <SegmentedControl
            label="PnL period"
            size="xs"
            value={period}
            onValueChange={onPeriod}
            options={PNL_PERIODS.map((p) => ({ value: p, label: p === "all" ? "All" : p.toUpperCase() }))}
          />
        </div>
      </div>
      {q.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => q.refetch()} compact />
      ) : pnl ? (
        <>
          <div className="flex flex-wrap gap-x-8 gap-y-2" data-testid="pnl-summary">
            <Metric size="lg" label="Realized PnL" testId="pnl-realized">
              <Usd value={pnl.summary.realizedPnlUsd} signed />
            </Metric>
            <Metric size="lg" label="Win rate" testId="pnl-winrate">
              <Pct value={pnl.summary.winRate} signed={false} colored={false} />
            </Metric>
            <Metric size="lg" label="Trades">
              <Count value={pnl.summary.trades} />
            </Metric>
            <Metric size="lg" label="Wins / losses">
              <span className="num">
                <span className="text-up">{pnl.summary.wins}</span> /{" "}
                <span className="text-down">{pnl.summary.losses}</span>
              </span>
            </Metric>
          </div>
          <div className="h-44" data-period={period}>
            {pnl.history.length > 0 ? (
              <PnlChart days={days} tradingDays={pnl.history.length} />
            ) : (
              <EmptyState compact title="No realized PnL in this period" />
            )}
          </div>
          <p className="text-mini text-muted" data-testid="usd-basis">
            {BASIS[pnl.usdBasis] ?? `USD basis: ${pnl.usdBasis}`}
          </p>
        </>
      ) : null}
    </section>
  );
}
