import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PoolHistory } from "./events";
import {
  type HistoryInput,
  historyShape,
  POOL_VOLUME_SIGMA,
  poolHistories,
  TURNOVER_RAMP_SEC,
  tokenPath,
} from "./history";
import { Rng } from "./rng";
import { median } from "./warm-flow";

// A token's generated history: its pools share the token's busy and quiet buckets, so the chart (every pool added up)
// has its typical bucket at the sum of the pools' levels; and the past's turnover is reached only weeks back, so the
// buckets next to the live market trade at its pace.

const END = Date.UTC(2026, 5, 1, 12, 0, 0);

function histories(seed: string, levels: number[], turnover: number) {
  const rng = new Rng(seed);
  const shape = historyShape(END);
  const path = tokenPath(rng, shape.hours, shape.minutes);
  return levels.map((hourlyVolume, i) => {
    const input: HistoryInput = {
      chain: "solana",
      token: "T",
      pool: `P${i}`,
      endPrice: 1,
      end: END,
      hourlyVolume,
      turnover,
      avgTradeNative: 0.5,
      deviation: 0.0006,
      createdAt: 0,
    };
    const [hourly, minutely] = poolHistories(rng, input, path) as [PoolHistory, PoolHistory];
    return { hourly, minutely };
  });
}

/** Per-bucket sums over pools of `pick`'s series, from `fromSec` on (inclusive) to `toSec` (exclusive). */
function summed(pools: ReturnType<typeof histories>, pick: "hourly" | "minutely", fromSec: number, toSec: number) {
  const first = pools[0]?.[pick];
  return (first?.time ?? []).flatMap((time, i) =>
    time >= fromSec && time < toSec ? [pools.reduce((a, p) => a + (p[pick].volume[i] as number), 0)] : [],
  );
}

describe("established history's volume", () => {
  it("has the chart's typical minute at the sum of its pools' levels, whatever their split", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.array(fc.double({ min: 1, max: 10_000, noNaN: true }), { minLength: 1, maxLength: 4 }),
        (seed, levels) => {
          const pools = histories(seed, levels, 1);
          const endSec = Math.floor(END / 1000);
          const day = summed(pools, "minutely", endSec - 86_400, endSec);
          const level = levels.reduce((a, b) => a + b, 0) / 60;
          // The pools' own spread adds a little to the sum's median: within 1 + σ² of the level, never below 0.9.
          const ratio = median(day) / level;
          expect(ratio).toBeGreaterThan(0.9);
          expect(ratio).toBeLessThan(1.1 + POOL_VOLUME_SIGMA ** 2);
        },
      ),
      { numRuns: 25 },
    );
  });

  it("reaches the past's turnover only weeks back: the last day trades at the level", () => {
    const endSec = Math.floor(END / 1000);
    const busierPast = histories("turnover", [600, 300], 1.25);
    const same = histories("turnover", [600, 300], 1);
    const lastDay = (h: typeof same) => median(summed(h, "minutely", endSec - 86_400, endSec));
    const monthsAgo = (h: typeof same) => median(summed(h, "hourly", 0, endSec - 2 * TURNOVER_RAMP_SEC));
    // Same draws, so the ratios are the turnover's factor alone: ≤ 1.25^(1/7) over the last day, 1.25 weeks back.
    expect(lastDay(busierPast) / lastDay(same)).toBeLessThanOrEqual(1.25 ** (86_400 / TURNOVER_RAMP_SEC) + 1e-9);
    expect(lastDay(busierPast) / lastDay(same)).toBeGreaterThanOrEqual(1);
    expect(monthsAgo(busierPast) / monthsAgo(same)).toBeCloseTo(1.25, 6);
  });
});
