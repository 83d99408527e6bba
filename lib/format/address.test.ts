import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shortAddress as apiShort } from "../api/address";
import { formatUnits, formatUnitsCompact, MAX_UNITS_DIGITS, shortAddress } from "./address";
import { FormatError } from "./errors";

describe("shortAddress", () => {
  it("is lib/api's", () => {
    expect(shortAddress).toBe(apiShort);
    expect(shortAddress("0x1234567890abcdef1234567890abcdef12345678")).toBe("0x1234…5678");
  });
});

describe("formatUnits", () => {
  it.each([
    ["1500000000000000000", 18, "1.5"],
    ["1", 18, "0.000000000000000001"],
    ["0", 18, "0"],
    ["123", 0, "123"],
    ["-1500000", 6, "-1.5"],
    ["000123", 2, "1.23"],
    [
      "115792089237316195423570985008687907853269984665640564039457584007913129639935",
      18,
      "115792089237316195423570985008687907853269984665640564039457.584007913129639935",
    ],
  ])("%s / 10^%s → %s", (raw, d, out) => expect(formatUnits(raw, d)).toBe(out));

  it("accepts bigint and rounds on request", () => {
    expect(formatUnits(1500000000000000000n, 18)).toBe("1.5");
    expect(formatUnits("1999", 3, { maxDecimals: 2 })).toBe("2");
    expect(formatUnits("1994", 3, { maxDecimals: 2 })).toBe("1.99");
    expect(formatUnits("-1995", 3, { maxDecimals: 2 })).toBe("-2");
    expect(formatUnits("-4", 3, { maxDecimals: 2 })).toBe("0");
  });

  it("refuses bad input with a code", () => {
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof FormatError ? e.code : "other";
      }
      return "none";
    };
    expect(code(() => formatUnits("1.5", 18))).toBe("invalid_amount");
    expect(code(() => formatUnits("0x10", 18))).toBe("invalid_amount");
    expect(code(() => formatUnits("", 18))).toBe("invalid_amount");
    expect(code(() => formatUnits(12 as unknown as string, 18))).toBe("invalid_amount");
    expect(code(() => formatUnits("1", -1))).toBe("invalid_decimals");
    expect(code(() => formatUnits("1", 1.5))).toBe("invalid_decimals");
    expect(code(() => formatUnits("1".repeat(MAX_UNITS_DIGITS + 5), 18))).toBe("amount_too_long");
  });

  it("is exact: integer and fraction reassemble the raw amount (property)", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 60n), max: 10n ** 60n }), fc.integer({ min: 0, max: 40 }), (v, d) => {
        const s = formatUnits(v, d);
        const [int, frac = ""] = s.replace("-", "").split(".");
        const back = BigInt(int) * 10n ** BigInt(d) + (frac ? BigInt(frac.padEnd(d, "0")) : 0n);
        expect(s.startsWith("-") ? -back : back).toBe(v);
        expect(frac.endsWith("0")).toBe(false);
      }),
    );
  });

  it("compact display", () => {
    expect(formatUnitsCompact("1500000000000000000", 18, "ETH")).toBe("1.5 ETH");
    expect(formatUnitsCompact("2500000000000", 9, "SOL")).toBe("2.5K SOL");
    expect(formatUnitsCompact("nope", 9, "SOL")).toBe("—");
  });
});
