import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CandleSeries } from "./candle-series";

// The per-pool bucket ring: bounded, ordered, late trades land in their bucket, evicted closes keep connecting.

const pt = (at: number, price: number) => ({ at, price, volume: 1, usd: 1, isBuy: true, organic: true });

describe("CandleSeries", () => {
  it("never holds more than maxCap buckets and keeps them ordered", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5000 }), { maxLength: 400 }),
        fc.integer({ min: 1, max: 50 }),
        (secs, cap) => {
          const s = new CandleSeries(1, cap);
          for (const x of [...secs].sort((a, b) => a - b)) s.addTrade(pt(1e12 + x * 1000, 1));
          expect(s.len).toBeLessThanOrEqual(cap);
          for (let i = 1; i < s.len; i++) expect(s.time(i)).toBeGreaterThan(s.time(i - 1));
          const distinct = new Set(secs).size;
          expect(s.len).toBe(Math.min(cap, distinct));
        },
      ),
    );
  });

  it("puts late trades into their own bucket, in order", () => {
    const s = new CandleSeries(60, 100);
    const base = 1.2e12; // minute aligned
    s.addTrade(pt(base + 120_000, 1));
    s.addTrade(pt(base + 600_000, 2));
    s.addTrade(pt(base + 300_000, 3));
    s.addTrade(pt(base + 130_000, 0.5));
    expect(Array.from({ length: s.len }, (_, i) => s.time(i))).toEqual([1.2e9 + 120, 1.2e9 + 300, 1.2e9 + 600]);
    const b = s.bucket(0);
    expect([b.open, b.high, b.low, b.close, b.volume]).toEqual([1, 1, 0.5, 0.5, 2]);
  });

  it("drops buckets past maxAge and remembers the last dropped close", () => {
    const s = new CandleSeries(1, 1000, false, 60);
    s.addTrade(pt(1e12, 7));
    s.addTrade(pt(1e12 + 30_000, 8));
    s.addTrade(pt(1e12 + 90_000, 9));
    expect(s.len).toBe(2);
    expect(s.baseClose).toBe(7);
  });

  it("expires old buckets of a quiet series and gives back its storage", () => {
    const s = new CandleSeries(1, 10_000, false, 60);
    for (let i = 0; i < 2000; i++) s.addTrade(pt(1e12 + i * 1000, i));
    expect(s.len).toBeLessThanOrEqual(61);
    s.expire(1e9 + 2000 + 3600);
    expect(s.len).toBe(0);
    expect(s.baseClose).toBe(1999);
    expect(s.bytes()).toBeLessThanOrEqual(64 * 8 * 8);
  });

  it("grows storage on demand", () => {
    const s = new CandleSeries(1, 10_000);
    const small = s.bytes();
    for (let i = 0; i < 5000; i++) s.addTrade(pt(1e12 + i * 1000, i));
    expect(s.bytes()).toBeGreaterThan(small);
    expect(s.bytes()).toBeLessThanOrEqual(10_000 * 8 * 8);
    expect(s.get("c", 4999)).toBe(4999);
  });
});
