import type { Candle } from "@/lib/api/core";

// Pure helpers between the service's candles and what the chart draws: price or market-cap scale, volume colours,
// the legend's figures.

export type ChartMetric = "price" | "mcap";

export const UP = "#16c784";
export const DOWN = "#ea3943";
const UP_VOLUME = "rgba(22, 199, 132, 0.35)";
const DOWN_VOLUME = "rgba(234, 57, 67, 0.35)";

/** Multiplier from a price to what is drawn: 1 for price, the supply for market cap (mcap = price × supply). */
export function metricFactor(metric: ChartMetric, supply: number | null): number {
  if (metric === "price") return 1;
  return supply !== null && Number.isFinite(supply) && supply > 0 ? supply : 1;
}

export function scaleBar(c: Candle, k: number): Candle {
  if (k === 1) return c;
  return { time: c.time, open: c.open * k, high: c.high * k, low: c.low * k, close: c.close * k, volume: c.volume };
}

export function volumePoint(c: Candle): { time: number; value: number; color: string } {
  return { time: c.time, value: c.volume, color: c.close >= c.open ? UP_VOLUME : DOWN_VOLUME };
}

export interface LegendFigures extends Candle {
  /** close − open of this bar. */
  change: number;
  /** Percent change of this bar (close vs open); null when open is 0. */
  changePct: number | null;
  up: boolean;
}

export function legendFigures(bar: Candle, k = 1): LegendFigures {
  const b = scaleBar(bar, k);
  const change = b.close - b.open;
  return {
    time: b.time,
    open: b.open,
    high: b.high,
    low: b.low,
    close: b.close,
    volume: b.volume,
    change,
    changePct: b.open !== 0 ? (change / b.open) * 100 : null,
    up: change >= 0,
  };
}

/** Index of the bar at `time` in ascending bars, or -1 (binary search). */
export function findBar(bars: readonly Candle[], time: number): number {
  let lo = 0;
  let hi = bars.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const t = bars[mid].time;
    if (t === time) return mid;
    if (t < time) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Applies one live bar to an ascending mirror in place: replaces the newest or appends; older bars are ignored. */
export function applyUpdate(bars: Candle[], bar: Candle): boolean {
  const last = bars[bars.length - 1];
  if (last && bar.time < last.time) return false;
  if (last && bar.time === last.time) bars[bars.length - 1] = bar;
  else bars.push(bar);
  return true;
}

/** Largest step between neighbouring bars (s), for diagnostics: 0 with fewer than two bars. */
export function maxStep(bars: readonly Candle[]): number {
  let m = 0;
  for (let i = 1; i < bars.length; i++) m = Math.max(m, bars[i].time - bars[i - 1].time);
  return m;
}

/** A tick size that keeps ~4 significant digits of the price on the axis. */
export function minMoveFor(price: number): number {
  if (!Number.isFinite(price) || price <= 0) return 0.01;
  const exp = Math.floor(Math.log10(price)) - 4;
  return Math.min(0.01, Math.max(1e-18, 10 ** exp));
}
