import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INTERVAL_SECONDS, OHLCV_INTERVALS } from "@/lib/api";
import {
  bucketStart,
  coarserIntervals,
  defaultInterval,
  intervalLabel,
  MORE_INTERVALS,
  PRIMARY_INTERVALS,
  parseInterval,
} from "./intervals";

describe("intervals", () => {
  it("suggests up to three longer picker intervals for an empty window", () => {
    expect(coarserIntervals("1s")).toEqual(["15s", "1m", "5m"]);
    expect(coarserIntervals("4h")).toEqual(["1d"]);
    expect(coarserIntervals("1M")).toEqual([]);
    for (const i of OHLCV_INTERVALS)
      for (const c of coarserIntervals(i)) expect(INTERVAL_SECONDS[c]).toBeGreaterThan(INTERVAL_SECONDS[i]);
  });

  it("offers all 17 intervals exactly once between the picker and the more menu", () => {
    const all = [...PRIMARY_INTERVALS, ...MORE_INTERVALS];
    expect(all).toHaveLength(17);
    expect(new Set(all)).toEqual(new Set(OHLCV_INTERVALS));
  });

  it("parses only known intervals", () => {
    expect(parseInterval("1M")).toBe("1M");
    expect(parseInterval("1m")).toBe("1m");
    expect(parseInterval("2m")).toBeNull();
    expect(parseInterval(undefined)).toBeNull();
    expect(intervalLabel("1M")).toBe("1mo");
  });

  it("starts weeks on Monday and months on the 1st (UTC)", () => {
    const wed = Date.UTC(2026, 10, 18, 13, 5) / 1000; // Wednesday 18 Nov 2026
    expect(new Date(bucketStart("1w", wed) * 1000).toISOString()).toBe("2026-11-16T00:00:00.000Z");
    expect(new Date(bucketStart("1M", wed) * 1000).toISOString()).toBe("2026-11-01T00:00:00.000Z");
  });

  it("puts every second inside its bucket, and buckets are idempotent", () => {
    fc.assert(
      fc.property(fc.constantFrom(...OHLCV_INTERVALS), fc.integer({ min: 0, max: 4_000_000_000 }), (i, sec) => {
        const b = bucketStart(i, sec);
        expect(b).toBeLessThanOrEqual(sec);
        expect(bucketStart(i, b)).toBe(b);
        if (i !== "1M") expect(sec - b).toBeLessThan(INTERVAL_SECONDS[i]);
        else expect(sec - b).toBeLessThan(31 * 86400);
      }),
    );
  });

  it("defaults young tokens to short candles", () => {
    expect(defaultInterval(60_000)).toBe("1s");
    expect(defaultInterval(2 * 3600_000)).toBe("15s");
    expect(defaultInterval(86400_000)).toBe("1m");
    expect(defaultInterval(30 * 86400_000)).toBe("5m");
    expect(defaultInterval(null)).toBe("5m");
  });
});
