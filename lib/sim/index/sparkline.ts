import { INTERVAL_SECONDS, type OhlcvInterval } from "@/lib/api";
import { bucketStart } from "@/lib/api/candle-buckets";
import { queryCandles } from "./candle-query";
import type { CandleSeries } from "./candle-series";

// §4.13 sparklines: `points` closes at even spacing over the timeframe, carried forward from the pool's first trade.
// Fine buckets only reach back as far as they are kept (1 s ones: since start-up, at most 30 min), so a point the
// finest series cannot give is filled from the next coarser one (1 m, then 1 h) instead of being left out.

export type SparkTimeframe = "1m" | "5m" | "30m" | "1h" | "24h" | "7d";

/** Point spacing and count per timeframe (docs/sim.md). */
export const SPARK: Record<SparkTimeframe, [OhlcvInterval, number]> = {
  "1m": ["1s", 60],
  "5m": ["5s", 60],
  "30m": ["30s", 60],
  "1h": ["1m", 60],
  "24h": ["30m", 48],
  "7d": ["4h", 42],
};

export interface SparkSeries {
  s1: CandleSeries;
  m1: CandleSeries;
  h1: CandleSeries;
}

/** The series a timeframe is built from, then the coarser ones that fill in before it. */
function layers(p: SparkSeries, interval: OhlcvInterval): { fine: CandleSeries; coarser: CandleSeries[] } {
  const step = INTERVAL_SECONDS[interval];
  if (step < 60) return { fine: p.s1, coarser: [p.m1, p.h1] };
  if (step < 3600) return { fine: p.m1, coarser: [p.h1] };
  return { fine: p.h1, coarser: [] };
}

export function sparkline(p: SparkSeries, timeframe: SparkTimeframe, nowSec: number): number[] {
  const [interval, points] = SPARK[timeframe];
  const step = INTERVAL_SECONDS[interval];
  const end = bucketStart(interval, nowSec);
  const { fine, coarser } = layers(p, interval);
  const candles = queryCandles([{ series: fine }], interval, { endTime: nowSec, limit: points + 1 }).candles;
  const out: number[] = [];
  for (let t = end - (points - 1) * step; t <= end; t += step) {
    // Fine candles are aligned with the points: the latest at or before t closes by the end of point t.
    const c = latestAtOrBefore(candles, t)?.close ?? coarseClose(coarser, (t + step) * 1000);
    if (c !== undefined) out.push(Number(c.toPrecision(8)));
  }
  return out;
}

/** The price as of `endMs` read from coarser buckets, finest first; undefined before the pool's first trade. */
function coarseClose(series: CandleSeries[], endMs: number): number | undefined {
  for (const s of series) {
    const n = s.countAtOrBefore(Math.ceil(endMs / 1000) - 1); // buckets that started before endMs
    if (n === 0) continue;
    const k = n - 1;
    // A bucket whose last trade is before endMs closes at its close; one still trading after it is known only
    // from its first trade; one that had not traded yet leaves the previous bucket's close.
    if (s.get("la", k) < endMs) return s.get("c", k);
    if (s.get("fa", k) < endMs) return s.get("o", k);
    if (k > 0) return s.get("c", k - 1);
    if (!Number.isNaN(s.baseClose)) return s.baseClose;
  }
  return undefined;
}

function latestAtOrBefore(candles: { time: number; close: number }[], t: number) {
  let lo = 0;
  let hi = candles.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((candles[mid] as { time: number }).time <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? candles[lo - 1] : undefined;
}
