import { describe, expect, it } from "vitest";
import { INTERVAL_SECONDS, OHLCV_INTERVALS } from "@/lib/api";
import {
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

  it("defaults young tokens to short candles", () => {
    expect(defaultInterval(60_000)).toBe("1s");
    expect(defaultInterval(2 * 3600_000)).toBe("1m");
    // Past 30 minutes no default is sub-minute (second buckets are kept for 30 minutes).
    for (let m = 30; m < 10_000; m += 7) expect(INTERVAL_SECONDS[defaultInterval(m * 60_000)]).toBeGreaterThanOrEqual(60);
    expect(defaultInterval(86400_000)).toBe("1m");
    expect(defaultInterval(30 * 86400_000)).toBe("5m");
    expect(defaultInterval(null)).toBe("5m");
  });
});
