"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { ErrorState } from "@/components/ui/error-state";
import { SkeletonRows } from "@/components/ui/skeleton";
import { type HeadColumn, TableHead } from "@/components/ui/table-head";
import type { ChainId } from "@/lib/api/core";
import { devLaunchesOptions, walletTradesOptions } from "@/lib/client/queries";
import { formatSpan, formatUsd, safeText } from "@/lib/format";
import { buildLaunches, MAX_OTHER_LAUNCHES, tradedTokens } from "./dossier";

const COLUMNS: readonly HeadColumn[] = [
  { name: "Token", className: "py-0.5 text-left" },
  { name: "Status", className: "py-0.5 text-left" },
  { name: "Peak", className: "py-0.5 text-right", title: "Peak market cap from the launch's sparkline closes" },
  { name: "1st sell", className: "py-0.5 text-right", title: "Time from launch to the dev's first sell" },
];

function DossierBody({ chain, dev, current }: { chain: ChainId; dev: string; current: string }) {
  const tradesQ = useQuery(walletTradesOptions({ chain, wallet: dev, limit: 100 }));
  const trades = tradesQ.data?.data ?? [];
  const others = tradedTokens(trades, current);
  const launchesQ = useQuery({ ...devLaunchesOptions({ chain, dev, tokens: others }), enabled: tradesQ.isSuccess });
  if (tradesQ.error) return <ErrorState error={tradesQ.error} onRetry={() => tradesQ.refetch()} compact />;
  if (launchesQ.error) return <ErrorState error={launchesQ.error} onRetry={() => launchesQ.refetch()} compact />;
  if (!launchesQ.data) return <SkeletonRows rows={3} rowClassName="h-4" label="Loading the dev's launches" />;
  const launches = buildLaunches(dev, trades, launchesQ.data.details, launchesQ.data.sparks);
  const ownSell = trades.filter((t) => t.tokenAddress === current && !t.isBuy).sort((a, b) => a.at - b.at)[0];
  const graduated = launches.filter((l) => l.graduated).length;
  return (
    <div data-testid="dev-dossier">
      <p className="mb-1 text-mini text-muted">
        <span className="num text-fg">{launches.length}</span> other launch{launches.length === 1 ? "" : "es"} among the
        dev&apos;s last {trades.length} trades · <span className="num text-fg">{graduated}</span> graduated
        {ownSell ? null : " · no sell of this token seen"}
      </p>
      {launches.length > 0 ? (
        <table className="w-full text-mini">
          <TableHead columns={COLUMNS} />
          <tbody>
            {launches.map((l) => (
              <tr key={l.address} className="border-t border-border/40">
                <td className="py-0.5">
                  <Link
                    href={`/token/${l.chain}/${l.address}`}
                    prefetch={false}
                    className="hover:text-accent hover:underline"
                  >
                    {safeText(l.symbol, { maxGraphemes: 10 }).text || "?"}
                  </Link>
                </td>
                <td className={l.graduated ? "py-0.5 text-up" : "py-0.5 text-muted"}>
                  {l.graduated ? "graduated" : "bonding / dead"}
                </td>
                <td className="num py-0.5 text-right">{l.peakMcapUsd === null ? "—" : formatUsd(l.peakMcapUsd)}</td>
                <td className="num py-0.5 text-right">{formatSpan(l.firstSellAfterMs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

/** The deployer's record: opened on demand (its reads cost credits: up to 1 + 2 × MAX_OTHER_LAUNCHES). */
export function DevDossier({ chain, dev, current }: { chain: ChainId; dev: string; current: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="border-b border-border px-2 py-1.5 text-xs"
      onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}
      data-testid="dev-dossier-toggle"
    >
      <summary className="cursor-pointer text-mini font-medium text-muted">
        Dev dossier: other launches (up to {MAX_OTHER_LAUNCHES})
      </summary>
      <div className="mt-1">{open ? <DossierBody chain={chain} dev={dev} current={current} /> : null}</div>
    </details>
  );
}
