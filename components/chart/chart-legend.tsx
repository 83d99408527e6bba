"use client";

import { useSyncExternalStore } from "react";
import { formatCompact } from "@/lib/format/number";
import { formatPct } from "@/lib/format/percent";
import { formatPrice } from "@/lib/format/price";
import { type ChartMetric, legendFigures, metricFactor } from "./bars";
import type { LegendStore } from "./legend-store";

/** O/H/L/C/V and the bar's change for the bar under the crosshair, else the newest bar (its time in `data-time`). */
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
      data-time={bar?.time}
      className="pointer-events-none absolute top-1 right-20 left-2 z-10 flex flex-wrap items-baseline gap-x-2 text-mini leading-4"
    >
      <span className="font-medium text-fg">{title}</span>
      {f ? (
        <span className="num flex flex-wrap gap-x-2 font-mono">
          <Field name="O" value={fmt(f.open)} tone={tone} />
          <Field name="H" value={fmt(f.high)} tone={tone} />
          <Field name="L" value={fmt(f.low)} tone={tone} />
          <Field name="C" value={fmt(f.close)} tone={tone} />
          <Field name="V" value={formatCompact(f.volume)} tone="text-fg" />
          <span className={tone} data-testid="legend-change">
            {f.changePct === null ? "" : formatPct(f.changePct, { signed: true })}
          </span>
        </span>
      ) : null}
    </div>
  );
}

/** One figure of the legend: its letter, muted, then the value in `tone`. */
function Field({ name, value, tone }: { name: string; value: string; tone: string }) {
  return (
    <span>
      <span className="text-muted">{name}</span> <span className={tone}>{value}</span>
    </span>
  );
}
