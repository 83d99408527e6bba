"use client";

import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useRef } from "react";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { type HeadColumn, TableHead } from "@/components/ui/table-head";
import { cn } from "@/components/ui/cn";
import { publicUsageOptions } from "@/lib/client/queries/usage";
import type { PollingUsage, PublicUsage } from "@/lib/api/core";
import { formatNumber } from "@/lib/format/number";
import { formatPct } from "@/lib/format/percent";
import { type CreditRoute, creditRows, savedPct } from "./credit-rows";

/** This site's market-data credits: spent, saved by the cache and by coalescing, the daily budget, per route. */
const ROUTE_COLUMNS: HeadColumn[] = [
  { name: "Route", className: "px-3 py-1.5 text-left" },
  { name: "Cost", className: "px-2" },
  { name: "Spent", className: "px-2" },
  { name: "Cache", className: "hidden px-2 sm:table-cell" },
  { name: "Coalesced", className: "hidden px-3 sm:table-cell" },
];

export function CreditsView({ routes }: { routes: readonly CreditRoute[] }) {
  const q = useQuery(publicUsageOptions());
  // Busiest first as the page opened; then each row keeps its place while the figures move (no row jumps under the
  // reader, nor any layout shift as the polls land).
  const order = useRef<string[] | null>(null);
  if (order.current === null && q.data) order.current = creditRows(routes, q.data.byEndpoint).map((r) => r.id);
  if (q.isPending) return <Skeleton className="h-64 w-full" />;
  if (q.isError && !q.data) return <ErrorState error={q.error} onRetry={() => q.refetch()} title="Credits could not load" />;
  const u = q.data;
  const pct = savedPct(u);
  const rows = creditRows(routes, u.byEndpoint, order.current ?? undefined);
  return (
    <div className="flex flex-col gap-3" data-testid="credits-view" data-as-of={u.asOf}>
      <div className="grid grid-cols-2 gap-2 md:grid-cols-4">
        <Tile label="Spent" testId="credits-spent" hint="Credits paid to the market-data service since this server started">
          <Credits value={u.spent} />
        </Tile>
        <Tile label="Saved by cache" testId="credits-saved-cache" hint="Calls answered from the response cache">
          <Credits value={u.savedByCache} className="text-up" />
        </Tile>
        <Tile label="Saved by coalescing" testId="credits-saved-coalescing" hint="Identical calls in flight shared one">
          <Credits value={u.savedByCoalescing} className="text-up" />
        </Tile>
        <Tile label="Saved share" testId="credits-saved-pct" hint="Saved ÷ (spent + saved)">
          {pct === null ? <span className="text-muted">—</span> : formatPct(pct, { signed: false })}
        </Tile>
      </div>
      <Budget usage={u} />
      {u.polling ? <Polling polling={u.polling} /> : null}
      <section aria-label="Credits per route" className="rounded-md border border-border bg-panel">
        <h2 className="border-b border-border px-3 py-2 text-xs font-semibold uppercase tracking-wide text-muted">
          Per route
        </h2>
        <div className="relative overflow-x-auto">
          <table className="num w-full whitespace-nowrap text-right text-xs" data-testid="credits-routes">
            <TableHead columns={ROUTE_COLUMNS} />
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} data-testid="credits-route" data-route={r.id} className="border-t border-border/60">
                  <td className="max-w-0 truncate px-3 py-1 text-left font-mono" title={`${r.method} ${r.path}`}>
                    <span className="text-muted">{r.method}</span> {r.path}
                  </td>
                  <td className="px-2 text-muted" data-testid="credits-route-cost">
                    {r.cost}
                  </td>
                  <td className="px-2" data-testid="credits-route-spent">
                    <Credits value={r.spent} />
                  </td>
                  <td className="hidden px-2 text-up sm:table-cell">
                    <Credits value={r.savedByCache} />
                  </td>
                  <td className="hidden px-3 text-up sm:table-cell">
                    <Credits value={r.savedByCoalescing} />
                  </td>
                </tr>
              ))}
              <tr className="border-t border-border/60" data-testid="credits-route" data-route="stream">
                <td className="px-3 py-1 text-left font-mono">
                  <span className="text-muted">WS</span> /v1/stream
                </td>
                <td className="px-2 text-muted">1 per conn-min</td>
                <td className="px-2">
                  <Credits value={u.streamConnectionMinutes} />
                </td>
                <td className="hidden px-2 text-muted sm:table-cell">—</td>
                <td className="hidden px-3 text-muted sm:table-cell">—</td>
              </tr>
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

