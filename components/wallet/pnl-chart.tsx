"use client";

import { type KeyboardEvent, type PointerEvent, useEffect, useMemo, useRef, useState } from "react";
import { DOWN, UP } from "@/components/chart/bars";
import { DIRECTION_CLASS } from "@/components/ui/direction";
import { formatDate, formatSignedUsd, formatUsd } from "@/lib/format";
import { signDirection } from "@/lib/format/percent";
import {
  barRects,
  barsPath,
  boundedDays,
  chartValues,
  dayAt,
  dayCenter,
  hLines,
  linePath,
  xLabels,
  xLayout,
  yScale,
} from "./pnl-chart-geometry";
import type { PnlDay } from "./pnl-days";

// Bars in the candle chart's colours; the running total and the crosshair in the theme's accent and muted.
const GRID = "#1a2029";
const ZERO = "#2c3441";
/** viewBox units: 1000 across (stretched to the plot's width), and the plot's height in pixels (h-44 less the date row). */
const VB_W = 1000;
const VB_H = 160;
/** The plot's width on a 390 px phone (350 px less the 56 px price axis): the server's guess, for the date labels only. */
const GUESS_W = 294;
/** A price label within this many pixels of the running total's label would sit under it. */
const LABEL_CLEAR = 14;

const pct = (v: number, of: number) => `${Math.round((v / of) * 1e5) / 1e3}%`;

/**
 * Daily realized PnL bars and the running total, drawn as SVG on the server. Everything is placed in shares of the
 * box (a stretched viewBox, labels at left/top percentages), so the server's HTML is already the final chart and
 * nothing moves when it hydrates; the measured width only decides how many date labels fit.
 * `tradingDays` (days with realized PnL) is exposed for tests; `days` holds every day of the period.
 */
