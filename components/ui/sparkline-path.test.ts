import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SPARKLINE_MAX_POINTS, sparklineGeometry } from "./sparkline-path";

describe("sparklineGeometry", () => {
  it("nothing finite → null", () => {
    expect(sparklineGeometry([], 60, 20)).toBeNull();
    expect(sparklineGeometry([Number.NaN, null, "1", Number.POSITIVE_INFINITY], 60, 20)).toBeNull();
  });
  it("one value or a constant series is a flat middle line", () => {
    expect(sparklineGeometry([5], 60, 20, 0)).toEqual({ points: "0,10 60,10", direction: "flat", count: 2 });
    expect(sparklineGeometry([5, 5, 5], 60, 20, 0)?.points).toBe("0,10 30,10 60,10");
  });
  it("scales into the box, higher values higher up", () => {
    expect(sparklineGeometry([1, 3, 2], 100, 10, 0)).toEqual({ points: "0,10 50,0 100,5", direction: "up", count: 3 });
    expect(sparklineGeometry([3, 1], 100, 10, 0)?.direction).toBe("down");
  });
  it("never draws more than the cap, stays inside the box, keeps the last value (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e9, max: 1e9, noNaN: true }), { minLength: 1, maxLength: 3000 }),
        (values) => {
          const g = sparklineGeometry(values, 80, 24, 1);
          if (!g) throw new Error("null");
          expect(g.count).toBeLessThanOrEqual(SPARKLINE_MAX_POINTS);
          for (const p of g.points.split(" ")) {
            const [x, y] = p.split(",").map(Number);
            expect(x).toBeGreaterThanOrEqual(1);
            expect(x).toBeLessThanOrEqual(79);
            expect(y).toBeGreaterThanOrEqual(1);
            expect(y).toBeLessThanOrEqual(23);
          }
        },
      ),
      { numRuns: 200 },
    );
    const g = sparklineGeometry([...Array(10_000).fill(1), 2], 80, 24, 0);
    expect(g?.direction).toBe("up");
    expect(g?.count).toBeLessThanOrEqual(SPARKLINE_MAX_POINTS);
  });
});
