import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ARCHIVE_VOLUME_MEAN } from "./history";
import type { WarmFlow } from "./types";
import { archiveLevels, MIN_OBSERVED_MINUTES, median, newWarmFlow, sealWarmFlows } from "./warm-flow";

// The archive's level from the warm-up's live flow: a steady pool's median minute, a sparse pool's typical trading
// minute scaled by how often it trades, the pools together on the token's typical minute, and the nominal level
// wherever the flow says too little.

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

const perMinute = (l: { hourlyVolume: number }) => l.hourlyVolume / 60;

describe("archiveLevels", () => {
  it("levels a steadily traded pool on its median minute, unmoved by one outsized minute", () => {
    const steady = Array.from({ length: 20 }, (_, i) => 10 + (i % 5));
    const spiked = [...steady];
    spiked[7] = 5_000;
    const [a] = archiveLevels(flowOf([steady]), [NOMINAL]);
    const [b] = archiveLevels(flowOf([spiked]), [NOMINAL]);
    expect(a?.hourlyVolume).toBe(12 * 60);
    expect(b?.hourlyVolume).toBe(a?.hourlyVolume);
    // 3 trades a minute: the archive's minutes (the level times factors of mean ARCHIVE_VOLUME_MEAN) average 3 trades.
    expect((perMinute(a as typeof NOMINAL) / (a as typeof NOMINAL).avgTradeNative) * ARCHIVE_VOLUME_MEAN).toBeCloseTo(
      3,
    );
  });

  it("levels a sparse pool on its typical trading minute times the share of minutes it trades in", () => {
    const sparse = Array.from({ length: 20 }, (_, i) => (i % 4 === 0 ? (i === 8 ? 900 : 8) : 0));
    const flow = flowOf([sparse]);
    flow.trades[0] = 25;
    const [level] = archiveLevels(flow, [NOMINAL]);
    expect(level?.hourlyVolume).toBeCloseTo(8 * 0.25 * 60);
  });

  it("levels pools together on the token's typical minute, each in proportion to its own", () => {
    // Two pools whose busy minutes alternate: each pool's median minute is 10, the token's is 110 (not 20).
    const a = Array.from({ length: 20 }, (_, i) => (i % 2 ? 100 : 10));
    const b = Array.from({ length: 20 }, (_, i) => (i % 2 ? 10 : 100));
    const levels = archiveLevels(flowOf([a, b.map((v) => v / 2)]), [NOMINAL, NOMINAL]);
    const [la, lb] = levels.map((l) => perMinute(l));
    expect((la as number) + (lb as number)).toBeCloseTo(median(a.map((v, i) => v + (b[i] as number) / 2)));
    expect((la as number) / (lb as number)).toBeCloseTo(median(a) / median(b.map((v) => v / 2)));
  });

  it("keeps the nominal level without a sealed flow, a long enough warm-up or enough trades", () => {
    const steady = Array.from({ length: 20 }, () => 10);
    const unsealed = flowOf([steady]);
    unsealed.sealed = false;
    expect(archiveLevels(unsealed, [NOMINAL])).toEqual([NOMINAL]);
    expect(archiveLevels(flowOf([steady.slice(0, MIN_OBSERVED_MINUTES - 1)]), [NOMINAL])).toEqual([NOMINAL]);
    const thin = flowOf([steady, steady]);
    thin.trades[1] = 5;
    const [levelled, nominal] = archiveLevels(thin, [NOMINAL, NOMINAL]);
    expect(nominal).toEqual(NOMINAL);
    // The pool levelled alone is the token's level on the flow it knows.
    expect(perMinute(levelled as typeof NOMINAL)).toBe(10);
    expect(archiveLevels(undefined, [NOMINAL])).toEqual([NOMINAL]);
  });

  it("seals every token's flow with the warm-up's length", () => {
    const flow = newWarmFlow(2, 30);
    // biome-ignore lint/suspicious/noExplicitAny: only the archive's flow matters here
    sealWarmFlows([{ archive: { flow } } as any, {} as any], 30);
    expect(flow).toMatchObject({ sealed: true, minutes: 30 });
  });

  it("sums to a level within the token's observed minutes' range, with positive trade sizes", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: MIN_OBSERVED_MINUTES, max: 120 }).chain((n) =>
          fc.array(fc.array(fc.float({ min: 0, max: 1e6, noNaN: true }), { minLength: n, maxLength: n }), {
            minLength: 1,
            maxLength: 4,
          }),
        ),
        (pools) => {
          const flow = flowOf(pools);
          flow.trades = flow.trades.map((t) => Math.max(t, 25));
          const levels = archiveLevels(
            flow,
            pools.map(() => NOMINAL),
          );
          const total = pools[0]?.map((_, m) => pools.reduce((a, p) => a + (p[m] as number), 0)) ?? [];
          const sum = levels.reduce((a, l) => a + perMinute(l), 0);
          expect(sum).toBeGreaterThanOrEqual(0);
          expect(sum).toBeLessThanOrEqual(Math.max(...total) * (1 + 1e-9));
          for (const l of levels) if (perMinute(l) > 0) expect(l.avgTradeNative).toBeGreaterThan(0);
        },
      ),
    );
  });
});
