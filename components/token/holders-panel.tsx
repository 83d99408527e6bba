"use client";

import { useQuery } from "@tanstack/react-query";
import { Chip } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { SafeText } from "@/components/ui/safe-text";
import type { ChainId } from "@/lib/api/core";
import { tokenHoldersOptions } from "@/lib/client/queries";
import { formatCompact, formatCount, formatPct } from "@/lib/format";
import { PanelSkeleton } from "./panel-skeleton";
import { WalletLink } from "./wallet-link";

export const HOLDERS_LIMIT = 50;

/** Top holders with their share of supply, drawn as bars (SVG: no inline style needed). */
export function HoldersPanel({ chain, address }: { chain: ChainId; address: string }) {
  const q = useQuery({ ...tokenHoldersOptions({ chain, address, limit: HOLDERS_LIMIT }), refetchInterval: 30_000 });
  if (q.isPending) return <PanelSkeleton rows={10} label="Loading holders" />;
  if (q.error) return <ErrorState error={q.error} onRetry={() => q.refetch()} compact />;
  const rows = q.data.data;
  if (rows.length === 0) return <EmptyState compact title="No holders known yet" />;
  const top10 = rows.slice(0, 10).reduce((s, h) => s + h.sharePct, 0);
  return (
    <div className="flex flex-col text-xs" data-testid="holders-panel">
      <p className="flex justify-between border-b border-border px-2 py-1.5 text-mini text-muted">
        <span>
          Holders <span className="num text-fg">{formatCount(q.data.meta.holders)}</span>
        </span>
        <span>
          Top 10 hold <span className="num text-fg">{formatPct(top10, { signed: false })}</span>
        </span>
      </p>
      <ol>
        {rows.map((h, i) => (
          <li
            key={h.address}
            className="grid grid-cols-[1.5rem_minmax(0,1fr)_4.5rem_3.5rem] items-center gap-x-2 border-b border-border/50 px-2 py-1"
          >
            <span className="num text-muted">{i + 1}</span>
            <span className="flex min-w-0 items-center gap-1">
              <WalletLink address={h.address} chain={chain} />
              {h.label ? (
                <Chip>
                  <SafeText value={h.label} max={10} />
                </Chip>
              ) : null}
            </span>
            <span className="num text-right" title={h.amount}>
              {formatCompact(h.amount)}
            </span>
            <span className="flex flex-col items-end gap-0.5">
              <span className="num">{formatPct(h.sharePct, { signed: false })}</span>
              <svg viewBox="0 0 100 3" preserveAspectRatio="none" aria-hidden="true" className="h-0.5 w-full">
                <rect width="100" height="3" className="fill-panel-raised" />
                <rect width={Math.min(100, Math.max(0, h.sharePct))} height="3" className="fill-accent" />
              </svg>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
