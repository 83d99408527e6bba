"use client";

import { useSyncExternalStore } from "react";
import { formatCompact } from "@/lib/format/number";
import { formatPct } from "@/lib/format/percent";
import { formatPrice } from "@/lib/format/price";
import { type ChartMetric, legendFigures, metricFactor } from "./bars";
import type { LegendStore } from "./legend-store";

/** O/H/L/C/V and the bar's change for the bar under the crosshair, else the newest bar. */
export function ChartLegend({
  store,
  metric,
  supply,
  quoteRate = 1,
  title,
}: {
  store: LegendStore;
  metric: ChartMetric;
  supply: number | null;
  quoteRate?: number;
  title: string;
}) {
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  const bar = state.hover ?? state.last;
  const fmt = metric === "mcap" ? (v: number) => formatCompact(v) : (v: number) => formatPrice(v);
  const f = bar ? legendFigures(bar, metricFactor(metric, supply) * quoteRate) : null;
  const tone = f ? (f.up ? "text-up" : "text-down") : "text-muted";
  return (
    <div
      data-testid="chart-legend"
      className="pointer-events-none absolute top-1 right-20 left-2 z-10 flex flex-wrap items-baseline gap-x-2 text-[11px] leading-4"
    >
      <span className="font-medium text-fg">{title}</span>
      {f ? (
        <span className="num flex flex-wrap gap-x-2 font-mono">
          <span>
            <span className="text-muted">O</span> <span className={tone}>{fmt(f.open)}</span>
          </span>
          <span>
            <span className="text-muted">H</span> <span className={tone}>{fmt(f.high)}</span>
          </span>
          <span>
            <span className="text-muted">L</span> <span className={tone}>{fmt(f.low)}</span>
          </span>
          <span>
            <span className="text-muted">C</span> <span className={tone}>{fmt(f.close)}</span>
          </span>
          <span>
            <span className="text-muted">V</span> <span className="text-fg">{formatCompact(f.volume)}</span>
          </span>
          <span className={tone} data-testid="legend-change">
            {f.changePct === null ? "" : formatPct(f.changePct, { signed: true })}
          </span>
        </span>
      ) : null}
    </div>
  );
}
