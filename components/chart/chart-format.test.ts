import { describe, expect, it } from "vitest";
import { axisFormatter, priceFormatFor } from "./chart-format";

describe("chart axis format", () => {
  it("writes tiny prices with subscript zeros and caps compact", () => {
    expect(axisFormatter("price")(0.000005123)).toBe("0.0₅5123");
    expect(axisFormatter("mcap")(1_234_000)).toBe("1.23M");
  });

  it("leaves the room under zero blank and float dust as 0", () => {
    const f = axisFormatter("price", 1e-10);
    expect(f(-1e-7)).toBe("");
    expect(f(2.6e-13)).toBe("0");
  });

  it("keeps the tick size exact for tiny prices", () => {
    const p = priceFormatFor("price", 0.00000002);
    expect(p.minMove).toBeLessThan(1e-11);
    expect(p.base * p.minMove).toBeCloseTo(1, 6);
  });
});
