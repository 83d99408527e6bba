"use client";

import dynamic from "next/dynamic";
import { memo, type ReactNode, useCallback, useState } from "react";
import { Chip } from "@/components/ui/badge";
import { ErrorState } from "@/components/ui/error-state";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { Skeleton } from "@/components/ui/skeleton";
import type { OhlcvInterval, Quote } from "@/lib/api/core";
import { type CandleStreamInput, describeSubError } from "@/lib/client/stream/hooks";
import type { ChartMetric } from "./bars";
import { delayLabel } from "@/components/ui/liveness-chip";
import type { ChartStatus } from "./candle-chart";
import { ChartLegend } from "./chart-legend";
import { IntervalPicker } from "./interval-picker";
import { coarserIntervals, intervalLabel, intervalName } from "./intervals";
import { createLegendStore } from "./legend-store";
import type { TradeMarker } from "./markers";

// The chart code (lightweight-charts) loads after the page shell has painted.
const CandleChart = dynamic(() => import("./candle-chart"), {
  ssr: false,
  loading: () => <Skeleton className="absolute inset-2 h-auto" />,
});

type Status = ChartStatus;

export interface ChartPanelProps {
  input: CandleStreamInput;
  metric: ChartMetric;
  supply: number | null;
  /** Native coin symbol for the quote toggle. */
  nativeSymbol: string;
  /**
   * How USD is drawn: `service` (Solana: each candle at its bucket's SOL/USD rate, §4.5), `rate` (EVM: native
   * candles at the current native/USD price, given as `usdRate` once known), or null for no USD option.
   */
  usdMode: "service" | "rate" | null;
  usdRate?: number;
  title: string;
  markers: readonly TradeMarker[];
  onInterval(i: OhlcvInterval): void;
  onQuote(q: Quote): void;
  onMetric(m: ChartMetric): void;
  /** Extra toolbar controls (pool selector). */
  toolbar?: ReactNode;
  className?: string;
}

// Memoised: a page re-rendering on a live token update (price, 24h figures) does not redraw its chart's panel.
export const ChartPanel = memo(function ChartPanel(props: ChartPanelProps) {
  const { input, metric, supply, markers } = props;
  const [legend] = useState(createLegendStore);
  const [status, setStatus] = useState<Status | null>(null);
  const onStatus = useCallback((s: Status) => setStatus(s), []);
  const rate = props.usdMode === "rate" && props.usdRate ? props.usdRate : 1;
  const quote = props.usdMode === "rate" ? (props.usdRate ? "usd" : "native") : (input.quote ?? "native");
  return (
    <section
      aria-label="Price chart"
      className={`flex min-h-0 flex-col rounded-md border border-border bg-panel ${props.className ?? ""}`}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-border px-2 py-1">
        <IntervalPicker value={input.interval} onChange={props.onInterval} />
        <SegmentedControl
          label="Chart value"
          size="xs"
          value={metric}
          onValueChange={props.onMetric}
          options={[
            { value: "price", label: "Price" },
            { value: "mcap", label: "MCap", title: "Market cap = price × supply", disabled: supply === null },
          ]}
        />
        {props.usdMode ? (
          <SegmentedControl
            label="Quote currency"
            size="xs"
            value={quote}
            onValueChange={props.onQuote}
            options={[
              { value: "native", label: props.nativeSymbol },
              {
                value: "usd",
                label: "USD",
                title:
                  props.usdMode === "service"
                    ? "Each candle converted at its bucket's SOL/USD rate"
                    : `Converted at the current ${props.nativeSymbol}/USD price`,
              },
            ]}
          />
        ) : null}
        {props.toolbar}
        <span className="ml-auto text-mini text-muted" title="Times are UTC">
          UTC
        </span>
      </div>
      <div className="relative min-h-0 flex-1">
        <ChartLegend store={legend} metric={metric} supply={supply} quoteRate={rate} title={props.title} />
        {/* Over the plot, not in the toolbar: a notice coming and going never reflows the toolbar or moves the chart. */}
        <div className="pointer-events-none absolute bottom-8 left-2 z-10 flex items-center gap-1 text-mini text-muted">
          {status?.isFetchingOlder ? <span className="rounded bg-panel/80 px-1">Loading history…</span> : null}
          {status?.subscriptionError ? (
            <Chip
              tone="warn"
              className="pointer-events-auto"
              title={describeSubError(status.subscriptionError).detail}
            >
              Candles not live
            </Chip>
          ) : status?.liveness?.mode === "poll" ? (
            <Chip
              tone="warn"
              className="pointer-events-auto"
              title="Many viewers right now: the forming candle refreshes every few seconds"
            >
              <span data-testid="candles-liveness">{delayLabel(status.liveness)}</span>
            </Chip>
          ) : null}
        </div>
        <CandleChart
          input={input}
          metric={metric}
          supply={supply}
          quoteRate={rate}
          markers={markers}
          legend={legend}
          onStatus={onStatus}
        />
        {status?.empty && !status.isLoading && !status.error ? (
          <div
            className="absolute inset-0 z-20 flex flex-col items-center justify-center gap-2 text-xs text-muted"
            data-testid="chart-empty"
          >
            <p>No trades in this window at {intervalName(input.interval)} candles.</p>
            <div className="flex gap-1">
              {coarserIntervals(input.interval).map((i) => (
                <button
                  key={i}
                  type="button"
                  onClick={() => props.onInterval(i)}
                  className="rounded border border-border px-2 py-0.5 text-fg hover:border-accent hover:text-accent"
                >
                  {intervalLabel(i)}
                </button>
              ))}
            </div>
          </div>
        ) : null}
        {status?.error ? (
          <div className="absolute inset-0 z-20 bg-panel/90">
            <ErrorState error={status.error} title="Candles could not load" onRetry={status.retry} compact />
          </div>
        ) : null}
      </div>
    </section>
  );
});