export function PnlChart({ days: all, tradingDays }: { days: PnlDay[]; tradingDays: number }) {
  const plot = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  /** The highlighted day, and whether the keyboard chose it (only that is announced: hovering would chatter). */
  const [active, setActive] = useState<{ i: number; key: boolean } | null>(null);
  const days = useMemo(() => boundedDays(all), [all]);
  const n = days.length;

  const g = useMemo(() => {
    const l = xLayout(days.length, VB_W);
    const s = yScale(chartValues(days), VB_H);
    const bars = barRects(days, l, s);
    return {
      l,
      s,
      up: barsPath(bars.filter((b) => b.up)),
      down: barsPath(bars.filter((b) => !b.up)),
      line: linePath(days, l, s),
      last: days.findLast((d) => Number.isFinite(d.cumulativeUsd))?.cumulativeUsd,
    };
  }, [days]);
  const labels = useMemo(() => xLabels(days, width ?? GUESS_W), [days, width]);

  useEffect(() => {
    const el = plot.current;
    if (!el) return;
    const ro = new ResizeObserver(([e]) => setWidth(Math.round(e.contentRect.width)));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // A new period can be shorter than the highlighted index.
  const day = active && active.i < n ? days[active.i] : undefined;
  const lastY = g.last === undefined ? null : g.s.y(g.last);

  const pick = (e: PointerEvent<HTMLDivElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    const i = r.width > 0 ? dayAt(g.l, ((e.clientX - r.left) / r.width) * VB_W) : null;
    if (i !== null && (active?.i !== i || active.key)) setActive({ i, key: false });
  };

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    // From no highlight, an arrow starts at the latest day, where a reader of PnL looks first.
    const i = day ? active?.i : undefined;
    const next: Record<string, number | null> = {
      ArrowLeft: i === undefined ? n - 1 : Math.max(0, i - 1),
      ArrowRight: i === undefined ? n - 1 : Math.min(n - 1, i + 1),
      Home: 0,
      End: n - 1,
      Escape: null,
    };
    if (!(e.key in next) || n === 0 || (e.key === "Escape" && !day)) return;
    e.preventDefault();
    const to = next[e.key];
    setActive(to === null ? null : { i: to, key: true });
  };

  const total = g.last === undefined ? "" : `, total ${formatSignedUsd(g.last)}`;
  const summary = `Realized PnL by day, ${n} ${n === 1 ? "day" : "days"}${total}`;
  const dayText = day
    ? `${formatDate(day.at)}: realized ${formatSignedUsd(day.realizedPnlUsd)}, running total ${formatSignedUsd(day.cumulativeUsd)}`
    : "";
  const x = active && day ? dayCenter(g.l, active.i) : 0;

  return (
    // A focusable group, not role="img": the chart answers keys, and an image's children are hidden from readers.
    // biome-ignore lint/a11y/useSemanticElements: a <fieldset> groups form controls; this groups a chart's parts
    <div
      role="group"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: Left/Right step through the days, so the chart takes focus
      tabIndex={0}
      aria-label={summary}
      aria-keyshortcuts="ArrowLeft ArrowRight Home End Escape"
      data-testid="pnl-chart"
      data-points={tradingDays}
      onKeyDown={onKey}
      onBlur={() => setActive(null)}
      className="relative grid h-full w-full select-none grid-cols-[1fr_3.5rem] grid-rows-[1fr_1rem] text-mini text-muted"
    >
      <div
        ref={plot}
        aria-hidden="true"
        className="relative touch-pan-y"
        onPointerDown={pick}
        onPointerMove={pick}
        onPointerLeave={(e) => {
          // A finger lifting also "leaves": a tapped day stays until the chart loses focus.
          if (e.pointerType === "mouse") setActive(null);
        }}
      >
        <svg
          aria-hidden="true"
          viewBox={`0 0 ${VB_W} ${VB_H}`}
          preserveAspectRatio="none"
          className="absolute inset-0 h-full w-full overflow-visible"
        >
          <path
            d={hLines(g.s.ticks.map(g.s.y), VB_W)}
            stroke={GRID}
            vectorEffect="non-scaling-stroke"
            shapeRendering="crispEdges"
          />
          <path
            d={hLines([g.s.y(0)], VB_W)}
            stroke={ZERO}
            vectorEffect="non-scaling-stroke"
            shapeRendering="crispEdges"
          />
          <path d={g.up} fill={UP} />
          <path d={g.down} fill={DOWN} />
          {day ? (
            <path
              d={`M${x} 0V${VB_H}`}
              className="stroke-muted"
              strokeOpacity={0.6}
              vectorEffect="non-scaling-stroke"
            />
          ) : null}
          <path
            d={g.line}
            fill="none"
            className="stroke-accent"
            strokeWidth={1.5}
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
        {day ? (
          <>
            {Number.isFinite(day.cumulativeUsd) ? (
              <span
                className="absolute size-1.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-accent"
                style={{ left: pct(x, VB_W), top: pct(g.s.y(day.cumulativeUsd), VB_H) }}
              />
            ) : null}
            <div
              className="pointer-events-none absolute top-1 z-10 whitespace-nowrap rounded border border-border bg-panel-raised px-2 py-1 text-fg shadow-lg"
              style={
                x > VB_W / 2 ? { right: `calc(${pct(VB_W - x, VB_W)} + 8px)` } : { left: `calc(${pct(x, VB_W)} + 8px)` }
              }
            >
              <div className="num text-muted">{formatDate(day.at)}</div>
              <div className="num">
                PnL{" "}
                <span className={DIRECTION_CLASS[signDirection(day.realizedPnlUsd)]}>
                  {formatSignedUsd(day.realizedPnlUsd)}
                </span>
              </div>
              <div className="num">Total {formatSignedUsd(day.cumulativeUsd)}</div>
            </div>
          </>
        ) : null}
      </div>
      <div aria-hidden="true" className="relative">
        {g.s.ticks.map((t) =>
          lastY !== null && Math.abs(g.s.y(t) - lastY) < LABEL_CLEAR ? null : (
            <span
              key={t}
              className="num absolute left-1.5 -translate-y-1/2 whitespace-nowrap leading-4"
              style={{ top: pct(g.s.y(t), VB_H) }}
            >
              {formatUsd(t)}
            </span>
          ),
        )}
        {lastY !== null ? (
          <span
            data-testid="pnl-total-label"
            className="num absolute right-0 min-w-[calc(100%-0.25rem)] -translate-y-1/2 whitespace-nowrap rounded-sm bg-accent px-0.5 font-medium leading-4 text-bg"
            style={{ top: pct(lastY, VB_H) }}
          >
            {formatUsd(g.last)}
          </span>
        ) : null}
      </div>
      <div aria-hidden="true" className="relative">
        {labels.map((lb) => (
          <span
            key={lb.i}
            className="num absolute -translate-x-1/2 whitespace-nowrap leading-4"
            style={{ left: pct(lb.at, 1) }}
          >
            {lb.text}
          </span>
        ))}
      </div>
      <p className="sr-only" aria-live="polite">
        {active?.key ? dayText : ""}
      </p>
    </div>
  );
}
