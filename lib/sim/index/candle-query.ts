import { type Candle, INTERVAL_SECONDS, type OhlcvInterval } from "@/lib/api";
import { bucketStart, sourceStep } from "./buckets";
import type { Bucket, CandleSeries } from "./candle-series";

// §4.5 candles: multi-pool aggregation (earliest open, latest close, extreme wicks, summed volume), candle
// connecting (each open is the previous close), `endTime` inclusive paging, optional per-bucket conversion.
// Wick outliers are clamped before trades reach the series (see clampPrice), so every interval agrees.

export interface CandleSource {
  series: CandleSeries;
  /** Not-yet-confirmed trades (Base preconfirmations) shown in forming candles. */
  pending?: { at: number; price: number; volume: number }[];
}

export interface CandlePage {
  candles: Candle[];
  hasMore: boolean;
}

/** Clamp band for a trade's candle price: within ±WICK_BAND of the token's pricing price before/after it. */
export const WICK_BAND = 0.25;

export function clampPrice(price: number, refBefore: number, refAfter: number): number {
  if (!(refBefore > 0) || !(refAfter > 0)) return price;
  const lo = Math.min(refBefore, refAfter) / (1 + WICK_BAND);
  const hi = Math.max(refBefore, refAfter) * (1 + WICK_BAND);
  return Math.min(hi, Math.max(lo, price));
}

export function queryCandles(
  sources: CandleSource[],
  interval: OhlcvInterval,
  opts: { endTime?: number; limit: number; convert?: (bucketSec: number) => number },
): CandlePage {
  const end = opts.endTime ?? Number.POSITIVE_INFINITY;
  const want = opts.limit + 2;
  const merged = new Map<number, Bucket>();
  const fold = (time: number, b: Bucket) => {
    const cur = merged.get(time);
    if (!cur) {
      merged.set(time, { ...b, time });
      return;
    }
    if (b.firstAt < cur.firstAt) {
      cur.open = b.open;
      cur.firstAt = b.firstAt;
    }
    if (b.lastAt >= cur.lastAt) {
      cur.close = b.close;
      cur.lastAt = b.lastAt;
    }
    if (b.high > cur.high) cur.high = b.high;
    if (b.low < cur.low) cur.low = b.low;
    cur.volume += b.volume;
  };
  for (const src of sources) {
    const s = src.series;
    if (s.step !== sourceStep(interval)) throw new Error(`series step ${s.step} cannot build ${interval}`);
    // Buckets whose interval bucket starts after `end` are excluded (endTime is inclusive of bucket starts).
    let i =
      s.countAtOrBefore(Number.isFinite(end) ? bucketEndExclusive(interval, end) - 1 : Number.MAX_SAFE_INTEGER) - 1;
    const seen = new Set<number>();
    for (; i >= 0; i--) {
      const b = s.bucket(i);
      const t = bucketStart(interval, b.time);
      if (t > end) continue;
      if (!seen.has(t)) {
        if (seen.size >= want) break;
        seen.add(t);
      }
      fold(t, b);
    }
    for (const p of src.pending ?? []) {
      const t = bucketStart(interval, Math.floor(p.at / 1000));
      if (t > end) continue;
      fold(t, {
        time: t,
        open: p.price,
        high: p.price,
        low: p.price,
        close: p.price,
        volume: p.volume,
        firstAt: p.at,
        lastAt: p.at,
      });
    }
  }
  const times = [...merged.keys()].sort((a, b) => b - a);
  const out: Candle[] = [];
  const take = Math.min(times.length, opts.limit + 1);
  const rows = times.slice(0, take).map((t) => merged.get(t) as Bucket);
  const conv = opts.convert;
  const candles = rows.map((b) => {
    const f = conv ? conv(b.time) : 1;
    return {
      time: b.time,
      open: b.open * f,
      high: b.high * f,
      low: b.low * f,
      close: b.close * f,
      volume: b.volume * f,
    };
  });
  for (let k = 0; k < Math.min(candles.length, opts.limit); k++) {
    const c = candles[k] as Candle;
    const prev = candles[k + 1];
    if (prev) {
      c.open = prev.close;
      if (c.open > c.high) c.high = c.open;
      if (c.open < c.low) c.low = c.open;
    }
    out.push(c);
  }
  out.reverse();
  return { candles: out, hasMore: times.length > opts.limit };
}

/** First second after the bucket that contains `sec`. */
export function bucketEndExclusive(interval: OhlcvInterval, sec: number): number {
  const start = bucketStart(interval, sec);
  if (interval === "1M") {
    const d = new Date(start * 1000);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 1000;
  }
  return start + INTERVAL_SECONDS[interval];
}
