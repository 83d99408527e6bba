import { describe, expect, it } from "vitest";
import { dateTimeFormat, INTL_CACHE_MAX, intlCacheSizes, numberFormat } from "./intl";

describe("Intl cache", () => {
  it("reuses one formatter per options", () => {
    expect(numberFormat({ maximumFractionDigits: 3 })).toBe(numberFormat({ maximumFractionDigits: 3 }));
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
