import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { WarmFlow } from "./types";
import { archiveLevel, MIN_OBSERVED_MINUTES, newWarmFlow, sealWarmFlows } from "./warm-flow";

// The archive's level from the warm-up's live flow: a steady pool's median minute, a sparse pool's typical trading
// minute scaled by how often it trades, and the nominal level wherever the flow says too little.

const NOMINAL = { hourlyVolume: 600, avgTradeNative: 2 };

function flowOf(minutes: number[][]): WarmFlow {
  const f = newWarmFlow(minutes.length, minutes[0]?.length ?? 0);
  minutes.forEach((pool, i) => {
    (f.native[i] as Float64Array).set(pool);
    f.trades[i] = pool.filter((v) => v > 0).length * 3;
  });
  f.minutes = minutes[0]?.length ?? 0;
  f.sealed = true;
  return f;
}

describe("archiveLevel", () => {
  it("levels a steadily traded pool on its median minute, unmoved by one outsized minute", () => {
    const steady = Array.from({ length: 20 }, (_, i) => 10 + (i % 5));
    const spiked = [...steady];
    spiked[7] = 5_000;
    const a = archiveLevel(flowOf([steady]), 0, NOMINAL);
    const b = archiveLevel(flowOf([spiked]), 0, NOMINAL);
    expect(a.hourlyVolume).toBe(12 * 60);
    expect(b.hourlyVolume).toBe(a.hourlyVolume);
    // 3 trades a minute: the archive's minutes (the level times a log-normal factor of mean e^0.18) average 3 trades.
    expect((a.hourlyVolume / 60 / a.avgTradeNative) * Math.exp(0.18)).toBeCloseTo(3);
  });

  it("levels a sparse pool on its typical trading minute times the share of minutes it trades in", () => {
    const sparse = Array.from({ length: 20 }, (_, i) => (i % 4 === 0 ? (i === 8 ? 900 : 8) : 0));
    const flow = flowOf([sparse]);
    flow.trades[0] = 25;
    const level = archiveLevel(flow, 0, NOMINAL);
    expect(level.hourlyVolume).toBeCloseTo(8 * 0.25 * 60);
  });

  it("keeps the nominal level without a sealed flow, a long enough warm-up or enough trades", () => {
    const steady = Array.from({ length: 20 }, () => 10);
    const unsealed = flowOf([steady]);
    unsealed.sealed = false;
    expect(archiveLevel(unsealed, 0, NOMINAL)).toEqual(NOMINAL);
    expect(archiveLevel(flowOf([steady.slice(0, MIN_OBSERVED_MINUTES - 1)]), 0, NOMINAL)).toEqual(NOMINAL);
    const thin = flowOf([steady]);
    thin.trades[0] = 5;
    expect(archiveLevel(thin, 0, NOMINAL)).toEqual(NOMINAL);
    expect(archiveLevel(undefined, 0, NOMINAL)).toEqual(NOMINAL);
  });

  it("seals every token's flow with the warm-up's length", () => {
    const flow = newWarmFlow(2, 30);
    // biome-ignore lint/suspicious/noExplicitAny: only the archive's flow matters here
    sealWarmFlows([{ archive: { flow } } as any, {} as any], 30);
    expect(flow).toMatchObject({ sealed: true, minutes: 30 });
  });

  it("is a level within the observed minutes' range, with a positive trade size", () => {
    fc.assert(
      fc.property(
        fc.array(fc.float({ min: 0, max: 1e6, noNaN: true }), { minLength: MIN_OBSERVED_MINUTES, maxLength: 120 }),
        (minutes) => {
          const flow = flowOf([minutes]);
          flow.trades[0] = Math.max(flow.trades[0] as number, 25);
          const level = archiveLevel(flow, 0, NOMINAL);
          if (level === NOMINAL) return;
          const perMinute = level.hourlyVolume / 60;
          expect(perMinute).toBeGreaterThanOrEqual(0);
          expect(perMinute).toBeLessThanOrEqual(Math.max(...minutes));
          if (perMinute > 0) expect(level.avgTradeNative).toBeGreaterThan(0);
        },
      ),
    );
  });
});
