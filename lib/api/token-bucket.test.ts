import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createTokenBucket } from "./token-bucket";

describe("token bucket", () => {
  it("allows a burst, then refills at the rate", () => {
    let now = 0;
    const b = createTokenBucket({ ratePerSec: 2, burst: 3, now: () => now });
    expect([b.take(), b.take(), b.take(), b.take()]).toEqual([true, true, true, false]);
    now += 499;
    expect(b.take()).toBe(false);
    now += 1;
    expect(b.take()).toBe(true);
    now += 60_000;
    expect(b.available()).toBe(3);
  });

  it("says how long until tokens are back", () => {
    let now = 0;
    const b = createTokenBucket({ ratePerSec: 4, burst: 2, now: () => now });
    expect(b.waitMs()).toBe(0);
    b.take(2);
    expect(b.waitMs()).toBe(250);
    expect(b.waitMs(2)).toBe(500);
    now += 250;
    expect(b.waitMs()).toBe(0);
  });

  it("rejects nonsense settings", () => {
    expect(() => createTokenBucket({ ratePerSec: 0, burst: 1, now: () => 0 })).toThrow(RangeError);
  });

  it("never grants more than burst + rate × elapsed, whatever the call pattern", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.integer({ min: -50, max: 2_000 }), { maxLength: 200 }),
        (rate, burst, steps) => {
          let now = 0;
          let maxNow = 0;
          const b = createTokenBucket({ ratePerSec: rate, burst, now: () => now });
          let granted = 0;
          for (const s of steps) {
            now += s;
            maxNow = Math.max(maxNow, now);
            if (b.take()) granted++;
          }
          expect(granted).toBeLessThanOrEqual(burst + Math.floor((maxNow * rate) / 1000) + 1);
        },
      ),
    );
  });

  it("charges what a poll cost beyond what is there: the debt is waited out, and a charge given back refills up to the burst", () => {
    let now = 0;
    // 600 a minute: 50 at once, then 10 a second.
    const b = createTokenBucket({ ratePerSec: 10, burst: 50, now: () => now });
    b.charge(50);
    expect(b.available()).toBe(0);
    expect(b.waitMs(5)).toBe(500);
    b.charge(20);
    expect(b.available()).toBe(-20);
    expect(b.waitMs(1)).toBe(2_100);
    now += 1_000;
    expect(b.available()).toBeCloseTo(-10);
    // A call answered from a cache gives its usual price back, never past the burst.
    b.charge(-100);
    expect(b.available()).toBe(50);
    now += 3_600_000;
    expect(b.available()).toBe(50);
  });

  it("takes a new rate and burst from now on, keeping what is there within the new burst", () => {
    let now = 0;
    const b = createTokenBucket({ ratePerSec: 10, burst: 50, now: () => now });
    b.charge(50);
    now += 1_000; // 10 refilled at the old rate
    b.setRate(1, 5);
    expect(b.available()).toBe(5);
    b.charge(5);
    now += 1_000;
    expect(b.available()).toBeCloseTo(1);
    expect(() => b.setRate(0, 5)).toThrow(RangeError);
  });

  it("never lets a spender who charges only what is available spend more than the burst plus the rate over any span", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 6, max: 20_000 }),
        fc.array(fc.record({ gap: fc.integer({ min: 0, max: 3_000 }), cost: fc.constantFrom(1, 5) }), { minLength: 1, maxLength: 300 }),
        (perMinute, steps) => {
          const burst = Math.max(5, perMinute / 12);
          let now = 0;
          const b = createTokenBucket({ ratePerSec: perMinute / 60, burst, now: () => now });
          const spent: { at: number; cost: number }[] = [];
          for (const s of steps) {
            now += s.gap;
            if (b.available() >= s.cost) {
              b.charge(s.cost);
              spent.push({ at: now, cost: s.cost });
            }
          }
          for (let i = 0; i < spent.length; i++) {
            let sum = 0;
            for (let j = i; j < spent.length; j++) {
              sum += (spent[j] as { cost: number }).cost;
              const span = (spent[j] as { at: number }).at - (spent[i] as { at: number }).at;
              expect(sum).toBeLessThanOrEqual(burst + (span * perMinute) / 60_000 + 1e-6);
            }
          }
        },
      ),
    );
  });

  it("has the tokens once the wait it names has passed, debt included", () => {
    fc.assert(
      fc.property(fc.integer({ min: 6, max: 20_000 }), fc.integer({ min: 0, max: 500 }), fc.constantFrom(1, 5), (perMinute, debt, cost) => {
        let now = 0;
        const burst = Math.max(5, perMinute / 12);
        const b = createTokenBucket({ ratePerSec: perMinute / 60, burst, now: () => now });
        b.charge(burst + debt);
        now = b.waitMs(cost);
        expect(b.available()).toBeGreaterThanOrEqual(cost - 1e-9);
      }),
    );
  });
});
