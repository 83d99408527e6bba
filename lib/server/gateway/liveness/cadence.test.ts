import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_LADDER_MS, planCadence, type PollDemand } from "./cadence";

const ladderMs = DEFAULT_LADDER_MS;

describe("poll cadence", () => {
  it("polls everything at the fastest rung when the budget allows", () => {
    const plan = planCadence([{ key: "a", score: 1, credits: 1 }, { key: "b", score: 9, credits: 5 }], { creditsPerMinute: 1_000, ladderMs });
    expect(plan.intervals).toEqual(new Map([["a", 1_000], ["b", 1_000]]));
    expect(plan.creditsPerMinute).toBe(360);
  });

  it("serves the hottest first when credits are short", () => {
    const items = Array.from({ length: 10 }, (_, i) => ({ key: `k${i}`, score: 10 - i, credits: 1 }));
    const plan = planCadence(items, { creditsPerMinute: 200, ladderMs });
    const iv = items.map((it) => plan.intervals.get(it.key) as number);
    for (let i = 1; i < iv.length; i++) expect(iv[i]).toBeGreaterThanOrEqual(iv[i - 1] as number);
    expect(iv[0]).toBeLessThan(iv[9] as number);
    expect(plan.creditsPerMinute).toBeLessThanOrEqual(200);
  });

  it("stretches every interval evenly when even the slowest rung is over budget", () => {
    const items = Array.from({ length: 100 }, (_, i) => ({ key: `k${i}`, score: 1, credits: 1 }));
    const plan = planCadence(items, { creditsPerMinute: 100, ladderMs });
    expect(new Set(plan.intervals.values())).toEqual(new Set([60_000]));
    expect(plan.creditsPerMinute).toBeCloseTo(100);
  });

  it("returns nothing for nothing", () => {
    expect(planCadence([], { creditsPerMinute: 10, ladderMs }).intervals.size).toBe(0);
  });
});

describe("poll cadence properties", () => {
  const arbItems = fc.uniqueArray(
    fc.record({ key: fc.string({ minLength: 1, maxLength: 6 }), score: fc.double({ min: 0, max: 100, noNaN: true }), credits: fc.constantFrom(1, 5) }),
    { selector: (r) => r.key, maxLength: 300 },
  );

  it("never plans more credits a minute than the budget, and plans every item", () => {
    fc.assert(
      fc.property(arbItems, fc.integer({ min: 1, max: 20_000 }), (items: PollDemand[], creditsPerMinute) => {
        const plan = planCadence(items, { creditsPerMinute, ladderMs });
        expect(plan.intervals.size).toBe(items.length);
        const spent = items.reduce((s, it) => s + (it.credits * 60_000) / (plan.intervals.get(it.key) as number), 0);
        expect(spent).toBeLessThanOrEqual(creditsPerMinute * (1 + 1e-9));
        for (const ms of plan.intervals.values()) expect(ms).toBeGreaterThanOrEqual(ladderMs[0]);
      }),
    );
  });

  it("never polls a colder item of the same cost faster than a hotter one", () => {
    fc.assert(
      fc.property(arbItems, fc.integer({ min: 1, max: 20_000 }), (items: PollDemand[], creditsPerMinute) => {
        const plan = planCadence(items, { creditsPerMinute, ladderMs });
        // Steps go by their gain, score × ms saved ÷ extra credits in floats: scores a few ulps apart can round to
        // the same gain, and that tie goes by key (a run failed on 99.99999999999993 against 99.99999999999991, one
        // ulp apart). So only scores apart by more than rounding are ordered.
        for (const a of items)
          for (const b of items)
            if (a.credits === b.credits && a.score > b.score * (1 + 1e-12)) expect(plan.intervals.get(a.key) as number).toBeLessThanOrEqual(plan.intervals.get(b.key) as number);
      }),
      { numRuns: 50 },
    );
  });
});
