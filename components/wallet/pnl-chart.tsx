"use client";

import {
  ColorType,
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  LineSeries,
  type UTCTimestamp,
} from "lightweight-charts";
import { useEffect, useRef } from "react";
import { formatUsd } from "@/lib/format";
import type { PnlDay } from "./pnl-days";

const UP = "#16c784";
const DOWN = "#ea3943";

/** Daily realized PnL bars plus the running total; the chart is created once and fed new data in place. */
/** `tradingDays` (days with realized PnL) is exposed for tests; `days` holds every day of the period. */
export default function PnlChart({ days, tradingDays }: { days: PnlDay[]; tradingDays: number }) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const bars = useRef<ISeriesApi<"Histogram"> | null>(null);
  const line = useRef<ISeriesApi<"Line"> | null>(null);

  useEffect(() => {
    if (!el.current) return;
    const c = createChart(el.current, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: "transparent" },
        textColor: "#8791a1",
        fontSize: 11,
        attributionLogo: false,
      },
      grid: { vertLines: { visible: false }, horzLines: { color: "#1a2029" } },
      // Dollars on the axis and the running-total label ("$4.31K", "−$250"), with room above the highest point.
      localization: { priceFormatter: (p: number) => formatUsd(p) },
      rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.15, bottom: 0.08 } },
      timeScale: { borderVisible: false, timeVisible: false },
      crosshair: { horzLine: { visible: false } },
      handleScroll: false,
      handleScale: false,
    });
    bars.current = c.addSeries(HistogramSeries, {
      priceFormat: { type: "price", precision: 0, minMove: 1 },
      priceLineVisible: false,
      lastValueVisible: false,
    });
    line.current = c.addSeries(LineSeries, {
      color: "#5b8cff",
      lineWidth: 2,
      priceLineVisible: false,
      lastValueVisible: true,
      priceFormat: { type: "price", precision: 0, minMove: 1 },
    });
    chart.current = c;
    return () => {
      c.remove();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (!bars.current || !line.current) return;
    const t = (d: PnlDay) => Math.floor(d.at / 1000) as UTCTimestamp;
    bars.current.setData(
      days.map((d) => ({ time: t(d), value: d.realizedPnlUsd, color: d.realizedPnlUsd >= 0 ? UP : DOWN })),
    );
    line.current.setData(days.map((d) => ({ time: t(d), value: d.cumulativeUsd })));
    chart.current?.timeScale().fitContent();
  }, [days]);

  return <div ref={el} className="h-full w-full" data-testid="pnl-chart" data-points={tradingDays} />;
}
