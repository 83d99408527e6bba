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
});
