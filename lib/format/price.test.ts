import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatNativePrice, formatPrice, formatUsdPrice, plainPrice, priceParts } from "./price";

const SUB = "₀₁₂₃₄₅₆₇₈₉";
const unsub = (s: string) => s.replace(/[₀-₉]+/g, (m) => `{${[...m].map((c) => SUB.indexOf(c)).join("")}}`);

describe("formatPrice", () => {
  it.each([
    [0.000005123, "0.0₅5123"],
    [0.00001234, "0.0₄1234"],
    [0.0001234, "0.0001234"],
    [0.001234, "0.001234"],
    [0.5, "0.50"],
    [0.123456, "0.1235"],
    [0.99996, "1.00"],
    [1, "1.00"],
    [1.2345, "1.235"],
    [12.345, "12.35"],
    [123.456, "123.46"],
    [97123.456, "97,123.46"],
    [1234567, "1.235M"],
    [0, "0"],
    [-0.000005123, "−0.0₅5123"],
    [1.2e-30, "0.0₂₉12"],
    ["0.000000000123", "0.0₉123"],
  ])("%s → %s", (v, out) => expect(formatPrice(v)).toBe(out));

  it("adds the quote", () => {
    expect(formatUsdPrice(0.000005123)).toBe("$0.0₅5123");
    expect(formatNativePrice(0.000005123, "SOL")).toBe("0.0₅5123 SOL");
    expect(formatUsdPrice(-2)).toBe("−$2.00");
  });

  it("never prints NaN, Infinity or a fake zero", () => {
    for (const g of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY, "x", "1e999"]) {
      expect(formatPrice(g)).toBe("—");
      expect(formatUsdPrice(g)).toBe("—");
      expect(priceParts(g)).toBeNull();
    }
  });

  it("keeps 4 significant digits of tiny prices (property)", () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-300, max: 0.9999, noNaN: true }), (n) => {
        const p = priceParts(n);
        if (!p) throw new Error("null parts");
        const decoded = p.zeros > 0 ? Number(`0.${"0".repeat(p.zeros)}${p.rest}`) : Number(p.lead);
        expect(Math.abs(decoded - n) / n).toBeLessThan(5e-4 + 1e-12);
        if (p.zeros > 0) expect(p.rest.length).toBeLessThanOrEqual(4);
      }),
    );
  });

  it("the subscript counts the zeros after the point", () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 40 }), fc.integer({ min: 1000, max: 9999 }), (zeros, digits) => {
        const n = Number(`0.${"0".repeat(zeros)}${digits}`);
        expect(unsub(formatPrice(n))).toBe(`0.0{${zeros}}${String(digits).replace(/0+$/, "")}`);
      }),
    );
  });
});

describe("plainPrice", () => {
  it("writes the digits out for titles and screen readers", () => {
    expect(plainPrice(0.000005123)).toBe("0.000005123");
    expect(plainPrice(97123.456)).toBe("97,123.456");
    expect(plainPrice(null)).toBe("—");
  });
});
