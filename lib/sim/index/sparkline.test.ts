import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CandleSeries } from "./candle-series";
import { SPARK, type SparkTimeframe, sparkline } from "./sparkline";

// §4.13 / docs/sim.md: every timeframe has its documented number of points once the pool traded before the window,
// even right after start-up, when the fine (1 s) buckets only cover the uptime.

const NOW = Date.UTC(2026, 5, 1, 12) / 1000;

function pool() {
  return {
    s1: new CandleSeries(1, 1800, false, 1800),
    m1: new CandleSeries(60, 1500, true),
    h1: new CandleSeries(3600, 4400),
  };
}
type Pool = ReturnType<typeof pool>;
const trade = (p: Pool, sec: number, price: number, fine: boolean) => {
  const pt = { at: sec * 1000, price, volume: 1, usd: 1, isBuy: true, organic: true };
  if (fine) p.s1.addTrade(pt);
  p.m1.addTrade(pt);
  p.h1.addTrade(pt);
};

describe("sparklines", () => {
  it("fills the 30m series from minute buckets before the 1 s history begins", () => {
    const p = pool();
    const upSince = NOW - 20 * 60; // the service started 20 minutes ago: 1 s buckets exist only since then
    for (let s = NOW - 2 * 3600; s <= NOW; s += 7) trade(p, s, 1 + (s % 600) / 1000, s >= upSince);
    const line = sparkline(p, "30m", NOW);
    expect(line).toHaveLength(60);
    // Points older than the 1 s history carry minute closes; the newer ones are 30 s closes.
    const [first] = line;
    const minute = Math.floor((NOW - 59 * 30) / 60) * 60;
    const m1Close = p.m1.get("c", p.m1.countAtOrBefore(minute) - 1);
    expect(first).toBe(Number(m1Close.toPrecision(8)));
  });

  it.each(Object.keys(SPARK) as SparkTimeframe[])("gives %s its full point count for any uptime", (tf) => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 * 60 }), // uptime in seconds
        fc.integer({ min: 5, max: 900 }), // seconds between trades
        (uptime, every) => {
          const p = pool();
          const [, points] = SPARK[tf];
          const first = NOW - 9 * 86400; // traded long before every window
          for (let s = first; s <= NOW; s += s < NOW - 3 * 3600 ? 3600 : every) trade(p, s, 1, s >= NOW - uptime);
          expect(sparkline(p, tf, NOW)).toHaveLength(points);
        },
      ),
      { numRuns: 15 },
    );
  });

  it("starts at the pool's first trade and is empty without trades", () => {
    const p = pool();
    expect(sparkline(p, "1h", NOW)).toEqual([]);
    trade(p, NOW - 10 * 60, 2, true);
    expect(sparkline(p, "1h", NOW)).toHaveLength(11);
  });
});
