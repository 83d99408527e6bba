"use client";

import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ErrorState } from "@/components/ui/error-state";
import { Count, Usd } from "@/components/ui/num";
import { Pct } from "@/components/ui/pct";
import { type ChainId, STATS_WINDOWS, type TokenStatsWindow } from "@/lib/api/core";
import { tokenStatsOptions } from "@/lib/client/queries";
import { PanelSkeleton } from "./panel-skeleton";

/** Buy share of the window's volume as a green/red split bar (SVG, no inline style). */
function PressureBar({ w }: { w: TokenStatsWindow }) {
  const total = w.buyVolumeUsd + w.sellVolumeUsd;
  if (!(total > 0)) return <span className="text-muted">—</span>;
  const buy = (w.buyVolumeUsd / total) * 100;
  return (
    <svg
      viewBox="0 0 100 4"
      preserveAspectRatio="none"
      role="img"
      aria-label={`${Math.round(buy)}% of volume bought`}
      className="ml-auto h-1 w-full max-w-16 rounded-full"
    >
      <title>{`${Math.round(buy)}% bought`}</title>
      <rect width="100" height="4" className="fill-down" />
      <rect width={buy} height="4" className="fill-up" />
    </svg>
  );
}

const ROWS: { label: string; cell: (w: TokenStatsWindow) => ReactNode; solanaOnly?: boolean }[] = [
  { label: "Change", cell: (w) => <Pct value={w.priceChangePct} /> },
  { label: "Buy / sell", cell: (w) => <PressureBar w={w} /> },
  { label: "Volume", cell: (w) => <Usd value={w.volumeUsd} /> },
  { label: "Buy vol", cell: (w) => <Usd value={w.buyVolumeUsd} className="text-up" /> },
  { label: "Sell vol", cell: (w) => <Usd value={w.sellVolumeUsd} className="text-down" /> },
  { label: "Txns", cell: (w) => <Count value={w.txns} /> },
  { label: "Buys", cell: (w) => <Count value={w.buys} className="text-up" /> },
  { label: "Sells", cell: (w) => <Count value={w.sells} className="text-down" /> },
  { label: "Makers", cell: (w) => <Count value={w.makers} /> },
  { label: "Organic txns", cell: (w) => <Count value={w.organicTxns} />, solanaOnly: true },
  { label: "Organic vol", cell: (w) => <Usd value={w.organicVolumeUsd} />, solanaOnly: true },
];

/** Token-wide stats per window (5m / 1h / 6h / 24h); wash-filtered counts on Solana. */
export function StatsPanel({ chain, address }: { chain: ChainId; address: string }) {
  const q = useQuery({ ...tokenStatsOptions({ chain, address }), refetchInterval: 15_000 });
  if (q.isPending) return <PanelSkeleton rows={8} label="Loading stats" />;
  if (q.error) return <ErrorState error={q.error} onRetry={() => q.refetch()} compact />;
  const windows = q.data.data.windows;
  const rows = ROWS.filter((r) => !r.solanaOnly || chain === "solana");
  return (
    <table className="w-full text-xs" data-testid="stats-panel">
      <thead>
        <tr className="border-b border-border text-micro uppercase tracking-wide text-muted">
          <th scope="col" className="px-2 py-1.5 text-left font-normal">
            <span className="sr-only">Measure</span>
          </th>
          {STATS_WINDOWS.map((w) => (
            <th key={w} scope="col" className="px-2 py-1.5 text-right font-medium">
              {w}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.label} className="border-b border-border/50">
            <th scope="row" className="px-2 py-1 text-left font-normal text-muted">
              {r.label}
            </th>
            {STATS_WINDOWS.map((w) => (
              <td key={w} className="px-2 py-1 text-right">
                {windows[w] ? r.cell(windows[w]) : <span className="text-muted">—</span>}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
