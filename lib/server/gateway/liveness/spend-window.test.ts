import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SpendPace, SpendWindow } from "./spend-window";

describe("SpendWindow", () => {
  it("sums what was spent over the last window only", () => {
    const w = new SpendWindow(60_000);
    w.add(0, 5);
    w.add(30_500, 3);
    expect(w.sum(59_999)).toBe(8);
    expect(w.sum(60_000)).toBe(3);
    expect(w.sum(91_000)).toBe(0);
  });
});

describe("SpendPace", () => {
  it("lets a few seconds' worth through at once, then paces at the minute's limit spread evenly", () => {
    const p = new SpendPace(5_000, 5);
    // 600 a minute: 50 at once, then 10 a second.
    expect(p.available(0, 600)).toBe(50);
    p.take(0, 50, 600);
    expect(p.available(0, 600)).toBe(0);
    expect(p.msUntil(0, 5, 600)).toBe(500);
    expect(p.available(1_000, 600)).toBeCloseTo(10);
    // It never holds more than the burst, however long it rests.
    expect(p.available(3_600_000, 600)).toBe(50);
  });

  it("goes below zero when a poll costs more than its usual price, and later ones wait for it", () => {
    const p = new SpendPace(5_000, 5);
    p.take(0, 50, 600);
    p.take(0, 20, 600);
    expect(p.available(0, 600)).toBe(-20);
    expect(p.msUntil(0, 1, 600)).toBe(2_100);
    // A poll answered from the cache gives its usual price back, up to a full bucket.
    p.take(0, -100, 600);
    expect(p.available(0, 600)).toBe(50);
  });

  it("lets a poll through under a tiny limit (the burst is at least one poll's cost), and never holds back without a limit", () => {
    const p = new SpendPace(5_000, 5);
    expect(p.available(0, 6)).toBe(5);
    const q = new SpendPace(5_000, 5);
    q.take(0, 1_000_000, Number.POSITIVE_INFINITY);
    expect(q.available(0, Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
    expect(q.msUntil(0, 5, Number.POSITIVE_INFINITY)).toBe(0);
  });

  it("never lets a spender who takes only what is available spend more than the burst plus the limit's rate over any span", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 6, max: 20_000 }),
        fc.array(fc.record({ gap: fc.integer({ min: 0, max: 3_000 }), cost: fc.constantFrom(1, 5) }), { minLength: 1, maxLength: 300 }),
        (perMinute, steps) => {
          const p = new SpendPace(5_000, 5);
          const spent: { at: number; cost: number }[] = [];
          let now = 0;
          for (const s of steps) {
            now += s.gap;
            if (p.available(now, perMinute) >= s.cost) {
              p.take(now, s.cost, perMinute);
              spent.push({ at: now, cost: s.cost });
            }
          }
          const cap = p.capacity(perMinute);
          for (let i = 0; i < spent.length; i++) {
            let sum = 0;
            for (let j = i; j < spent.length; j++) {
              sum += (spent[j] as { cost: number }).cost;
              const span = (spent[j] as { at: number }).at - (spent[i] as { at: number }).at;
              expect(sum).toBeLessThanOrEqual(cap + (span * perMinute) / 60_000 + 1e-6);
            }
          }
        },
      ),
    );
  });

  it("has the credits ready once the wait it names has passed", () => {
    fc.assert(
      fc.property(fc.integer({ min: 6, max: 20_000 }), fc.integer({ min: 0, max: 500 }), fc.constantFrom(1, 5), (perMinute, debt, cost) => {
        const p = new SpendPace(5_000, 5);
        p.take(0, p.capacity(perMinute) + debt, perMinute);
        const wait = p.msUntil(0, cost, perMinute);
        expect(p.available(wait, perMinute)).toBeGreaterThanOrEqual(cost - 1e-9);
      }),
    );
  });
});
