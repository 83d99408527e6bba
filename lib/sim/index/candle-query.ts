import { type Candle, INTERVAL_SECONDS, type OhlcvInterval } from "@/lib/api";
import { bucketStart } from "@/lib/api/candle-buckets";
import { sourceStep } from "./buckets";
import type { Bucket, CandleSeries } from "./candle-series";
import { round } from "./records";

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

/**
 * A trade's candle price, kept within `band` (a fraction, sized by wick-band.ts) of the token's pricing-pool price
 * before and after it: a move of the deep pool itself is never clamped.
 */
export function clampPrice(price: number, refBefore: number, refAfter: number, band: number): number {
  if (!(refBefore > 0) || !(refAfter > 0)) return price;
  const lo = Math.min(refBefore, refAfter) / (1 + band);
  const hi = Math.max(refBefore, refAfter) * (1 + band);
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
    // Source buckets inside interval buckets that start at or before `end` (endTime is inclusive of bucket starts).
    const from =
      s.countAtOrBefore(Number.isFinite(end) ? bucketEndExclusive(interval, end) - 1 : Number.MAX_SAFE_INTEGER) - 1;
    for (const b of rollDown(s, from, interval, end, want)) fold(b.time, b);
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
    // 10 significant digits: smaller JSON, and equal inputs still give equal outputs (connecting is exact).
    return {
      time: b.time,
      open: round(b.open * f),
      high: round(b.high * f),
      low: round(b.low * f),
      close: round(b.close * f),
      volume: round(b.volume * f),
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

/**
 * Walks a series newest to oldest from logical index `from`, folding source buckets into interval buckets
 * (at most `want` of them). Reads columns directly; one object per interval bucket.
 */
function rollDown(s: CandleSeries, from: number, interval: OhlcvInterval, end: number, want: number): Bucket[] {
  const out: Bucket[] = [];
  const t = s.col("t");
  const o = s.col("o");
  const h = s.col("h");
  const l = s.col("l");
  const c = s.col("c");
  const v = s.col("v");
  const fa = s.col("fa");
  const la = s.col("la");
  let cur: Bucket | null = null;
  for (let i = from; i >= 0; i--) {
    const k = s.slotOf(i);
    const time = t[k] as number;
    if (cur === null || time < cur.time) {
      const start = bucketStart(interval, time);
      if (start > end) continue;
      if (out.length === want) break;
      cur = {
        time: start,
        open: o[k] as number,
        high: h[k] as number,
        low: l[k] as number,
        close: c[k] as number,
        volume: v[k] as number,
        firstAt: fa[k] as number,
        lastAt: la[k] as number,
      };
      out.push(cur);
      continue;
    }
    // An older source bucket of the same interval bucket: it opened earlier.
    if ((fa[k] as number) < cur.firstAt) {
      cur.open = o[k] as number;
      cur.firstAt = fa[k] as number;
    }
    if ((h[k] as number) > cur.high) cur.high = h[k] as number;
    if ((l[k] as number) < cur.low) cur.low = l[k] as number;
    cur.volume += v[k] as number;
  }
  return out;
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
