import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bucketStart } from "./candle-buckets";
import { INTERVAL_SECONDS, OHLCV_INTERVALS } from "./schemas";

describe("bucketStart", () => {
  it("starts weeks on Monday and months on the 1st (UTC)", () => {
    const wed = Date.UTC(2026, 10, 18, 13, 5) / 1000; // Wednesday 18 Nov 2026
    expect(new Date(bucketStart("1w", wed) * 1000).toISOString()).toBe("2026-11-16T00:00:00.000Z");
    expect(new Date(bucketStart("1M", wed) * 1000).toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(bucketStart("5m", 1_000_123)).toBe(999_900);
  });

  it("puts every second inside its bucket, and buckets are idempotent", () => {
    fc.assert(
      fc.property(fc.constantFrom(...OHLCV_INTERVALS), fc.integer({ min: 0, max: 4_000_000_000 }), (i, sec) => {
        const b = bucketStart(i, sec);
        expect(b).toBeLessThanOrEqual(sec);
        expect(bucketStart(i, b)).toBe(b);
        if (i !== "1M") expect(sec - b).toBeLessThan(INTERVAL_SECONDS[i]);
        else expect(sec - b).toBeLessThan(31 * 86400);
      }),
    );
  });
});
