import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  dateTimeFormat,
  formatFraction,
  fractionFormat,
  INTL_CACHE_MAX,
  intlCacheSizes,
  MAX_FRACTION_DIGITS,
} from "./intl";

describe("Intl cache", () => {
  it("reuses one formatter per options", () => {
    expect(dateTimeFormat({ timeZone: "UTC", hour: "2-digit" })).toBe(
      dateTimeFormat({ timeZone: "UTC", hour: "2-digit" }),
    );
  });
  it("fraction formatters are shared, clamped and bounded", () => {
    expect(fractionFormat(2, 2)).toBe(fractionFormat(2, 2));
    expect(fractionFormat(-5, 99)).toBe(fractionFormat(0, MAX_FRACTION_DIGITS));
    expect(fractionFormat(3, 1).format(1.23456)).toBe("1.235"); // max never below min
    for (let a = -3; a < 30; a++) for (let b = -3; b < 30; b++) fractionFormat(a, b);
    expect(intlCacheSizes().fraction).toBeLessThanOrEqual(((MAX_FRACTION_DIGITS + 1) * (MAX_FRACTION_DIGITS + 2)) / 2);
  });
  it("stays within its cap", () => {
    const zones = Intl.supportedValuesOf("timeZone").slice(0, INTL_CACHE_MAX * 2);
    for (const timeZone of zones) dateTimeFormat({ timeZone });
    expect(intlCacheSizes().date).toBe(INTL_CACHE_MAX);
  });
});

describe("formatFraction", () => {
  const intl = (lo: number, hi: number) =>
    new Intl.NumberFormat("en-US", { minimumFractionDigits: lo, maximumFractionDigits: hi });
  const digits = fc
    .tuple(fc.nat(MAX_FRACTION_DIGITS), fc.nat(MAX_FRACTION_DIGITS))
    .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const);

  it("prints what Intl.NumberFormat en-US prints, for any double and digits", () => {
    fc.assert(
      fc.property(fc.double(), digits, (n, [lo, hi]) => {
        expect(fractionFormat(lo, hi).format(n)).toBe(intl(lo, hi).format(n));
      }),
      { numRuns: 5_000 },
    );
  });

  it("agrees with Intl on ties, prices and magnitudes a page shows", () => {
    const values = fc.oneof(
      fc.integer({ min: -1e9, max: 1e9 }).map((i) => i / 1000 + 0.0005), // near half-way at 3 digits
      fc.integer({ min: 0, max: 1e7 }).map((i) => i / 100), // cents
      fc.double({ min: 1e-12, max: 1e-3, noNaN: true }), // sub-cent token prices
      fc.double({ min: 1e15, max: 1e22, noNaN: true }), // supplies, and past toFixed's range
      fc.constantFrom(0, -0, 0.5, 1.5, 2.5, -0.5, -0.004, 999.995, 9.995, 1e21, -1e21, Number.NaN, Infinity, -Infinity),
    );
    fc.assert(
      fc.property(values, digits, (n, [lo, hi]) => {
        expect(fractionFormat(lo, hi).format(n)).toBe(intl(lo, hi).format(n));
      }),
      { numRuns: 5_000 },
    );
  });

  it("builds no Intl formatter for a finite number in toFixed's range", () => {
    let built = 0;
    const f = formatFraction(1234567.891, 0, 2, () => {
      built++;
      return intl(0, 2);
    });
    expect(f).toBe("1,234,567.89");
    expect(formatFraction(-0, 0, 2, () => intl(0, 2))).toBe(intl(0, 2).format(-0));
    expect(built).toBe(0);
  });
});
