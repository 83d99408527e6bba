import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Candle, OhlcvInterval } from "@/lib/api";
import { bucketStart } from "@/lib/api/candle-buckets";
import { sourceStep } from "./buckets";
import { bucketEndExclusive, clampPrice, queryCandles } from "./candle-query";
import { CandleSeries } from "./candle-series";
import { round } from "./records";

// Property tests for §4.5 candles: cross-interval consistency, connecting, clamping, paging, multi-pool merge.

const T0 = Date.UTC(2026, 0, 5); // a Monday
type Trade = { pool: number; at: number; price: number; volume: number };

function seriesFor(trades: Trade[], pools: number) {
  const mk = () => ({
    s1: new CandleSeries(1, 100_000),
    m1: new CandleSeries(60, 100_000, true),
    h1: new CandleSeries(3600, 100_000),
  });
  const out = Array.from({ length: pools }, mk);
  for (const t of trades) {
    const p = out[t.pool] as ReturnType<typeof mk>;
    const pt = { at: t.at, price: t.price, volume: t.volume, usd: t.volume, isBuy: true, organic: true };
    p.s1.addTrade(pt);
    p.m1.addTrade(pt);
    p.h1.addTrade(pt);
  }
  return out;
}

function query(
  s: ReturnType<typeof seriesFor>,
  interval: OhlcvInterval,
  opts: { endTime?: number; limit: number },
  pick?: number[],
) {
  const step = sourceStep(interval);
  const chosen = pick ? pick.map((i) => s[i] as (typeof s)[number]) : s;
  return queryCandles(
    chosen.map((p) => ({ series: step === 1 ? p.s1 : step === 60 ? p.m1 : p.h1 })),
    interval,
    opts,
  );
}

/** Random trades over `spanMs` from T0, in time order, on up to 3 pools. */
const tradesArb = (spanMs: number, max = 120) =>
  fc
    .array(
      fc.record({
        pool: fc.integer({ min: 0, max: 2 }),
        at: fc.integer({ min: 0, max: spanMs }),
        price: fc.double({ min: 0.5, max: 2, noNaN: true }),
        volume: fc.double({ min: 0.01, max: 100, noNaN: true }),
      }),
      { minLength: 1, maxLength: max },
    )
    .map((xs) => xs.map((x) => ({ ...x, at: T0 + x.at })).sort((a, b) => a.at - b.at));

function aggregate(fine: Candle[], coarse: Candle, interval: OhlcvInterval) {
  const end = bucketEndExclusive(interval, coarse.time);
  const inside = fine.filter((c) => c.time >= coarse.time && c.time < end);
  return {
    open: inside[0]?.open,
    close: inside[inside.length - 1]?.close,
    high: Math.max(...inside.map((c) => c.high)),
    low: Math.min(...inside.map((c) => c.low)),
    volume: inside.reduce((a, c) => a + c.volume, 0),
  };
}

const PAIRS: [OhlcvInterval, OhlcvInterval, number][] = [
  ["1d", "1h", 300 * 3600_000],
  ["1w", "1d", 300 * 86400_000],
  ["1M", "1d", 300 * 86400_000],
  ["4h", "1h", 300 * 3600_000],
  ["1h", "1m", 300 * 60_000],
  ["5m", "1m", 300 * 60_000],
  ["1m", "1s", 300_000],
  ["15s", "5s", 300_000],
];

