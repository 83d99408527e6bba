"use client";

import {
  type CandlestickData,
  CandlestickSeries,
  type ChartOptions,
  createChartEx,
  createSeriesMarkers,
  type DeepPartial,
  type HistogramData,
  HistogramSeries,
  type IChartApiBase,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type LogicalRange,
  type Time,
  type UTCTimestamp,
} from "lightweight-charts";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { Candle } from "@/lib/api/core";
import { type BarOp, type CandleStream, type CandleStreamInput, useCandleStream } from "@/lib/client/stream/hooks";
import { applyUpdate, type ChartMetric, findBar, metricFactor, scaleBar, volumePoint } from "./bars";
import { priceFormatFor } from "./chart-format";
import { CANDLE_OPTIONS, CHART_OPTIONS } from "./chart-theme";
import { showsSeconds } from "./intervals";
import type { LegendStore } from "./legend-store";
import type { TradeMarker } from "./markers";
import { createPaintThrottle, type PaintThrottle } from "./paint-throttle";
import { edgeSafeTickFormatter, labelMeasurer, PositionedTickLabels } from "./time-axis";

// The candle chart: created once per mount, fed in place from the stream's bar ops (setData / update), never
// re-rendered by React on a tick. History pages in as the user pans left.

export interface CandleChartProps {
  input: CandleStreamInput;
  metric: ChartMetric;
  supply: number | null;
  /** Multiplier from the candles' quote to the one drawn (USD on EVM: the native coin's USD price), else 1. */
  quoteRate?: number;
  markers: readonly TradeMarker[];
  legend: LegendStore;
  onStatus?: (s: ChartStatus) => void;
}

/** What the panel around the chart shows: the stream's state, and whether any bar is drawn at all. */
export type ChartStatus = Omit<CandleStream, "fetchOlder"> & { empty: boolean };

/** Bars visible right after a (re)load: recent history, not the whole page squeezed. */
const INITIAL_BARS = 140;
/** Empty slots right of the newest bar after a landing. */
const RIGHT_SLOTS = 6;
/** …but never fewer slots than this (a handful of bars would otherwise be drawn absurdly wide). */
const MIN_SLOTS = 40;
/** The forming candle repaints at most this often under a storm of ticks (the pane redraws whole on each update). */
const TICK_PAINT_MS = 100;
/** Load older history when fewer than this many bars remain left of the view. */
const PAGE_AHEAD_BARS = 20;

interface ChartParts {
  chart: IChartApiBase<Time>;
  candles: ISeriesApi<"Candlestick">;
  volume: ISeriesApi<"Histogram">;
  markers: ISeriesMarkersPluginApi<Time>;
}

// A candle's time is already UTC seconds: the chart takes the same objects (no copy per bar; they are never mutated,
// the mirror replaces a bar rather than changing it).
const point = (c: Candle) => c as unknown as CandlestickData<UTCTimestamp>;
const volPoint = (c: Candle) => volumePoint(c) as unknown as HistogramData<UTCTimestamp>;

