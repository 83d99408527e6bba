import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Histogram } from "./histogram";

describe("latency histogram", () => {
  it("reports percentiles within one bucket of the exact value", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 4_000, noNaN: true }), { minLength: 1, maxLength: 500 }),
        fc.integer({ min: 1, max: 100 }),
        (xs, p) => {
          const h = new Histogram();
          for (const x of xs) h.record(x);
          const sorted = [...xs].sort((a, b) => a - b);
          const exact = sorted[Math.max(0, Math.ceil((p / 100) * xs.length) - 1)] as number;
          const got = h.percentile(p);
          expect(got).toBeGreaterThanOrEqual(exact);
          expect(got - exact).toBeLessThanOrEqual(0.05 + 1e-9);
        },
      ),
    );
  });

  it("survives the round trip through its sparse form, and counts overflow", () => {
    const h = new Histogram();
    h.record(1);
    h.record(10_000);
    const back = Histogram.fromSparse(h.toSparse());
    expect(back.total).toBe(2);
    expect(back.percentile(100)).toBe(Number.POSITIVE_INFINITY);
    expect(back.percentile(50)).toBeCloseTo(1.05, 5);
  });
});