describe("candles", () => {
  it.each(PAIRS)("a %s candle is the aggregation of its %s candles", (coarseI, fineI, span) => {
    fc.assert(
      fc.property(tradesArb(span), (trades) => {
        const s = seriesFor(trades, 3);
        const coarse = query(s, coarseI, { limit: 500 }).candles;
        const fine = query(s, fineI, { limit: 500 }).candles;
        expect(fine.length).toBeLessThan(500);
        for (const c of coarse) {
          const a = aggregate(fine, c, coarseI);
          expect(a.open).toBe(c.open);
          expect(a.close).toBe(c.close);
          expect(a.high).toBe(c.high);
          expect(a.low).toBe(c.low);
          expect(a.volume).toBeCloseTo(c.volume, 6);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("connects candles: each open is the previous close, wicks include the open", () => {
    fc.assert(
      fc.property(
        tradesArb(200 * 60_000),
        fc.constantFrom<OhlcvInterval>("1m", "5m", "15m", "1h"),
        (trades, interval) => {
          const c = query(seriesFor(trades, 3), interval, { limit: 500 }).candles;
          for (let i = 0; i < c.length; i++) {
            const x = c[i] as Candle;
            if (i > 0) expect(x.open).toBe((c[i - 1] as Candle).close);
            expect(x.high).toBeGreaterThanOrEqual(Math.max(x.open, x.close));
            expect(x.low).toBeLessThanOrEqual(Math.min(x.open, x.close));
            if (i > 0) expect(x.time).toBeGreaterThan((c[i - 1] as Candle).time);
            expect(x.time).toBe(bucketStart(interval, x.time));
          }
        },
      ),
      { numRuns: 80 },
    );
  });

  it("pages with endTime = oldestTime - 1 without gaps or overlaps, and pages equal the unpaged series", () => {
    fc.assert(
      fc.property(
        tradesArb(400 * 60_000, 200),
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom<OhlcvInterval>("1m", "3m", "5m"),
        (trades, limit, interval) => {
          const s = seriesFor(trades, 3);
          const all = query(s, interval, { limit: 500 }).candles;
          const paged: Candle[] = [];
          let endTime: number | undefined;
          for (let guard = 0; guard < 1000; guard++) {
            const page = query(s, interval, { limit, endTime });
            paged.unshift(...page.candles);
            if (page.candles.length) expect(page.candles.length).toBeLessThanOrEqual(limit);
            if (!page.hasMore) break;
            endTime = (page.candles[0] as Candle).time - 1;
          }
          expect(paged).toEqual(all);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("treats endTime as inclusive of the bucket starting at it", () => {
    const s = seriesFor(
      [
        { pool: 0, at: T0 + 60_000, price: 1, volume: 1 },
        { pool: 0, at: T0 + 120_000, price: 2, volume: 1 },
      ],
      1,
    );
    const t1 = T0 / 1000 + 60;
    expect(query(s, "1m", { limit: 10, endTime: t1 }).candles.map((c) => c.time)).toEqual([t1]);
    expect(query(s, "1m", { limit: 10, endTime: t1 - 1 }).candles).toEqual([]);
  });

  it("merges pools: earliest open, latest close, extreme wicks, summed volume", () => {
    fc.assert(
      fc.property(tradesArb(3_500_000, 60), (raw) => {
        // Distinct timestamps: which of two same-millisecond trades "opens" is arbitrary.
        const trades = raw.map((t, i) => ({ ...t, at: t.at + i }));
        const s = seriesFor(trades, 3);
        const merged = query(s, "1h", { limit: 10 }).candles;
        const rawTrades = trades;
        const first = rawTrades[0] as Trade;
        const last = rawTrades.reduce((a, b) => (b.at >= a.at ? b : a));
        const m = merged[merged.length - 1] as Candle;
        if (merged.length === 1) {
          expect(m.open).toBe(round(first.price));
          expect(m.close).toBe(round(last.price));
          expect(m.high).toBe(round(Math.max(...rawTrades.map((t) => t.price))));
          expect(m.low).toBe(round(Math.min(...rawTrades.map((t) => t.price))));
          expect(m.volume).toBeCloseTo(
            rawTrades.reduce((a, t) => a + t.volume, 0),
            6,
          );
        }
      }),
      { numRuns: 80 },
    );
  });

  it("clamps wick outliers into the band around the pricing price", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-12, max: 1e6, noNaN: true }),
        fc.double({ min: 0.5, max: 2, noNaN: true }),
        fc.double({ min: 1e-3, max: 1e3, noNaN: true }),
        fc.double({ min: 0.02, max: 1, noNaN: true }),
        (ref, move, ratio, band) => {
          const after = ref * move;
          const p = clampPrice(ref * ratio, ref, after, band);
          expect(p).toBeGreaterThanOrEqual((Math.min(ref, after) / (1 + band)) * (1 - 1e-12));
          expect(p).toBeLessThanOrEqual(Math.max(ref, after) * (1 + band) * (1 + 1e-12));
          // A price between the before and after references (a real move) is never touched.
          const inside = Math.min(ref, after) + Math.abs(after - ref) * 0.5;
          expect(clampPrice(inside, ref, after, band)).toBe(inside);
        },
      ),
    );
    const band = 0.02;
    const s = seriesFor(
      [
        { pool: 0, at: T0 + 1000, price: 1, volume: 1 },
        { pool: 1, at: T0 + 2000, price: clampPrice(9, 1, 1, band), volume: 1 },
        { pool: 0, at: T0 + 3000, price: 1.01, volume: 1 },
      ],
      2,
    );
    const [c] = query(s, "1m", { limit: 5 }).candles;
    expect(c?.high).toBeCloseTo(1 + band, 12);
  });

  it("starts weeks on Monday and months on the 1st", () => {
    const wed = Date.UTC(2026, 4, 13, 15) / 1000;
    expect(new Date(bucketStart("1w", wed) * 1000).toISOString()).toBe("2026-05-11T00:00:00.000Z");
    expect(new Date(bucketStart("1M", wed) * 1000).toISOString()).toBe("2026-05-01T00:00:00.000Z");
    expect(new Date(bucketEndExclusive("1M", wed) * 1000).toISOString()).toBe("2026-06-01T00:00:00.000Z");
  });

  it("converts each candle at its own bucket's rate, then connects", () => {
    const s = seriesFor(
      [
        { pool: 0, at: T0 + 1000, price: 1, volume: 1 },
        { pool: 0, at: T0 + 61_000, price: 1, volume: 2 },
      ],
      1,
    );
    const c = query(s, "1m", { limit: 5 });
    const usd = queryCandles([{ series: (s[0] as { m1: CandleSeries }).m1 }], "1m", {
      limit: 5,
      convert: (sec) => (sec === T0 / 1000 ? 100 : 200),
    }).candles;
    expect(c.candles.length).toBe(2);
    expect(usd.map((x) => [x.close, x.volume])).toEqual([
      [100, 100],
      [200, 400],
    ]);
    expect(usd[1]?.open).toBe(100);
  });
});
