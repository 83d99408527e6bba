import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { percentile, percentileOfSorted } from "./percentile";

describe("percentile", () => {
  it("is the nearest rank: p50 of 1..10 is 6, p99 is 10, p0 is 1; nothing gives NaN", () => {
    const xs = [10, 3, 7, 1, 9, 2, 8, 4, 6, 5];
    expect([percentile(xs, 0), percentile(xs, 50), percentile(xs, 99)]).toEqual([1, 6, 10]);
    expect(percentile([], 50)).toBeNaN();
    expect(xs[0]).toBe(10); // the caller's array is not sorted in place
  });

  it("is one of the samples, with at least p % of them at or below it, and grows with p", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ noNaN: true, min: -1e6, max: 1e6 }), { minLength: 1, maxLength: 200 }),
        fc.integer({ min: 0, max: 100 }),
        (xs, p) => {
          const v = percentile(xs, p);
          expect(xs).toContain(v);
          expect(xs.filter((x) => x <= v).length).toBeGreaterThanOrEqual(
            Math.min(xs.length, Math.ceil((p / 100) * xs.length)),
          );
          expect(percentile(xs, Math.min(100, p + 1))).toBeGreaterThanOrEqual(v);
          // The same value from a typed array's sort, up to the sign of a zero: it puts -0 before 0, where sorting by
          // difference keeps them in the order given (toBe tells -0 from 0, so both are compared with 0 added).
          expect(percentileOfSorted(Float64Array.from(xs).sort(), p) + 0).toBe(v + 0);
        },
      ),
    );
  });
});