function Budget({ usage: u }: { usage: PublicUsage }) {
  const used = u.budgetPerDay ? Math.min(100, (u.spentToday / u.budgetPerDay) * 100) : null;
  return (
    <section aria-label="Daily budget" className="rounded-md border border-border bg-panel px-3 py-2" data-testid="credits-budget">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1 text-xs">
        <h2 className="font-semibold uppercase tracking-wide text-muted">Today ({u.day}, UTC)</h2>
        <span>
          Spent <Credits value={u.spentToday} className="font-medium" />
        </span>
        <span data-testid="credits-budget-value">
          Budget{" "}
          {u.budgetPerDay === null ? (
            <span className="font-medium">unlimited</span>
          ) : (
            <Credits value={u.budgetPerDay} className="font-medium" />
          )}
        </span>
        {u.remainingToday !== null ? (
          <span>
            Left <Credits value={u.remainingToday} className={cn("font-medium", u.remainingToday === 0 && "text-down")} />
          </span>
        ) : null}
      </div>
      {used !== null ? (
        <svg viewBox="0 0 100 2" preserveAspectRatio="none" className="mt-2 h-1.5 w-full" role="img" aria-label={`${Math.round(used)}% of today's budget used`}>
          <rect width="100" height="2" className="fill-panel-raised" />
          <rect width={used} height="2" className={used >= 90 ? "fill-down" : used >= 70 ? "fill-amber-400" : "fill-accent"} />
        </svg>
      ) : null}
    </section>
  );
}

const POLL_CHANNELS: { id: keyof PollingUsage["byChannel"]; label: string; cost: string }[] = [
  { id: "trades", label: "Trades", cost: "1 per page" },
  { id: "ohlcv", label: "Candles", cost: "5" },
  { id: "token-updates", label: "Token updates", cost: "1 per token" },
  { id: "pulse", label: "Pulse lists", cost: "1" },
  { id: "wallet-trades", label: "Wallet trades", cost: "1" },
];

const POLL_COLUMNS: HeadColumn[] = [
  { name: "Channel", className: "px-3 py-1.5 text-left" },
  { name: "Cost a poll", className: "px-2" },
  { name: "Spent", className: "px-3" },
];

/** Live views beyond the stream budget are polled from REST: what that costs, within its per-minute budget. */
function Polling({ polling: p }: { polling: PollingUsage }) {
  const used = p.budgetPerMinute > 0 ? Math.min(100, (p.lastMinute / p.budgetPerMinute) * 100) : null;
  return (
    <section aria-label="Polling" className="rounded-md border border-border bg-panel" data-testid="credits-polling">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1 border-b border-border px-3 py-2 text-xs">
        <h2 className="font-semibold uppercase tracking-wide text-muted">Polling (delayed views)</h2>
        <span data-testid="credits-polling-minute">
          Last minute <Credits value={p.lastMinute} className="font-medium" /> of{" "}
          <Credits value={p.budgetPerMinute} className="font-medium" /> a minute
        </span>
        {used !== null ? <span className="text-muted">{Math.round(used)}%</span> : null}
      </div>
      <div className="relative overflow-x-auto">
        <table className="num w-full whitespace-nowrap text-right text-xs" data-testid="credits-polling-channels">
          <TableHead columns={POLL_COLUMNS} />
          <tbody>
            {POLL_CHANNELS.map((c) => (
              <tr key={c.id} data-testid="credits-polling-channel" data-channel={c.id} className="border-t border-border/60">
                <td className="px-3 py-1 text-left">{c.label}</td>
                <td className="px-2 text-muted">{c.cost}</td>
                <td className="px-3">
                  <Credits value={p.byChannel[c.id]} />
                </td>
              </tr>
            ))}
            <tr className="border-t border-border font-medium">
              <td className="px-3 py-1 text-left">All channels</td>
              <td className="px-2" />
              <td className="px-3" data-testid="credits-polling-spent">
                <Credits value={p.spent} />
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Credits are whole numbers a trader reconciles against a bill: shown in full, never compacted. */
function Credits({ value, className }: { value: number; className?: string }) {
  return <span className={cn("num", className)}>{formatNumber(value, { maxDecimals: 0 })}</span>;
}

function Tile({ label, hint, testId, children }: { label: string; hint: string; testId: string; children: ReactNode }) {
  return (
    <div className="rounded-md border border-border bg-panel px-3 py-2" title={hint}>
      <div className="text-micro uppercase tracking-wide text-muted">{label}</div>
      <div className="num text-lg font-semibold" data-testid={testId}>
        {children}
      </div>
    </div>
  );
}
