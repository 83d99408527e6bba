import { describe, expect, it } from "vitest";
import {
  dateTimeFormat,
  fractionFormat,
  INTL_CACHE_MAX,
  intlCacheSizes,
  MAX_FRACTION_DIGITS,
  numberFormat,
} from "./intl";

describe("Intl cache", () => {
  it("reuses one formatter per options", () => {
    expect(numberFormat({ maximumFractionDigits: 3 })).toBe(numberFormat({ maximumFractionDigits: 3 }));
  });
  it("fraction formatters are shared, clamped and bounded", () => {
    expect(fractionFormat(2, 2)).toBe(fractionFormat(2, 2));
    expect(fractionFormat(-5, 99)).toBe(fractionFormat(0, MAX_FRACTION_DIGITS));
    expect(fractionFormat(3, 1).format(1.23456)).toBe("1.235"); // max never below min
    for (let a = -3; a < 30; a++) for (let b = -3; b < 30; b++) fractionFormat(a, b);
    expect(intlCacheSizes().fraction).toBeLessThanOrEqual(((MAX_FRACTION_DIGITS + 1) * (MAX_FRACTION_DIGITS + 2)) / 2);
  });
  it("stays within its cap", () => {
    for (let i = 0; i < INTL_CACHE_MAX * 2; i++)
      numberFormat({ maximumFractionDigits: i % 21, minimumIntegerDigits: 1 + (i % 7) });
    const zones = Intl.supportedValuesOf("timeZone").slice(0, INTL_CACHE_MAX * 2);
    for (const timeZone of zones) dateTimeFormat({ timeZone });
    expect(intlCacheSizes().number).toBeLessThanOrEqual(INTL_CACHE_MAX);
    expect(intlCacheSizes().date).toBe(INTL_CACHE_MAX);
  });
});