export default function CandleChart({
  input,
  metric,
  supply,
  quoteRate = 1,
  markers,
  legend,
  onStatus,
}: CandleChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const parts = useRef<ChartParts | null>(null);
  const bars = useRef<Candle[]>([]);
  const k = useRef(metricFactor(metric, supply) * quoteRate);
  const metricRef = useRef(metric);
  const minMove = useRef(0);
  const fitPending = useRef(true);
  const markersRef = useRef(markers);
  const older = useRef({ hasOlder: false, busy: false, fetchOlder: () => {} });
  /** Bars in view after the last landing, and the trader's own span once they zoomed away from it. */
  const landedSpan = useRef<number | null>(null);
  const userSpan = useRef<number | null>(null);
  const [empty, setEmpty] = useState(true);

  const applyFormat = (sample: number) => {
    const p = parts.current;
    if (!p || !Number.isFinite(sample)) return;
    const f = priceFormatFor(metricRef.current, sample);
    if (f.minMove === minMove.current) return;
    minMove.current = f.minMove;
    p.candles.applyOptions({ priceFormat: f });
  };

  const applyMarkers = () => {
    const p = parts.current;
    if (!p) return;
    const oldest = bars.current[0]?.time;
    const shown = oldest === undefined ? [] : markersRef.current.filter((m) => m.time >= oldest);
    p.markers.setMarkers(shown.map((m) => ({ ...m, time: m.time as UTCTimestamp })));
    if (boxRef.current) boxRef.current.dataset.markers = String(shown.length);
  };

  const writeDataset = () => {
    const box = boxRef.current;
    const b = bars.current;
    if (!box) return;
    box.dataset.bars = String(b.length);
    box.dataset.firstTime = String(b[0]?.time ?? "");
    box.dataset.lastTime = String(b[b.length - 1]?.time ?? "");
    box.dataset.lastClose = String(b[b.length - 1]?.close ?? "");
    box.dataset.lastHigh = String(b[b.length - 1]?.high ?? "");
    box.dataset.lastLow = String(b[b.length - 1]?.low ?? "");
    box.dataset.lastVolume = String(b[b.length - 1]?.volume ?? "");
    writeView(parts.current?.chart.timeScale().getVisibleLogicalRange() ?? null);
  };

  // The bars at the view's edges (the e2e tests read where the view landed).
  const writeView = (range: LogicalRange | null) => {
    const box = boxRef.current;
    const b = bars.current;
    if (!box) return;
    const edge = (x: number) => b[Math.min(b.length - 1, Math.max(0, x))]?.time ?? "";
    box.dataset.viewFirstTime = String(range && b.length ? edge(Math.ceil(range.from)) : "");
    box.dataset.viewLastTime = String(range && b.length ? edge(Math.floor(range.to)) : "");
  };

  const writeViewRef = useRef(writeView);
  writeViewRef.current = writeView;

  /**
   * The latest candle at the right edge, `span` bars in view (recent history at a readable width by default). Set as
   * a right offset and a bar spacing, not a logical range: the chart applies a range on its next frame, by index, so
   * cached older pages prepended before then would land it a page too far back; an offset from the newest bar holds.
   */
  const land = (p: ChartParts) => {
    const n = bars.current.length;
    const span = userSpan.current ?? INITIAL_BARS;
    // a young token's few bars fill the pane instead of hugging the right
    const from = Math.min(n - MIN_SLOTS, Math.max(-10, n - span));
    const slots = n + RIGHT_SLOTS - from;
    const ts = p.chart.timeScale();
    const width = ts.width() || (boxRef.current?.clientWidth ?? 0) * 0.92;
    if (width > 0) ts.applyOptions({ barSpacing: width / slots });
    ts.scrollToPosition(RIGHT_SLOTS, false);
    landedSpan.current = slots;
  };

  const redraw = () => {
    const p = parts.current;
    if (!p) return;
    const s = k.current;
    p.candles.setData(bars.current.map((c) => point(scaleBar(c, s))));
    p.volume.setData(bars.current.map(volPoint));
  };

  /**
   * The price axis is as wide as its widest label, and a live price whose label is a digit shorter or longer (0.0₄4519
   * against 0.0₄452) moved it by a few pixels: every canvas of the chart was resized and redrawn in full, one of the
   * longest tasks of a token page's load on a phone. The axis now keeps the widest it has been for this series and
   * scale (`minimumWidth`), so a label only ever widens it once.
   */
  const axisWidth = useRef(0);
  const holdAxisWidth = (p: ChartParts) => {
    const scale = p.chart.priceScale("right");
    const w = scale.width();
    if (w <= axisWidth.current) return;
    axisWidth.current = w;
    scale.applyOptions({ minimumWidth: w });
  };
  const releaseAxisWidth = (p: ChartParts) => {
    if (axisWidth.current === 0) return;
    axisWidth.current = 0;
    p.chart.priceScale("right").applyOptions({ minimumWidth: 0 });
  };

  const afterChange = () => {
    const b = bars.current;
    setEmpty(b.length === 0);
    legend.setLast(b[b.length - 1] ?? null);
    if (b.length) applyFormat(b[b.length - 1].close * k.current);
    if (parts.current) holdAxisWidth(parts.current);
    writeDataset();
  };

  // Live ticks land in the mirror at once; the series is brought up to date at most every TICK_PAINT_MS.
  const dirtyFrom = useRef<number | null>(null);
  const paintTicks = () => {
    const p = parts.current;
    const from = dirtyFrom.current;
    dirtyFrom.current = null;
    if (!p || from === null) return;
    const b = bars.current;
    for (let i = Math.max(0, from); i < b.length; i++) {
      p.candles.update(point(scaleBar(b[i], k.current)));
      p.volume.update(volPoint(b[i]));
    }
    afterChange();
  };
  const throttle = useRef<PaintThrottle | null>(null);
  const paintRef = useRef(paintTicks);
  paintRef.current = paintTicks;

  const onBars = (ops: BarOp[]) => {
    const p = parts.current;
    if (!p) return;
    let full = false;
    for (const op of ops) {
      if (op.type === "reset") {
        // A zoom the trader chose (a span other than the one landed on) is kept for the next series.
        const r = p.chart.timeScale().getVisibleLogicalRange();
        if (r && landedSpan.current !== null && Math.abs(r.to - r.from - landedSpan.current) > 1)
          userSpan.current = r.to - r.from;
        bars.current = [];
        p.candles.setData([]);
        p.volume.setData([]);
        releaseAxisWidth(p);
        fitPending.current = true;
        legend.setHover(null);
        full = true;
      } else if (op.type === "setData") {
        bars.current = op.bars.slice();
        redraw();
        applyMarkers();
        full = true;
        // Older bars prepended later keep the same bars in view (the chart shifts its range with them).
        if (fitPending.current && bars.current.length > 0) {
          fitPending.current = false;
          land(p);
        }
      } else {
        const before = bars.current.length;
        if (applyUpdate(bars.current, op.bar)) {
          const i = bars.current.length > before ? before : before - 1;
          dirtyFrom.current = dirtyFrom.current === null ? i : Math.min(dirtyFrom.current, i);
        }
      }
    }
    if (full) {
      // A full redraw already shows every tick.
      throttle.current?.cancel();
      dirtyFrom.current = null;
      afterChange();
    } else if (dirtyFrom.current !== null) throttle.current?.request();
  };

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    // Tick labels cut at the pane's edges are left blank (time-axis.ts); the chart still pans past its first and last
    // bars. Bold is the widest a label is drawn.
    let created: IChartApiBase<Time> | null = null;
    const { fontSize, fontFamily } = CHART_OPTIONS.layout ?? {};
    const tickMarkFormatter = edgeSafeTickFormatter(() => created, labelMeasurer(`bold ${fontSize}px ${fontFamily}`));
    const options: DeepPartial<ChartOptions> = {
      ...CHART_OPTIONS,
      timeScale: { ...CHART_OPTIONS.timeScale, tickMarkFormatter },
    };
    const chart = createChartEx<Time, PositionedTickLabels>(box, new PositionedTickLabels(), options);
    created = chart;
    const candles = chart.addSeries(CandlestickSeries, CANDLE_OPTIONS);
    const volume = chart.addSeries(HistogramSeries, {
      priceScaleId: "",
      priceFormat: { type: "volume" },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    parts.current = { chart, candles, volume, markers: createSeriesMarkers(candles, []) };
    const ticks = createPaintThrottle(() => paintRef.current(), TICK_PAINT_MS);
    throttle.current = ticks;
    minMove.current = 0;

    chart.subscribeCrosshairMove((param) => {
      if (param.time === undefined || !param.point) return legend.setHover(null);
      const i = findBar(bars.current, param.time as number);
      legend.setHover(i >= 0 ? bars.current[i] : null);
    });
    const onRange = (range: LogicalRange | null) => {
      writeViewRef.current(range);
      const o = older.current;
      if (range && range.from < PAGE_AHEAD_BARS && o.hasOlder && !o.busy) {
        o.busy = true;
        o.fetchOlder();
      }
    };
    chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);
    return () => {
      ticks.cancel();
      throttle.current = null;
      parts.current = null;
      chart.remove();
    };
  }, [legend]);

  const stream = useCandleStream(input, onBars);
  const { hasOlder, isFetchingOlder, isLoading, error, retry, subscriptionError, liveness, fetchOlder } = stream;
  useEffect(() => {
    older.current = { hasOlder, busy: isFetchingOlder, fetchOlder };
    if (boxRef.current) boxRef.current.dataset.hasOlder = String(hasOlder);
    // A short first page leaves the view at the left edge: keep paging while it does.
    const range = parts.current?.chart.timeScale().getVisibleLogicalRange();
    if (!isFetchingOlder && hasOlder && range && range.from < PAGE_AHEAD_BARS && bars.current.length > 0) {
      older.current.busy = true;
      fetchOlder();
    }
  }, [hasOlder, isFetchingOlder, fetchOlder]);

  useEffect(() => {
    onStatus?.({ hasOlder, isFetchingOlder, isLoading, error, retry, subscriptionError, liveness, empty });
  }, [onStatus, hasOlder, isFetchingOlder, isLoading, error, retry, subscriptionError, liveness, empty]);

  useEffect(() => {
    parts.current?.chart.applyOptions({ timeScale: { secondsVisible: showsSeconds(input.interval) } });
  }, [input.interval]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: redraw and applyFormat read refs only
  useEffect(() => {
    const next = metricFactor(metric, supply) * quoteRate;
    if (next === k.current && metric === metricRef.current) return;
    k.current = next;
    metricRef.current = metric;
    minMove.current = 0;
    if (parts.current) releaseAxisWidth(parts.current);
    throttle.current?.cancel();
    dirtyFrom.current = null;
    redraw();
    const b = bars.current;
    if (b.length) applyFormat(b[b.length - 1].close * next);
  }, [metric, supply, quoteRate]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: applyMarkers reads refs only
  useEffect(() => {
    markersRef.current = markers;
    applyMarkers();
  }, [markers]);

  return <div ref={boxRef} data-testid="candle-chart" className="absolute inset-0" />;
}
