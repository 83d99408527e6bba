import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Candle } from "@/lib/api";
import { applyUpdate, findBar, legendFigures, maxStep, metricFactor, minMoveFor, scaleBar, volumePoint } from "./bars";

const bar = (time: number, open: number, close: number, volume = 1): Candle => ({
  time,
  open,
  high: Math.max(open, close) * 1.1,
  low: Math.min(open, close) * 0.9,
  close,
  volume,
});

describe("bars", () => {
  it("scales prices to market cap and leaves volume alone", () => {
    const b = bar(60, 2, 4, 7);
    expect(scaleBar(b, metricFactor("mcap", 1000))).toMatchObject({ open: 2000, close: 4000, volume: 7 });
    expect(scaleBar(b, metricFactor("price", 1000))).toBe(b);
    // unknown or zero supply never fakes a market cap of zero
    expect(metricFactor("mcap", null)).toBe(1);
    expect(metricFactor("mcap", 0)).toBe(1);
  });

  it("computes legend change and colours volume by direction", () => {
    const f = legendFigures(bar(60, 2, 3));
    expect(f.change).toBe(1);
    expect(f.changePct).toBe(50);
    expect(f.up).toBe(true);
    expect(legendFigures(bar(60, 0, 3)).changePct).toBeNull();
    expect(volumePoint(bar(60, 3, 2)).color).toContain("234");
  });

  it("finds bars by time and applies live updates only forward", () => {
    const bars = [bar(60, 1, 1), bar(120, 1, 2), bar(180, 2, 3)];
    expect(findBar(bars, 120)).toBe(1);
    expect(findBar(bars, 121)).toBe(-1);
    expect(applyUpdate(bars, bar(120, 9, 9))).toBe(false);
    expect(applyUpdate(bars, bar(180, 2, 4))).toBe(true);
    expect(bars).toHaveLength(3);
    expect(applyUpdate(bars, bar(240, 4, 5))).toBe(true);
    expect(bars.map((b) => b.time)).toEqual([60, 120, 180, 240]);
    expect(maxStep(bars)).toBe(60);
  });

  it("keeps the mirror ascending and unique under any sequence of updates", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 200 }), (times) => {
        const bars: Candle[] = [];
        for (const t of times) applyUpdate(bars, bar(t, 1, 1));
        for (let i = 1; i < bars.length; i++) expect(bars[i].time).toBeGreaterThan(bars[i - 1].time);
      }),
    );
  });

  it("picks a tick size with about four significant digits", () => {
    expect(minMoveFor(0.000005123)).toBeCloseTo(1e-10, 20);
    expect(minMoveFor(1234)).toBe(0.01);
    expect(minMoveFor(Number.NaN)).toBe(0.01);
  });
});
